import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mensagens, reguaExecucoes } from '../../db/schema/index.ts';

/** Outbound messages waiting in the outbox. */
export const contarFilaPendente = async (db: DbOrTx): Promise<number> => {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(mensagens)
    .where(eq(mensagens.status, 'pendente'));
  return row?.total ?? 0;
};

export type ReguaExecucaoRow = typeof reguaExecucoes.$inferSelect;

/** The most recent engine run (started last), or undefined when the engine never ran. */
export const ultimaExecucaoRegua = async (db: DbOrTx): Promise<ReguaExecucaoRow | undefined> => {
  const [row] = await db
    .select()
    .from(reguaExecucoes)
    .orderBy(desc(reguaExecucoes.iniciadaEm), desc(reguaExecucoes.id))
    .limit(1);
  return row;
};
