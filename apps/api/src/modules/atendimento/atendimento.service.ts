import type { ChamadaResultado, ChamadaView, ClienteDetalhe } from '@cobranca/contracts';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { auditLogs, chamadas, clientes } from '../../db/schema/index.ts';
import type { Ator } from '../../lib/ator.ts';
import { conflict } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import {
  type EscopoOperador,
  findClienteParaAgirOrThrow,
  findClienteVisivelOrThrow,
} from '../clientes/escopo-operador.ts';
import { findClienteDetalheOrThrow, toChamadaView } from './cliente-detalhe.repository.ts';
import { transicaoOrThrow } from './status-rules.ts';

// Operator actions on a customer (docs/produto.md §3, §4, §6): take over, pause, reactivate, register a call.
// Each runs in one transaction with its audit entry; the scope makes another operator's customer a 404.

export const OUTRO_OPERADOR_ASSUMIU = 'Outro operador já assumiu este cliente.';

const escopoDe = (ator: Ator): EscopoOperador => ({ operadorId: ator.usuarioId });

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

// How long a customer just taken from the shared queue still answers 409 (not 404) to the others:
// their queue list may be up to one badge refresh (30 s) stale, so the click deserves the real reason.
const JANELA_CORRIDA = sql`interval '5 minutes'`;

/**
 * Whether another operator took this customer from the shared (unassigned) queue moments ago. It was
 * visible to every operator then, so saying so reveals nothing; older or owned customers stay a 404.
 */
const assumidoAgoraPorOutro = async (tx: DbOrTx, clienteId: number, ator: Ator): Promise<boolean> => {
  const [row] = await tx
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.acao, 'cliente.assumido'),
        sql`${auditLogs.createdAt} > now() - ${JANELA_CORRIDA}`,
        eq(auditLogs.entidade, 'cliente'),
        eq(auditLogs.entidadeId, String(clienteId)),
        ne(auditLogs.usuarioId, ator.usuarioId),
        sql`${auditLogs.detalhes}->>'operador_anterior_id' IS NULL`,
      ),
    )
    .limit(1);
  return row !== undefined;
};

/**
 * Takes over an awaiting customer. The UPDATE itself re-checks the status and the owner, so of two
 * operators racing for the same customer exactly one wins and the other gets a 409.
 */
export const assumirCliente = (db: Db, clienteId: number, ator: Ator): Promise<ClienteDetalhe> =>
  db.transaction(async (tx) => {
    const atual = await findClienteVisivelOrThrow(tx, escopoDe(ator), clienteId).catch(async (error) => {
      if (await assumidoAgoraPorOutro(tx, clienteId, ator)) throw conflict(OUTRO_OPERADOR_ASSUMIU);
      throw error;
    });
    const para = transicaoOrThrow(atual.status, 'assumir');
    const atualizados = await tx
      .update(clientes)
      .set({ status: para, operadorId: ator.usuarioId })
      .where(
        and(
          eq(clientes.id, clienteId),
          eq(clientes.status, 'aguardando_atendimento'),
          or(isNull(clientes.operadorId), eq(clientes.operadorId, ator.usuarioId)),
        ),
      )
      .returning({ id: clientes.id });
    if (atualizados.length === 0) throw conflict(OUTRO_OPERADOR_ASSUMIU);
    await auditarCliente(tx, ator, atual, 'cliente.assumido', 'Cliente assumido', {
      status_anterior: atual.status,
      status_novo: para,
      operador_anterior_id: atual.operadorId,
    });
    return findClienteDetalheOrThrow(tx, escopoDe(ator), clienteId);
  });

/** Pauses collection with a reason; an unassigned awaiting customer becomes the caller's. */
export const pausarCliente = (
  db: Db,
  clienteId: number,
  motivo: string,
  ator: Ator,
): Promise<ClienteDetalhe> =>
  db.transaction(async (tx) => {
    const atual = await findClienteParaAgirOrThrow(tx, escopoDe(ator), clienteId);
    const para = transicaoOrThrow(atual.status, 'pausar');
    await tx.update(clientes).set({ status: para, pausaMotivo: motivo }).where(eq(clientes.id, clienteId));
    await auditarCliente(tx, ator, atual, 'cliente.pausado', 'Cobrança pausada', {
      status_anterior: atual.status,
      status_novo: para,
      motivo,
    });
    return findClienteDetalheOrThrow(tx, escopoDe(ator), clienteId);
  });

/** Back to automatic collection: the reason is cleared and the attempt count restarts (docs/produto.md §3). */
export const reativarCliente = (db: Db, clienteId: number, ator: Ator): Promise<ClienteDetalhe> =>
  db.transaction(async (tx) => {
    const atual = await findClienteParaAgirOrThrow(tx, escopoDe(ator), clienteId);
    const para = transicaoOrThrow(atual.status, 'reativar');
    await tx
      .update(clientes)
      .set({ status: para, pausaMotivo: null, numeroChamadas: 0 })
      .where(eq(clientes.id, clienteId));
    await auditarCliente(tx, ator, atual, 'cliente.reativado', 'Cobrança reativada', {
      status_anterior: atual.status,
      status_novo: para,
      numero_chamadas_anterior: atual.numeroChamadas,
    });
    return findClienteDetalheOrThrow(tx, escopoDe(ator), clienteId);
  });

/** Results that count as a failed contact attempt (docs/produto.md §6 numero_chamadas). */
export const contaComoTentativa = (resultado: ChamadaResultado): boolean => resultado !== 'atendida';

export type NovaChamada = { resultado: ChamadaResultado; observacao?: string };

export const registrarChamada = (
  db: Db,
  clienteId: number,
  nova: NovaChamada,
  ator: Ator,
): Promise<{ chamada: ChamadaView; cliente: ClienteDetalhe }> =>
  db.transaction(async (tx) => {
    const atual = await findClienteParaAgirOrThrow(tx, escopoDe(ator), clienteId);
    const [row] = await tx
      .insert(chamadas)
      .values({
        clienteId,
        operadorId: ator.usuarioId,
        resultado: nova.resultado,
        observacao: nova.observacao || null,
      })
      .returning();
    if (!row) throw new Error('insert de chamada não devolveu a linha');
    if (contaComoTentativa(nova.resultado))
      await tx
        .update(clientes)
        .set({ numeroChamadas: sql`${clientes.numeroChamadas} + 1` })
        .where(eq(clientes.id, clienteId));
    await auditarCliente(tx, ator, atual, 'chamada.registrada', 'Ligação registrada', {
      chamada_id: row.id,
      resultado: nova.resultado,
    });
    const cliente = await findClienteDetalheOrThrow(tx, escopoDe(ator), clienteId);
    const chamada = cliente.chamadas.find((c) => c.id === row.id) ?? toChamadaView(row, null);
    return { chamada, cliente };
  });
