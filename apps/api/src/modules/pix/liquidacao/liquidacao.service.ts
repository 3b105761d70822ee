import { formatarReais, hojeNoFuso, type PercentuaisEncargos } from '@cobranca/dominio';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { type PixRecebidoOrigem, pixRecebidos } from '../../../db/schema/index.ts';
import { registrarAuditoria } from '../../auditoria/auditoria.repository.ts';
import { canaisAtivos } from '../../canais/canais-ativos.ts';
import type { Canais } from '../../canais/canal.ts';
import { type ClienteRow, ClientesDoOperador } from '../../clientes/clientes-operador.repository.ts';
import { ESCOPO_SISTEMA } from '../../clientes/escopo-operador.ts';
import { percentuaisDe } from '../../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../../configuracoes/configuracoes.repository.ts';
import { type ContaRow, NegociacoesRepository } from '../../negociacoes/negociacoes.repository.ts';
import { buscarCobranca, type CobrancaRow, contasDaCobranca } from '../cobrancas/cobrancas.repository.ts';
import type { PixConfirmado } from '../psp/provedor-pix.ts';
import { acordoQueSubstituiu } from './divida-renegociada.ts';
import {
  type EfeitosNoCliente,
  efeitosDasLiquidacoes,
  gravarPagamentos,
  type Liquidacao,
  maisAntigasPrimeiro,
  type OrigemDoPagamento,
  type PagamentoPix,
  planejarPagamentos,
} from './liquidacao-em-lote.ts';

// Recording a PIX the provider confirmed (docs/produto.md §21): idempotent by endToEndId; it settles
// what its charge covers, oldest first, principal and encargos apart, then does what a manual payment
// does (agreement and promises fulfilled, customer concluded, the receipt message), by the system. A PIX
// for a debt an agreement replaced while it was on its way pays that agreement's instalments, earliest
// first (divida-renegociada.ts). What finds no open debt (a txid we do not know, a debt settled by
// hand) stays as an unmatched credit: never a negative balance. An admin assigns such a credit later
// (creditos-pix.service.ts) through the same settlement, `liquidarPixEmContas`, a batch of one
// (liquidacao-em-lote.ts).

export type ResultadoPix = {
  situacao: 'conciliado' | 'sem_correspondencia' | 'repetido';
  clienteId: number | null;
  pagoCentavos: number;
  creditoCentavos: number;
};

/** What settling part of a PIX did: the payments, then what they settled besides the receivables. */
export type LiquidacaoPix = EfeitosNoCliente & { pagoCentavos: number; pagamentos: PagamentoPix[] };

export type LiquidarPixInput = {
  cliente: ClienteRow;
  /** The customer's open receivables, locked (the customer first), oldest first. */
  contas: ContaRow[];
  origem: OrigemDoPagamento;
  /** What to apply now: the whole PIX or bank credit, or what is left of it. */
  valorCentavos: number;
  /** The day the receivables are updated to and the payments dated. */
  data: string;
  percentuais: PercentuaisEncargos;
  canais: Canais;
  /** The charge the PIX paid: marked paid, and the others over its receivables removed. */
  cobrancaPaga?: { id: number; contasIds: number[]; pagaEm: Date };
};

const REPETIDO: ResultadoPix = { situacao: 'repetido', clienteId: null, pagoCentavos: 0, creditoCentavos: 0 };

/** The row first: of two deliveries of the same PIX, the second inserts nothing and stops here. */
const reservar = async (
  tx: DbOrTx,
  pix: PixConfirmado,
  origem: PixRecebidoOrigem,
): Promise<number | null> => {
  const [row] = await tx
    .insert(pixRecebidos)
    .values({
      endToEndId: pix.endToEndId,
      txid: pix.txid,
      valorCentavos: pix.valorCentavos,
      creditoCentavos: pix.valorCentavos,
      horario: pix.horario,
      pagadorNome: pix.pagador?.nome ?? null,
      pagadorDocumento: pix.pagador?.documento ?? null,
      situacao: 'sem_correspondencia',
      origem,
    })
    .onConflictDoNothing()
    .returning({ id: pixRecebidos.id });
  return row?.id ?? null;
};

/**
 * Settles `valorCentavos` of a confirmed PIX over the customer's receivables (oldest first, principal
 * and encargos apart, payments of `forma` `pix` by the system), then does what a payment does besides:
 * the charges over what it paid stop (or the charge it paid is marked paid and the others over its
 * receivables stop), agreements and promises are fulfilled, the customer is concluded when nothing is
 * open, and the customer's receipt stored (the thank-you when nothing is left). Nothing paid, nothing
 * else done. Used by the PSP's confirmation and by an admin assigning an unmatched credit
 * (docs/produto.md §21).
 */
export const liquidarPixEmContas = async (tx: DbOrTx, input: LiquidarPixInput): Promise<LiquidacaoPix> => {
  const pagamentos = planejarPagamentos(input.contas, {
    valorCentavos: input.valorCentavos,
    data: input.data,
    percentuais: input.percentuais,
    excedenteComoJuros: input.origem.excedenteComoJuros,
  });
  const pagoCentavos = pagamentos.reduce((soma, p) => soma + p.valorCentavos, 0);
  const liquidacao: Liquidacao = {
    cliente: input.cliente,
    origem: input.origem,
    data: input.data,
    pagamentos,
    ...(input.cobrancaPaga && { cobrancaPaga: input.cobrancaPaga }),
  };
  await gravarPagamentos(tx, [liquidacao]);
  const efeitos = (
    await efeitosDasLiquidacoes(tx, [liquidacao], { percentuais: input.percentuais, canais: input.canais })
  ).get(input.cliente.id) ?? {
    quitadas: [],
    negociacoesCumpridas: [],
    promessasCumpridas: [],
    clienteConcluido: false,
  };
  return { pagoCentavos, pagamentos, ...efeitos };
};

