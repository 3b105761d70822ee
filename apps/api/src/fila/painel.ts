import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { linhasDe } from '../db/linhas.ts';
import { acordarFila, BOSS_SEM_CONEXAO, ESQUEMA_FILA } from './boss.ts';
import { bossNoHandle, sqlDoHandle } from './sql-do-handle.ts';

// What the super admin's health panel and `npm run cli -- tarefas:…` show of the queue
// (docs/efeitos-colaterais.md §5): per job type, and the dead jobs with their last error.

const J = sql.raw(`${ESQUEMA_FILA}.job`);
const A = sql.raw(`${ESQUEMA_FILA}.archive`);

export type ResumoTipo = {
  nome: string;
  aguardando: number;
  emExecucao: number;
  falhas24h: number;
  mortas: number;
  maisAntigaAguardandoEm: Date | null;
};

const lista = (nomes: readonly string[]) =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(nomes)}::jsonb))`;

/**
 * Per job type: waiting (new or to be retried), running, failed in the last 24 h (jobs whose last try
 * failed, or that succeeded after failing, archived ones included) and dead.
 */
export const resumoPorTipo = async (db: DbOrTx, nomes: readonly string[]): Promise<ResumoTipo[]> => {
  const linhas = linhasDe<{
    nome: string;
    aguardando: number;
    em_execucao: number;
    falhas_24h: number;
    mortas: number;
    mais_antiga: string | Date | null;
  }>(
    await db.execute(sql`
      WITH todos AS (
        SELECT name, state::text AS state, retry_count, created_on, started_on, completed_on FROM ${J}
        UNION ALL
        SELECT name, state::text, retry_count, created_on, started_on, completed_on FROM ${A})
      SELECT n.nome,
        count(*) FILTER (WHERE t.state IN ('created', 'retry'))::int AS aguardando,
        count(*) FILTER (WHERE t.state = 'active')::int AS em_execucao,
        count(*) FILTER (WHERE (t.state IN ('retry', 'failed') OR (t.state = 'completed' AND t.retry_count > 0))
          AND coalesce(t.completed_on, t.started_on) > now() - interval '24 hours')::int AS falhas_24h,
        count(*) FILTER (WHERE t.state = 'failed')::int AS mortas,
        min(t.created_on) FILTER (WHERE t.state IN ('created', 'retry')) AS mais_antiga
      FROM ${lista(nomes)} AS n(nome) LEFT JOIN todos t ON t.name = n.nome
      GROUP BY n.nome ORDER BY n.nome`),
  );
  return linhas.map((l) => ({
    nome: l.nome,
    aguardando: l.aguardando,
    emExecucao: l.em_execucao,
    falhas24h: l.falhas_24h,
    mortas: l.mortas,
    maisAntigaAguardandoEm: l.mais_antiga === null ? null : new Date(l.mais_antiga),
  }));
};

export type TarefaMorta = {
  id: string;
  nome: string;
  chave: string | null;
  tentativas: number;
  erro: string | null;
  criadaEm: Date;
  morreuEm: Date | null;
};

/** Dead jobs, the most recent first (what an operator of the system looks at and retries). */
export const tarefasMortas = async (db: DbOrTx, limite = 50, id?: string): Promise<TarefaMorta[]> =>
  linhasDe<{
    id: string;
    nome: string;
    chave: string | null;
    tentativas: number;
    erro: string | null;
    criada_em: string | Date;
    morreu_em: string | Date | null;
  }>(
    await db.execute(sql`
      SELECT id::text, name AS nome, singleton_key AS chave, retry_count + 1 AS tentativas,
        output->>'message' AS erro, created_on AS criada_em, completed_on AS morreu_em
      FROM ${J} WHERE state = 'failed' ${id === undefined ? sql`` : sql`AND id = ${id}::uuid`}
      ORDER BY completed_on DESC NULLS LAST, id LIMIT ${limite} ${id === undefined ? sql`` : sql`FOR UPDATE`}`),
  ).map((l) => ({
    id: l.id,
    nome: l.nome,
    chave: l.chave,
    tentativas: Number(l.tentativas),
    erro: l.erro,
    criadaEm: new Date(l.criada_em),
    morreuEm: l.morreu_em === null ? null : new Date(l.morreu_em),
  }));

/** A dead job by id (its type is needed to act on it), locked; undefined when there is none, or it is not dead. */
export const buscarMorta = async (db: DbOrTx, id: string): Promise<TarefaMorta | undefined> =>
  (await tarefasMortas(db, 1, id))[0];

/** Gives a dead job one more try, now (pg-boss's retry: one more try allowed), in the caller's transaction. */
export const repetirMorta = async (db: DbOrTx, morta: TarefaMorta): Promise<void> => {
  await BOSS_SEM_CONEXAO.retry(morta.nome, morta.id, bossNoHandle(db));
  await acordarFila(sqlDoHandle(db), morta.nome);
};

/** Gives up a dead job for good: deleted (pg-boss cannot cancel a failed job); the caller audits what it was. */
export const descartarMorta = async (db: DbOrTx, morta: TarefaMorta): Promise<void> => {
  await BOSS_SEM_CONEXAO.deleteJob(morta.nome, morta.id, bossNoHandle(db));
};
