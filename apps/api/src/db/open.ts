import { join } from 'node:path';
import type { Config } from '../config/env.ts';
import { instalarFila } from '../fila/instalar.ts';
import { TAREFAS } from '../fila/tarefas.ts';
import { type Database, openPglite, openPostgres } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { diskFullStopMessage, isDiskFull } from './disk-full.ts';

// Long enough for the requests that met the failure to get their JSON answer.
const EXIT_DELAY_MS = 1_000;

/** The embedded database stopped for good (see openPglite): say why and exit non-zero; a restart recovers. */
const exitAfterFatal = (dataDir: string) => (error: Error) => {
  console.error(
    isDiskFull(error)
      ? diskFullStopMessage(error, dataDir)
      : `O banco embutido (PGlite) em ${dataDir} parou com um erro grave: ${error.message}. ` +
          'O processo será encerrado; inicie-o de novo.',
  );
  process.exitCode = 1;
  setTimeout(() => process.exit(1), EXIT_DELAY_MS);
};

/** Opens the database the configuration selects, migrated, with the job queue; PGlite also holds the data-dir lock. */
export const openConfiguredDatabase = async (config: Config): Promise<Database> => {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl);
    await database.migrate();
    await instalarFila(database, TAREFAS);
    return database;
  }
  const unlock = lockDataDir(config.dataDir);
  try {
    const database = await openPglite(join(config.dataDir, 'pglite'), {
      onFatal: exitAfterFatal(config.dataDir),
    });
    await database.migrate();
    await instalarFila(database, TAREFAS);
    return {
      ...database,
      close: async () => {
        await database.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
};
