import type { DbOrTx } from '../db/client.ts';

type ClienteSql = { query(texto: string, valores?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * The driver's client under a Drizzle handle (a pool or PGlite, or the connection of a transaction),
 * both answering `query(text, values)`: the queue library brings its own SQL text with `$n`
 * parameters, and a job enqueued in a writer's transaction must go through that transaction's
 * connection.
 */
export const sqlDoHandle = (handle: DbOrTx): ClienteSql => {
  const cliente = (handle as unknown as { _?: { session?: { client?: Partial<ClienteSql> } } })._?.session
    ?.client;
  if (typeof cliente?.query !== 'function') throw new Error('handle do Drizzle sem cliente SQL');
  return cliente as ClienteSql;
};

/** pg-boss's `{ db }` option over a handle: its statement runs in the handle's transaction. */
export const bossNoHandle = (handle: DbOrTx) => {
  const sql = sqlDoHandle(handle);
  return { db: { executeSql: (texto: string, valores?: unknown[]) => sql.query(texto, valores) } };
};
