import type { ChamadaResultado, ChamadaView, ClienteDetalhe } from '@cobranca/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { ErroDominio } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { type ClienteRow, ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import type { EscopoOperador } from '../clientes/escopo-operador.ts';
import { assumidoAgoraPorOutro, inserirChamada } from './atendimento.repository.ts';
import { ClienteDetalheRepository, toChamadaView } from './cliente-detalhe.repository.ts';
import { transicaoOrThrow } from './status-rules.ts';

// Operator actions on a customer (docs/produto.md §3, §4, §6): take over, pause, reactivate, register a call.
// Each runs in one transaction with its audit entry; the scope makes another operator's customer a 404.

export const OUTRO_OPERADOR_ASSUMIU = 'Outro operador já assumiu este cliente.';

const auditarCliente = (
  tx: DbOrTx,
  ator: Ator,
  cliente: { id: number; nome: string },
  acao: string,
  descricao: string,
  detalhes: Record<string, unknown>,
) =>
  registrarAuditoria(tx, {
    usuarioId: ator.usuarioId,
    acao,
    descricao: `${descricao}: ${cliente.nome}`,
    entidade: 'cliente',
    entidadeId: cliente.id,
    detalhes,
    ip: ator.ip,
  });

/**
 * Takes over an awaiting customer. The UPDATE itself re-checks the status and the owner, so of two
 * operators racing for the same customer exactly one wins and the other gets a 409.
 */
export const assumirCliente = (
  db: Db,
  escopo: EscopoOperador,
  clienteId: number,
  ator: Ator,
): Promise<ClienteDetalhe> =>
  db.transaction(async (tx) => {
    const clientes = new ClientesDoOperador(tx, escopo);
    const atual = await clientes.buscarVisivelOrThrow(clienteId).catch(async (error) => {
      if (await assumidoAgoraPorOutro(tx, clienteId, ator.usuarioId))
        throw new ErroDominio('CONFLITO_ASSUMIR', OUTRO_OPERADOR_ASSUMIU);
      throw error;
    });
    const para = transicaoOrThrow(atual.status, 'assumir');
    if (!(await clientes.assumir(clienteId, para)))
      throw new ErroDominio('CONFLITO_ASSUMIR', OUTRO_OPERADOR_ASSUMIU);
    await auditarCliente(tx, ator, atual, 'cliente.assumido', 'Cliente assumido', {
      status_anterior: atual.status,
      status_novo: para,
      operador_anterior_id: atual.operadorId,
    });
    return new ClienteDetalheRepository(tx, escopo).buscarOrThrow(clienteId);
  });

type MudancaDeStatus = {
  evento: 'pausar' | 'reativar';
  acao: string;
  descricao: string;
  alteracao: (atual: ClienteRow) => { pausaMotivo: string | null; numeroChamadas?: number };
  detalhes: (atual: ClienteRow) => Record<string, unknown>;
};

/** A status change the operator asks for: the transition rule, the write and its audit entry together. */
const mudarStatus = (
  db: Db,
  escopo: EscopoOperador,
  clienteId: number,
  ator: Ator,
  mudanca: MudancaDeStatus,
): Promise<ClienteDetalhe> =>
  db.transaction(async (tx) => {
    const clientes = new ClientesDoOperador(tx, escopo);
    const atual = await clientes.buscarParaAgirOrThrow(clienteId);
    const para = transicaoOrThrow(atual.status, mudanca.evento);
    await clientes.atualizar(clienteId, { status: para, ...mudanca.alteracao(atual) });
    await auditarCliente(tx, ator, atual, mudanca.acao, mudanca.descricao, {
      status_anterior: atual.status,
      status_novo: para,
      ...mudanca.detalhes(atual),
    });
    return new ClienteDetalheRepository(tx, escopo).buscarOrThrow(clienteId);
  });

/** Pauses collection with a reason. */
export const pausarCliente = (
  db: Db,
  escopo: EscopoOperador,
  clienteId: number,
  motivo: string,
  ator: Ator,
): Promise<ClienteDetalhe> =>
  mudarStatus(db, escopo, clienteId, ator, {
    evento: 'pausar',
    acao: 'cliente.pausado',
    descricao: 'Cobrança pausada',
    alteracao: () => ({ pausaMotivo: motivo }),
    detalhes: () => ({ motivo }),
  });

/** Back to automatic collection: the reason is cleared and the attempt count restarts (docs/produto.md §3). */
export const reativarCliente = (
  db: Db,
  escopo: EscopoOperador,
  clienteId: number,
  ator: Ator,
): Promise<ClienteDetalhe> =>
  mudarStatus(db, escopo, clienteId, ator, {
    evento: 'reativar',
    acao: 'cliente.reativado',
    descricao: 'Cobrança reativada',
    alteracao: () => ({ pausaMotivo: null, numeroChamadas: 0 }),
    detalhes: (atual) => ({ numero_chamadas_anterior: atual.numeroChamadas }),
  });

/** Results that count as a failed contact attempt (docs/produto.md §6 numero_chamadas). */
export const contaComoTentativa = (resultado: ChamadaResultado): boolean => resultado !== 'atendida';

export type NovaChamada = { resultado: ChamadaResultado; observacao?: string };

export const registrarChamada = (
  db: Db,
  escopo: EscopoOperador,
  clienteId: number,
  nova: NovaChamada,
  ator: Ator,
): Promise<{ chamada: ChamadaView; cliente: ClienteDetalhe }> =>
  db.transaction(async (tx) => {
    const clientes = new ClientesDoOperador(tx, escopo);
    const atual = await clientes.buscarParaAgirOrThrow(clienteId);
    const row = await inserirChamada(tx, {
      clienteId,
      operadorId: ator.usuarioId,
      resultado: nova.resultado,
      observacao: nova.observacao || null,
    });
    if (contaComoTentativa(nova.resultado)) await clientes.somarTentativa(clienteId);
    await auditarCliente(tx, ator, atual, 'chamada.registrada', 'Ligação registrada', {
      chamada_id: row.id,
      resultado: nova.resultado,
    });
    const cliente = await new ClienteDetalheRepository(tx, escopo).buscarOrThrow(clienteId);
    const chamada = cliente.chamadas.find((c) => c.id === row.id) ?? toChamadaView(row, null);
    return { chamada, cliente };
  });
