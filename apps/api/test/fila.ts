import type { App } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { ESQUEMA_FILA } from '../src/fila/boss.ts';

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
  state: string;
  retry_count: number;
  output: { message?: string } | null;
  data: unknown;
};

/** The jobs of one type, oldest first. */
export const jobsDa = async (database: Database, nome: string): Promise<JobDaFila[]> =>
  (
    await database.executarSql(
      `SELECT state::text, retry_count, output, data FROM ${ESQUEMA_FILA}.job WHERE name = $1 ORDER BY created_on`,
      [nome],
    )
  ).rows as JobDaFila[];

/** What the app set off after its answers has run: work off the request and the jobs. */
export const efeitosConcluidos = async (app: App): Promise<void> => {
  await app.segundoPlanoConcluido();
  await filaOciosa(app);
  // A job may have set off another (a settlement's thank-you).
  await filaOciosa(app);
};
