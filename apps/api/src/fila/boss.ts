import PgBoss from 'pg-boss';
import type { ExecutarSql } from '../db/client.ts';
import type { Tarefa } from './tarefa.ts';

// pg-boss (decision 031) keeps the jobs in its own schema of the same database, so a job is enqueued in
// the writer's transaction; its statements go through our connections (`executarSql`), which is how it
// runs on PGlite too.

export const ESQUEMA_FILA = 'pgboss';
/** Channel each process LISTENs on: an enqueue NOTIFYs the job's name at commit, waking the workers at once. */
export const CANAL_FILA = 'fila';

export type OpcoesBoss = {
  /** Maintenance (jobs of a process that died, archive, deletion) runs once per interval across processes. */
  manutencaoSegundos?: number;
  /** pg-boss's cron (the daily passes): off in processes that only enqueue. */
  agendar?: boolean;
  /** Create or migrate the schema on start (the installer only). */
  migrar?: boolean;
};

export const criarBoss = (executarSql: ExecutarSql, opcoes: OpcoesBoss = {}): PgBoss =>
  new PgBoss({
    db: { executeSql: (texto: string, valores?: unknown[]) => executarSql(texto, valores) },
    schema: ESQUEMA_FILA,
    migrate: opcoes.migrar ?? false,
    supervise: opcoes.manutencaoSegundos !== undefined,
    maintenanceIntervalSeconds: opcoes.manutencaoSegundos ?? 120,
    schedule: opcoes.agendar ?? false,
    // Completed jobs stay a day for the health panel; dead ones a week, then they are deleted.
    archiveCompletedAfterSeconds: 24 * 3_600,
    archiveFailedAfterSeconds: 7 * 24 * 3_600,
    deleteAfterDays: 7,
  } as PgBoss.ConstructorOptions);

/**
 * Never started: it only builds pg-boss's statements (send, retry, cancel), each run on the caller's
 * handle (`{ db }`), inside the caller's transaction.
 */
export const BOSS_SEM_CONEXAO = criarBoss(async () => {
  throw new Error('este pg-boss só executa pelo handle de quem chama');
});

/** Wakes the workers of every process for this job type, at the commit of the handle's transaction. */
export const acordarFila = (
  sql: { query(texto: string, valores?: unknown[]): Promise<unknown> },
  nome: string,
) => sql.query('SELECT pg_notify($1, $2)', [CANAL_FILA, nome]);

/** The per-job options a send carries: the retry policy declared next to the job, and its key. */
export const opcoesDoEnvio = <T extends Tarefa>(tarefa: T, chave: string): PgBoss.SendOptions => ({
  singletonKey: chave,
  retryLimit: tarefa.politica.tentativas - 1,
  retryDelay: tarefa.politica.esperaSegundos,
  retryBackoff: true,
  expireInSeconds: tarefa.politica.limiteSegundos,
});
