import {
  aplicarPagamentoComEncargos,
  formatarReais,
  hojeNoFuso,
  type PercentuaisEncargos,
} from '@cobranca/dominio';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type PixRecebidoOrigem, pixRecebidos } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import type { EnvioCanal } from '../canais/canal.ts';
import { canalAtivo } from '../canais/canal-ativo.ts';
import { type ClienteRow, ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import { ESCOPO_SISTEMA } from '../clientes/escopo-operador.ts';
import { contaParaEncargos, encargosDaConta, percentuaisDe } from '../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { despacharMensagem } from '../mensagens/mensagens.service.ts';
import { type ContaRow, NegociacoesRepository } from '../negociacoes/negociacoes.repository.ts';
import { concluirSeQuitado, prepararAgradecimento } from '../negociacoes/pagamentos.service.ts';
import {
  buscarCobranca,
  type CobrancaRow,
  contasDaCobranca,
  marcarCobrancaPaga,
  removerCobrancasDasContas,
} from '../pix/cobrancas.repository.ts';
import type { PixConfirmado } from '../pix/provedor-pix.ts';

// Recording a PIX the provider confirmed (docs/produto.md §21): idempotent by endToEndId; it settles
// what its charge covers, oldest first, principal and encargos apart, then does what a manual payment
// does (agreement and promises fulfilled, customer concluded, thank-you message), by the system. What
// finds no open debt (a txid we do not know, a debt settled by hand) stays as an unmatched credit:
// never a negative balance.

export type ResultadoPix = {
  situacao: 'conciliado' | 'sem_correspondencia' | 'repetido';
  clienteId: number | null;
  pagoCentavos: number;
  creditoCentavos: number;
};

type Liquidacao = { pagoCentavos: number; quitadas: ContaRow[] };

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

/** Pays the charge's open receivables, oldest first, each up to its updated amount on the PIX's date. */
const liquidarContas = async (
  repositorio: NegociacoesRepository,
  cliente: ClienteRow,
  contas: ContaRow[],
  pix: { id: number; endToEndId: string; valorCentavos: number; data: string },
  percentuais: PercentuaisEncargos,
): Promise<Liquidacao> => {
  const quitadas: ContaRow[] = [];
  let resto = pix.valorCentavos;
  for (const conta of contas) {
    if (resto === 0) break;
    const devido = encargosDaConta(conta, { hoje: pix.data, percentuais }).totalCentavos;
    const valor = Math.min(resto, devido);
    const aplicado = aplicarPagamentoComEncargos(contaParaEncargos(conta), valor, pix.data, percentuais);
    await repositorio.aplicarPagamento(conta, aplicado, pix.data);
    await repositorio.inserirPagamento({
      clienteId: cliente.id,
      contaId: conta.id,
      valorCentavos: valor,
      partes: aplicado.partes,
      data: pix.data,
      forma: 'pix',
      observacao: `PIX ${pix.endToEndId}`,
      pixRecebidoId: pix.id,
    });
    if (aplicado.quitou) quitadas.push(conta);
    resto -= valor;
  }
  return { pagoCentavos: pix.valorCentavos - resto, quitadas };
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

export const registrarPixConfirmado = async (
  db: Db,
  appKey: Buffer,
  pix: PixConfirmado,
  origem: PixRecebidoOrigem,
): Promise<ResultadoPix> => {
  const settings = await buscarSistemaSettings(db);
  const canal = await canalAtivo(db, appKey);
  const { resultado, envio } = await db.transaction(async (tx) => {
    const nada = { resultado: REPETIDO, envio: null as EnvioCanal | null };
    const pixId = await reservar(tx, pix, origem);
    if (pixId === null) return nada;
    const cobranca = pix.txid ? await buscarCobranca(tx, pix.txid, { forUpdate: true }) : undefined;
    if (cobranca?.status !== 'ativa')
      return { resultado: await semCorrespondencia(tx, pixId, pix, cobranca), envio: null };
    const clientes = new ClientesDoOperador(tx, ESCOPO_SISTEMA);
    const repositorio = new NegociacoesRepository(tx, ESCOPO_SISTEMA);
    // Same lock order as a manual payment: the customer, then the receivables.
    const cliente = await clientes.buscarVisivelOrThrow(cobranca.clienteId, { forUpdate: true });
    const contasIds = await contasDaCobranca(tx, cobranca.id);
    const abertas = (await repositorio.travarContas(cliente.id, contasIds))
      .filter((c) => c.status === 'aberta')
      .sort((a, b) => a.vencimento.localeCompare(b.vencimento) || a.id - b.id);
    const data = hojeNoFuso(pix.horario, settings.fuso_horario);
    const { pagoCentavos, quitadas } = await liquidarContas(
      repositorio,
      cliente,
      abertas,
      { id: pixId, endToEndId: pix.endToEndId, valorCentavos: pix.valorCentavos, data },
      percentuaisDe(settings),
    );
    if (pagoCentavos === 0)
      return { resultado: await semCorrespondencia(tx, pixId, pix, cobranca), envio: null };
    await marcarCobrancaPaga(tx, cobranca.id, pix.horario);
    await removerCobrancasDasContas(tx, contasIds, cobranca.id);
    const acordos = new Set(quitadas.flatMap((c) => (c.negociacaoId === null ? [] : [c.negociacaoId])));
    const cumpridas: number[] = [];
    for (const negociacaoId of acordos)
      if (await repositorio.cumprirNegociacaoSeQuitada(negociacaoId)) cumpridas.push(negociacaoId);
    const promessas = await repositorio.cumprirPromessas(cliente.id);
    const concluido = await concluirSeQuitado(clientes, repositorio, cliente);
    const creditoCentavos = pix.valorCentavos - pagoCentavos;
    await tx
      .update(pixRecebidos)
      .set({ situacao: 'conciliado', clienteId: cliente.id, cobrancaId: cobranca.id, creditoCentavos })
      .where(eq(pixRecebidos.id, pixId));
    await registrarAuditoria(tx, {
      usuarioId: null,
      acao: 'pix.recebido',
      descricao: `Pagamento PIX de ${formatarReais(pagoCentavos)} recebido de ${cliente.nome}`,
      entidade: 'pix_recebido',
      entidadeId: pixId,
      detalhes: {
        cliente_id: cliente.id,
        end_to_end_id: pix.endToEndId,
        txid: pix.txid,
        origem,
        valor_centavos: pix.valorCentavos,
        credito_centavos: creditoCentavos,
        contas_quitadas: quitadas.map((c) => c.id),
        negociacoes_cumpridas: cumpridas,
        promessas_cumpridas: promessas,
        cliente_concluido: concluido,
      },
    });
    return {
      resultado: { situacao: 'conciliado' as const, clienteId: cliente.id, pagoCentavos, creditoCentavos },
      envio: concluido ? await prepararAgradecimento(tx, cliente, pagoCentavos, canal) : null,
    };
  });
  if (envio && resultado.clienteId !== null)
    await despacharMensagem(db, canal, envio, {
      id: envio.mensagemId,
      origem: 'sistema',
      clienteId: resultado.clienteId,
      conteudo: envio.conteudo,
    });
  return resultado;
};
