import { join } from 'node:path';
import type { Config } from '../config/env.ts';
import { type Database, openPglite, openPostgres } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';

/** Opens the database the configuration selects, migrated; PGlite also holds the data-dir lock. */
export const openConfiguredDatabase = async (config: Config): Promise<Database> => {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl);
    await database.migrate();
    return database;
  }
  const unlock = lockDataDir(config.dataDir);
  try {
    const database = await openPglite(join(config.dataDir, 'pglite'));
    await database.migrate();
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
