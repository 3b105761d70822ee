import type { App } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { ESQUEMA_FILA } from '../src/fila/boss.ts';
import { enfileirar } from '../src/fila/enfileirar.ts';
import { despacharMensagem } from '../src/modules/mensagens/jobs/despachar-mensagem.job.ts';

/** Waits until the app's job workers have nothing running or ready to run. */
export const filaOciosa = async (app: App): Promise<void> => {
  if (!app.fila) throw new Error('o app de teste não roda a fila');
  await app.fila.ociosa();
};

/** A retry's backoff over at once, as if its time had come (tests of what a later try does). */
export const anteciparTentativas = async (database: Database): Promise<number> => {
  const { rows } = await database.executarSql(
    `UPDATE ${ESQUEMA_FILA}.job SET start_after = now() WHERE state = 'retry' RETURNING id`,
    [],
  );
  return rows.length;
};

export type JobDaFila = {
  id: string;
  state: string;
  retry_count: number;
  output: { message?: string } | null;
  data: unknown;
};

/** The jobs of one type, oldest first. */
export const jobsDa = async (database: Database, nome: string): Promise<JobDaFila[]> =>
  (
    await database.executarSql(
      `SELECT id::text, state::text, retry_count, output, data FROM ${ESQUEMA_FILA}.job WHERE name = $1 ORDER BY created_on`,
      [nome],
    )
  ).rows as JobDaFila[];

/** What the app's answers set off has run: the jobs, and the jobs those enqueued. */
export const efeitosConcluidos = (app: App): Promise<void> => filaOciosa(app);

let contador = 0;

/**
 * A job of a real type, dead with its last error (as after its last failed try), for the panel and the
 * CLI; `viva` leaves it waiting a day instead, never run by the test's workers.
 */
export const tarefaDeTeste = async (database: Database, situacao: 'morta' | 'viva'): Promise<string> => {
  contador += 1;
  const id = await enfileirar(
    database.db,
    despacharMensagem,
    { mensagem_id: 1_000_000 + contador, prazo: '2000-01-01 00:00:00+00' },
    { apos: new Date(Date.now() + 86_400_000) },
  );
  if (!id) throw new Error('tarefa de teste não enfileirada');
  if (situacao === 'morta')
    await database.executarSql(
      `UPDATE ${ESQUEMA_FILA}.job SET state = 'failed', retry_count = retry_limit, completed_on = now(),
         start_after = now(), output = '{"message": "canal fora do ar (teste)"}' WHERE id = $1`,
      [id],
    );
  return id;
};
