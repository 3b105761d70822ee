import {
  DIAS_DE_RETENTATIVA,
  formatarDataBr,
  formatarReais,
  hojeNoFuso,
  vencimentosNaJanela,
} from '@cobranca/dominio';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { cobrancasRecorrentes, contasReceber, recorrenciasPix } from '../../../db/schema/index.ts';
import { ErroDominio } from '../../../lib/errors.ts';
import { canaisAtivos } from '../../canais/canais-ativos.ts';
import type { Canais } from '../../canais/canal.ts';
import { ClientesDoOperador } from '../../clientes/clientes-operador.repository.ts';
import { ESCOPO_SISTEMA } from '../../clientes/escopo-operador.ts';
import { buscarSistemaSettings } from '../../configuracoes/configuracoes.repository.ts';
import { fimDaValidadeCobv } from '../../pix/cobrancas/cobranca-escolha.ts';
import { inserirCobrancas, removerCobrancasDasContas } from '../../pix/cobrancas/cobrancas.repository.ts';
import { type ProvedorConfigurado, provedorPixAtivo } from '../../pix/configuracao/provedor-ativo.ts';
import { ErroApiPix } from '../../pix/psp/api-pix-erros.ts';
import type { CobrancaRecorrenteLida, ContaRecebedor } from '../../pix/psp/provedor-recorrencias.ts';
import { registrarEventoDebito } from '../adesao/eventos.ts';
import { avisarCliente } from '../avisos/avisos-debito.ts';
import { tentativasArmazenadas } from './tentativas.ts';

// Each instalment in automatic debit gets its recurring charge from 10 to 2 days before it falls due
// (docs/pix-automatico.md §3), asked for by a scheduled job: the PSP first, under a txid fixed by the
// instalment (a retry after a crash finds the same charge), then stored with a fresh look at the
// instalment. A charge for an instalment paid meanwhile is stored removed and cancelled at the PSP.

type ParcelaACobrar = {
  recorrenciaId: number;
  idRec: string;
  negociacaoId: number;
  clienteId: number;
  contaId: number;
  valorCentavos: number;
  vencimento: string;
};

/**
 * Approved recurrences' open, untouched instalments without a charge: those whose window is open on
 * `hoje`, or (the simulator's "debit the next one now") one agreement's earliest.
 */
const parcelasACobrar = (
  db: Db,
  filtro: { hoje: string } | { negociacaoId: number },
): Promise<ParcelaACobrar[]> =>
  db
    .select({
      recorrenciaId: recorrenciasPix.id,
      idRec: sql<string>`${recorrenciasPix.idRec}`,
      negociacaoId: recorrenciasPix.negociacaoId,
      clienteId: recorrenciasPix.clienteId,
      contaId: contasReceber.id,
      valorCentavos: contasReceber.valorCentavos,
      vencimento: contasReceber.vencimento,
    })
    .from(recorrenciasPix)
    .innerJoin(contasReceber, eq(contasReceber.negociacaoId, recorrenciasPix.negociacaoId))
    .where(
      and(
        eq(recorrenciasPix.status, 'aprovada'),
        eq(contasReceber.origem, 'acordo'),
        eq(contasReceber.status, 'aberta'),
        eq(contasReceber.valorPagoCentavos, 0),
        gte(contasReceber.vencimento, recorrenciasPix.dataInicial),
        ...('hoje' in filtro
          ? [
              gte(contasReceber.vencimento, vencimentosNaJanela(filtro.hoje).de),
              lte(contasReceber.vencimento, vencimentosNaJanela(filtro.hoje).ate),
            ]
          : [eq(recorrenciasPix.negociacaoId, filtro.negociacaoId)]),
        sql`NOT EXISTS (SELECT 1 FROM ${cobrancasRecorrentes} WHERE ${cobrancasRecorrentes.contaId} = ${contasReceber.id})`,
      ),
    )
    .orderBy(asc(contasReceber.vencimento), asc(contasReceber.id));

const contaRecebedor = (pix: ProvedorConfigurado): ContaRecebedor | null => {
  const conta = pix.armazenado.conta_recebedor;
  return conta ? { agencia: conta.agencia, conta: conta.conta, tipoConta: conta.tipo_conta } : null;
};

/** Asks the PSP; a charge it already holds under this txid (a retried run) is read back instead. */
const pedirAoPsp = async (
  pix: ProvedorConfigurado,
  p: ParcelaACobrar,
  txid: string,
  recebedor: ContaRecebedor | null,
  empresa: string,
): Promise<CobrancaRecorrenteLida> => {
  const { recorrencias } = pix.provedor;
  try {
    return await recorrencias.criarCobranca({
      txid,
      idRec: p.idRec,
      vencimento: p.vencimento,
      valorCentavos: p.valorCentavos,
      descricao: `${empresa}: parcela do acordo nº ${p.negociacaoId}`,
      recebedor,
    });
  } catch (erro) {
    if (!(erro instanceof ErroApiPix) || erro.transitorio) throw erro;
    const existente = await recorrencias.consultarCobranca(txid);
    if (!existente) throw erro;
    return existente;
  }
};

