import type { ReguaResumo24h } from '@cobranca/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
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

/**
 * The engine's runs started in the 24 hours before `agora`: how many, how many ended with an error,
 * and each count summed over them, all in one statement (a day holds thousands of runs per worker).
 */
export const resumoRegua24h = async (db: DbOrTx, agora: Date): Promise<ReguaResumo24h> => {
  const [row] = linhasDe<ReguaResumo24h>(
    await db.execute(sql`
      WITH ultimas_24h AS (
        SELECT contagens, erro FROM regua_execucoes
        WHERE iniciada_em > ${agora.toISOString()}::timestamptz - interval '24 hours'
      ), por_chave AS (
        SELECT c.key, sum(c.value::numeric) AS total
        FROM ultimas_24h CROSS JOIN LATERAL jsonb_each_text(ultimas_24h.contagens) AS c
        GROUP BY c.key
      )
      SELECT
        (SELECT count(*)::int FROM ultimas_24h) AS execucoes,
        (SELECT count(*)::int FROM ultimas_24h WHERE erro IS NOT NULL) AS com_erro,
        (SELECT coalesce(jsonb_object_agg(key, total), '{}'::jsonb) FROM por_chave) AS contagens
    `),
  );
  return row ?? { execucoes: 0, com_erro: 0, contagens: {} };
};
