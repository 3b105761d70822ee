import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { linhasDe } from '../db/linhas.ts';
import { ESQUEMA_FILA } from './boss.ts';
import type { Tarefa } from './tarefa.ts';

/** Whether a job of one of these types with this key is still waiting, retrying or running. */
export const tarefaPendente = async (
  db: DbOrTx,
  tarefas: readonly Tarefa[],
  chave: string,
): Promise<boolean> => {
  const nomes = tarefas.map((t) => t.nome);
  const [linha] = linhasDe<{ pendente: boolean }>(
    await db.execute(sql`
      SELECT EXISTS (SELECT 1 FROM ${sql.raw(ESQUEMA_FILA)}.job
        WHERE name IN (SELECT jsonb_array_elements_text(${JSON.stringify(nomes)}::jsonb))
          AND singleton_key = ${chave} AND state IN ('created', 'retry', 'active')) AS pendente`),
  );
  return linha?.pendente === true;
};
