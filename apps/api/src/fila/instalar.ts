import type { Database } from '../db/client.ts';
import { criarBoss } from './boss.ts';
import type { Tarefa } from './tarefa.ts';

const TENTATIVAS = 5;

/**
 * The queue's schema (created, or migrated to this pg-boss version) and one queue per job type, before
 * anything may enqueue. Idempotent.
 */
export const instalarFila = async (database: Database, tarefas: readonly Tarefa[]): Promise<void> => {
  const abrir = () => criarBoss(database.executarSql, { migrar: true }).start();
  const instalar = async () => {
    const boss = await abrir();
    try {
      // `short`: one waiting job per key (a replayed webhook, a second enqueue of the same effect).
      for (const { nome } of tarefas) await boss.createQueue(nome, { name: nome, policy: 'short' });
    } finally {
      await boss.stop({ graceful: false, close: false });
    }
  };
  // Nodes starting together race on the first install; the loser finds it done on a later look.
  for (let tentativa = 1; ; tentativa += 1)
    try {
      return await instalar();
    } catch (erro) {
      if (tentativa === TENTATIVAS) throw erro;
      await new Promise((r) => setTimeout(r, 200 * tentativa));
    }
};
