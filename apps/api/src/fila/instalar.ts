import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { ESQUEMA_FILA } from './boss.ts';
import type { Tarefa } from './tarefa.ts';

/**
 * The queue's schema (created, or migrated to this pg-boss version) and one queue per job type, before
 * anything may enqueue. Idempotent; two processes starting together: the loser of pg-boss's install
 * finds it done on its second look.
 */
export const instalarFila = async (database: Database, tarefas: readonly Tarefa[]): Promise<void> => {
  const abrir = () =>
    new PgBoss({
      db: { executeSql: (texto: string, valores?: unknown[]) => database.executarSql(texto, valores) },
      schema: ESQUEMA_FILA,
      migrate: true,
      supervise: false,
      schedule: false,
    } as PgBoss.ConstructorOptions).start();
  const boss = await abrir().catch(abrir);
  // `short`: one waiting job per key (a replayed webhook, a second enqueue of the same effect).
  for (const { nome } of tarefas) await boss.createQueue(nome, { name: nome, policy: 'short' });
  await boss.stop({ graceful: false, close: false });
};