/** Stores the charge the PSP made, unless the instalment stopped being open (then it is cancelled). */
const guardar = async (
  db: Db,
  pix: ProvedorConfigurado,
  p: ParcelaACobrar,
  lida: CobrancaRecorrenteLida,
  fuso: string,
  canais: Canais,
  agora: Date,
): Promise<void> => {
  await db.transaction(async (tx) => {
    // The customer, then the receivable: a payment's order.
    await new ClientesDoOperador(tx, ESCOPO_SISTEMA).buscarVisivelOrThrow(p.clienteId, { forUpdate: true });
    const [conta] = await tx
      .select({ status: contasReceber.status, valorPago: contasReceber.valorPagoCentavos })
      .from(contasReceber)
      .where(eq(contasReceber.id, p.contaId))
      .for('update');
    const [existente] = await tx
      .select({ id: cobrancasRecorrentes.cobrancaId })
      .from(cobrancasRecorrentes)
      .where(eq(cobrancasRecorrentes.contaId, p.contaId));
    if (existente) return;
    const aberta = conta?.status === 'aberta' && conta.valorPago === 0;
    const [cobranca] = await inserirCobrancas(tx, [
      {
        nova: {
          txid: lida.txid,
          clienteId: p.clienteId,
          provedor: pix.provedor.provedor,
          tipo: 'cobr',
          origem: 'debito_automatico',
          status: 'ativa',
          valorCentavos: p.valorCentavos,
          vencimento: p.vencimento,
          // The retries run up to seven days after the due date.
          validaAte: fimDaValidadeCobv(p.vencimento, DIAS_DE_RETENTATIVA, fuso),
          pixCopiaECola: null,
          location: null,
        },
        contasIds: [p.contaId],
      },
    ]);
    if (!cobranca) throw new Error('cobrança recorrente não gravada');
    await tx.insert(cobrancasRecorrentes).values({
      cobrancaId: cobranca.id,
      recorrenciaId: p.recorrenciaId,
      contaId: p.contaId,
      status: aberta ? (lida.status.toLowerCase() as 'ativa') : 'cancelada',
      tentativas: tentativasArmazenadas(lida.tentativas),
    });
    // Paid meanwhile: removed like any charge over a settled receivable, and cancelled at the PSP.
    if (!aberta) {
      await removerCobrancasDasContas(tx, [p.contaId], [], 'cobr');
      return;
    }
    await registrarEventoDebito(tx, {
      recorrenciaId: p.recorrenciaId,
      clienteId: p.clienteId,
      evento: 'cobranca_criada',
      contaId: p.contaId,
      detalhe: `${formatarReais(p.valorCentavos)} a debitar em ${formatarDataBr(p.vencimento)}`,
    });
    await avisarCliente(tx, canais, {
      tipo: 'aviso_debito',
      clienteId: p.clienteId,
      valorCentavos: p.valorCentavos,
      vencimento: p.vencimento,
      agora,
    });
  });
};

/** One instalment's recurring charge: asked for, then stored (see `guardar`). */
const criarCobrancaRecorrente = async (
  db: Db,
  pix: ProvedorConfigurado,
  p: ParcelaACobrar,
  settings: { empresa: { nome: string }; fuso_horario: string },
  canais: Canais,
  agora: Date,
): Promise<void> => {
  const recebedor = contaRecebedor(pix);
  if (!recebedor && pix.provedor.provedor === 'api_pix')
    throw new ErroDominio(
      'PIX_NAO_CONFIGURADO',
      'Falta a conta do recebedor para o PIX Automático (Config. PIX).',
    );
  const lida = await pedirAoPsp(pix, p, pix.txidPara(`cobr:${p.contaId}`), recebedor, settings.empresa.nome);
  await guardar(db, pix, p, lida, settings.fuso_horario, canais, agora);
};

/** The simulator's stand-in for time passing: the agreement's next instalment gets its charge now. */
export const cobrarProximaParcela = async (
  db: Db,
  appKey: Buffer,
  pix: ProvedorConfigurado,
  negociacaoId: number,
): Promise<boolean> => {
  const [parcela] = await parcelasACobrar(db, { negociacaoId });
  if (!parcela) return false;
  const [settings, canais] = await Promise.all([buscarSistemaSettings(db), canaisAtivos(db, appKey)]);
  await criarCobrancaRecorrente(db, pix, parcela, settings, canais, new Date());
  return true;
};

export type ResultadoCobrancasRecorrentes = { criadas: number; falhas: number };

/** Creates the recurring charges due today (D-10…D-2). A PSP error leaves that instalment for the next run. */
export const cobrarParcelasRecorrentes = async (
  db: Db,
  appKey: Buffer,
  opcoes: { agora?: Date; pixDe?: () => Promise<ProvedorConfigurado> } = {},
): Promise<ResultadoCobrancasRecorrentes> => {
  const { agora = new Date(), pixDe = () => provedorPixAtivo(db, appKey) } = opcoes;
  const settings = await buscarSistemaSettings(db);
  const parcelas = await parcelasACobrar(db, { hoje: hojeNoFuso(agora, settings.fuso_horario) });
  if (parcelas.length === 0) return { criadas: 0, falhas: 0 };
  const [pix, canais] = await Promise.all([pixDe(), canaisAtivos(db, appKey)]);
  let criadas = 0;
  let falhas = 0;
  for (const p of parcelas)
    try {
      await criarCobrancaRecorrente(db, pix, p, settings, canais, agora);
      criadas += 1;
    } catch (erro) {
      if (!(erro instanceof ErroApiPix)) throw erro;
      falhas += 1;
    }
  return { criadas, falhas };
};