const semCorrespondencia = async (
  tx: DbOrTx,
  pixId: number,
  pix: PixConfirmado,
  cobranca: CobrancaRow | undefined,
): Promise<ResultadoPix> => {
  const clienteId = cobranca?.clienteId ?? null;
  await tx
    .update(pixRecebidos)
    .set({ clienteId, cobrancaId: cobranca?.id ?? null })
    .where(eq(pixRecebidos.id, pixId));
  await registrarAuditoria(tx, {
    usuarioId: null,
    acao: 'pix.sem_correspondencia',
    descricao: `PIX de ${formatarReais(pix.valorCentavos)} sem dívida em aberto correspondente: crédito a atribuir`,
    entidade: 'pix_recebido',
    entidadeId: pixId,
    detalhes: { end_to_end_id: pix.endToEndId, txid: pix.txid, cobranca_status: cobranca?.status ?? null },
  });
  return { situacao: 'sem_correspondencia', clienteId, pagoCentavos: 0, creditoCentavos: pix.valorCentavos };
};

// An active charge, or one removed because an agreement replaced its debt while the PIX was on its way.
const PAGAVEIS: ReadonlySet<CobrancaRow['status']> = new Set(['ativa', 'removida']);

export const registrarPixConfirmado = async (
  db: Db,
  appKey: Buffer,
  pix: PixConfirmado,
  origem: PixRecebidoOrigem,
): Promise<ResultadoPix> => {
  const settings = await buscarSistemaSettings(db);
  const canais = await canaisAtivos(db, appKey);
  return db.transaction(async (tx) => {
    const pixId = await reservar(tx, pix, origem);
    if (pixId === null) return REPETIDO;
    const vista = pix.txid ? await buscarCobranca(tx, pix.txid) : undefined;
    if (!vista || !PAGAVEIS.has(vista.status)) return semCorrespondencia(tx, pixId, pix, vista);
    const clientes = new ClientesDoOperador(tx, ESCOPO_SISTEMA);
    const repositorio = new NegociacoesRepository(tx, ESCOPO_SISTEMA);
    // Same lock order as a manual payment, which removes charges after locking the customer and its
    // receivables: the customer first, then the charge (looked at again, it may have changed), then the
    // receivables. The charge first would deadlock with such a payment.
    const cliente = await clientes.buscarVisivelOrThrow(vista.clienteId, { forUpdate: true });
    const cobranca = await buscarCobranca(tx, vista.txid, { forUpdate: true });
    if (!cobranca || !PAGAVEIS.has(cobranca.status)) return semCorrespondencia(tx, pixId, pix, cobranca);
    const contasIds = await contasDaCobranca(tx, cobranca.id);
    // A removed charge's money pays what is still open of its debt, then the agreement that replaced it.
    const acordo =
      cobranca.status === 'removida' ? await acordoQueSubstituiu(tx, cliente.id, contasIds) : null;
    if (cobranca.status === 'removida' && !acordo) return semCorrespondencia(tx, pixId, pix, cobranca);
    const travadas = await repositorio.travarContas(cliente.id, [
      ...contasIds,
      ...(acordo?.parcelasIds ?? []),
    ]);
    const abertas = travadas.filter((c) => c.status === 'aberta');
    const daCobranca = new Set(contasIds);
    const liquidacao = await liquidarPixEmContas(tx, {
      cliente,
      contas: [
        ...maisAntigasPrimeiro(abertas.filter((c) => daCobranca.has(c.id))),
        ...maisAntigasPrimeiro(abertas.filter((c) => !daCobranca.has(c.id))),
      ],
      origem: { forma: 'pix', observacao: `PIX ${pix.endToEndId}`, pixRecebidoId: pixId },
      valorCentavos: pix.valorCentavos,
      data: hojeNoFuso(pix.horario, settings.fuso_horario),
      percentuais: percentuaisDe(settings),
      canais,
      cobrancaPaga: { id: cobranca.id, contasIds, pagaEm: pix.horario },
    });
    const { pagoCentavos } = liquidacao;
    if (pagoCentavos === 0) return semCorrespondencia(tx, pixId, pix, cobranca);
    const creditoCentavos = pix.valorCentavos - pagoCentavos;
    await tx
      .update(pixRecebidos)
      .set({ situacao: 'conciliado', clienteId: cliente.id, cobrancaId: cobranca.id, creditoCentavos })
      .where(eq(pixRecebidos.id, pixId));
    await registrarAuditoria(tx, {
      usuarioId: null,
      acao: 'pix.recebido',
      descricao: `Pagamento PIX de ${formatarReais(pagoCentavos)} recebido de ${cliente.nome}${acordo ? ', aplicado às parcelas do acordo que substituiu a dívida' : ''}`,
      entidade: 'pix_recebido',
      entidadeId: pixId,
      detalhes: {
        cliente_id: cliente.id,
        end_to_end_id: pix.endToEndId,
        txid: pix.txid,
        origem,
        valor_centavos: pix.valorCentavos,
        credito_centavos: creditoCentavos,
        contas_quitadas: liquidacao.quitadas.map((c) => c.id),
        negociacoes_cumpridas: liquidacao.negociacoesCumpridas,
        promessas_cumpridas: liquidacao.promessasCumpridas,
        cliente_concluido: liquidacao.clienteConcluido,
        ...(acordo && { aplicado_ao_acordo: acordo.negociacaoId }),
      },
    });
    return { situacao: 'conciliado' as const, clienteId: cliente.id, pagoCentavos, creditoCentavos };
  });
};
