import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clientes } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';

/** The calling operator: every customer query of the operator area is built from it (docs/produto.md §4). */
export type EscopoOperador = { operadorId: number };

export const CLIENTE_NAO_ENCONTRADO = 'Cliente não encontrado.';
export const ASSUMA_ANTES =
  'Este cliente está na fila de atendimento, sem responsável. Clique em "Assumir" para atendê-lo antes de registrar qualquer ação.';

/** Customers the operator owns. */
export const doOperador = (escopo: EscopoOperador): SQL => eq(clientes.operadorId, escopo.operadorId);

/** Customers the operator may see: their own, plus the unassigned ones waiting for service. */
export const visivelAoOperador = (escopo: EscopoOperador): SQL =>
  or(
    doOperador(escopo),
    and(isNull(clientes.operadorId), eq(clientes.status, 'aguardando_atendimento')),
  ) as SQL;

/**
 * The customer row if the operator may see it, locked for update inside `tx` when asked; another
 * operator's customer is a 404, exactly like a missing one, so ids reveal nothing.
 */
export const findClienteVisivelOrThrow = async (
  db: DbOrTx,
  escopo: EscopoOperador,
  clienteId: number,
  opts: { forUpdate?: boolean } = {},
) => {
  const query = db
    .select()
    .from(clientes)
    .where(and(eq(clientes.id, clienteId), visivelAoOperador(escopo)));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(CLIENTE_NAO_ENCONTRADO);
  return row;
};

/**
 * The customer, locked inside `tx`, if the operator may act on it. The shared queue is for reading:
 * an unassigned customer must be taken over first (409), so every action has an owner who answers
 * for it and the customer leaves the queue; another operator's customer stays a 404.
 */
export const findClienteParaAgirOrThrow = async (db: DbOrTx, escopo: EscopoOperador, clienteId: number) => {
  const cliente = await findClienteVisivelOrThrow(db, escopo, clienteId, { forUpdate: true });
  if (cliente.operadorId === null) throw conflict(ASSUMA_ANTES);
  return cliente;
};
