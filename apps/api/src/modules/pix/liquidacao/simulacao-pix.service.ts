import { randomBytes } from 'node:crypto';
import type { SimularPagamentoPixResponse } from '@cobranca/contracts';
import { calcularEncargos, formatarReais, hojeNoFuso, type PercentuaisEncargos } from '@cobranca/dominio';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { clientes } from '../../../db/schema/index.ts';
import type { Ator } from '../../../lib/ator.ts';
import { ErroDominio } from '../../../lib/errors.ts';
import { ClienteDetalheRepository } from '../../atendimento/cliente-detalhe.repository.ts';
import { registrarAuditoria } from '../../auditoria/auditoria.repository.ts';
import { ClientesDoOperador } from '../../clientes/clientes-operador.repository.ts';
import type { EscopoOperador } from '../../clientes/escopo-operador.ts';
import { percentuaisDe } from '../../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../../configuracoes/configuracoes.repository.ts';
import {
  buscarCobranca,
  type CobrancaRow,
  contasDaCobranca,
  toCobrancaPixView,
} from '../cobrancas/cobrancas.repository.ts';
import { buscarPixArmazenado } from '../configuracao/pix-settings.repository.ts';
import { type ResultadoPix, registrarPixConfirmado } from './liquidacao.service.ts';

// A payment on the simulator (docs/produto.md §21), from the workspace or the CLI: the customer pays the
// amount the charge asks today, and it goes through the same confirm-and-settle path as a PSP's PIX.

/** What a PSP charges for a cobv on a day: its principal plus multa and juros after its due date (§7). */
const valorDaCobranca = (cobranca: CobrancaRow, hoje: string, percentuais: PercentuaisEncargos): number =>
  cobranca.tipo === 'cobv' && cobranca.vencimento
    ? calcularEncargos(
        { principalCentavos: cobranca.valorCentavos, vencimento: cobranca.vencimento, pendentes: null },
        hoje,
        percentuais,
      ).totalCentavos
    : cobranca.valorCentavos;

/** A 32-character endToEndId in the BCB shape (E + ISPB + yyyyMMddHHmm + 11), ISPB 0 marking it simulated. */
export const endToEndSimulado = (agora: Date): string => {
  const carimbo = agora.toISOString().replace(/\D/g, '').slice(0, 12);
  return `E00000000${carimbo}${randomBytes(8).toString('hex').slice(0, 11).toUpperCase()}`;
};

export type PagamentoSimulado = {
  cobranca: CobrancaRow;
  valorCentavos: number;
  endToEndId: string;
  resultado: ResultadoPix;
  cliente: { nome: string; documento: string };
};

/**
 * Pays an active charge on the simulator. `clienteId` limits it to one customer's charges (the caller
 * checked that customer's scope); the CLI passes none.
 */
export const pagarCobrancaSimulada = async (
  db: Db,
  appKey: Buffer,
  txid: string,
  ator: Ator<number | null>,
  opcoes: { clienteId?: number; agora?: Date } = {},
): Promise<PagamentoSimulado> => {
  const agora = opcoes.agora ?? new Date();
  // The setting itself: an incomplete API Pix is still "not the simulator".
  if ((await buscarPixArmazenado(db)).provedor !== 'simulador')
    throw new ErroDominio(
      'SIMULADOR_INATIVO',
      'O provedor PIX ativo é a API Pix de um PSP: o pagamento só pode ser simulado com o simulador (Config. PIX).',
    );
  const cobranca = await buscarCobranca(db, txid, { clienteId: opcoes.clienteId });
  if (!cobranca) throw new ErroDominio('COBRANCA_NAO_ENCONTRADA', `Nenhuma cobrança PIX tem o txid ${txid}.`);
  if (cobranca.status !== 'ativa' || cobranca.validaAte <= agora)
    throw new ErroDominio(
      'COBRANCA_NAO_ATIVA',
      `A cobrança PIX ${txid} não está mais ativa (${cobranca.status === 'ativa' ? 'expirada' : cobranca.status}).`,
    );
  const settings = await buscarSistemaSettings(db);
  const valorCentavos = valorDaCobranca(
    cobranca,
    hojeNoFuso(agora, settings.fuso_horario),
    percentuaisDe(settings),
  );
  const [cliente] = await db
    .select({ nome: clientes.nome, documento: clientes.documento })
    .from(clientes)
    .where(eq(clientes.id, cobranca.clienteId));
  if (!cliente) throw new Error(`cliente ${cobranca.clienteId} da cobrança ${txid} não existe`);
  const endToEndId = endToEndSimulado(agora);
  const resultado = await registrarPixConfirmado(
    db,
    appKey,
    { endToEndId, txid, valorCentavos, horario: agora, pagador: cliente },
    'simulador',
  );
  await registrarAuditoria(db, {
    usuarioId: ator.usuarioId,
    acao: 'pix.pagamento_simulado',
    descricao: `Pagamento PIX de ${formatarReais(valorCentavos)} simulado para ${cliente.nome}`,
    entidade: 'cobranca_pix',
    entidadeId: cobranca.id,
    detalhes: { txid, situacao: resultado.situacao, end_to_end_id: endToEndId },
    ip: ator.ip,
  });
  return { cobranca, valorCentavos, endToEndId, resultado, cliente };
};

/** Pays one of the customer's charges on the simulator (the operator may see the customer). */
export const simularPagamentoPix = async (
  db: Db,
  appKey: Buffer,
  escopo: EscopoOperador,
  clienteId: number,
  txid: string,
  ator: Ator,
  agora = new Date(),
): Promise<SimularPagamentoPixResponse> => {
  const cliente = await new ClientesDoOperador(db, escopo).buscarVisivelOrThrow(clienteId);
  await pagarCobrancaSimulada(db, appKey, txid, ator, { clienteId: cliente.id, agora });
  const depois = await buscarCobranca(db, txid);
  if (!depois) throw new Error(`cobrança ${txid} sumiu após o pagamento`);
  return {
    cobranca: toCobrancaPixView(depois, await contasDaCobranca(db, depois.id), agora),
    cliente: await new ClienteDetalheRepository(db, escopo).buscarOrThrow(clienteId),
  };
};
