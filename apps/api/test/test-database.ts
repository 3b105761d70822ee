import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { instalarFila } from '../src/fila/instalar.ts';
import { TAREFAS } from '../src/fila/tarefas.ts';

export type TestDbKind = 'pglite' | 'postgres';
export const testDbKind = (): TestDbKind => (process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite');

const PREFIX = 'cobranca_t_';
const STALE_AFTER_MS = 2 * 3_600_000;

const withAdmin = async <T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
};

/** Drops databases that an interrupted earlier run left behind (their name carries their birth time). */
const dropStaleDatabases = async (client: pg.Client) => {
  const { rows } = await client.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE datname LIKE $1',
    [`${PREFIX}%`],
  );
  for (const { datname } of rows) {
    const born = Number.parseInt(datname.slice(PREFIX.length).split('_')[0] ?? '', 36);
    if (Number.isFinite(born) && Date.now() - born > STALE_AFTER_MS) {
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => {});
    }
  }
};

/** An empty PostgreSQL database of its own on the TEST_DATABASE_URL server; `drop` removes it. */
export const createPostgresTestDatabase = async (): Promise<{ url: string; drop: () => Promise<void> }> => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_KIND=postgres requer TEST_DATABASE_URL.');
  const name = `${PREFIX}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, async (client) => {
    await dropStaleDatabases(client);
    await client.query(`CREATE DATABASE "${name}"`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => {},
      ),
  };
};

/** A migrated, empty database of its own (with the job queue): PGlite in memory, or a fresh PostgreSQL database dropped on close. */
export const openTestDatabase = async (): Promise<Database> => {
  if (testDbKind() === 'pglite') {
    const database = await openPglite();
    await database.migrate();
    await instalarFila(database, TAREFAS);
    return database;
  }
  const { url, drop } = await createPostgresTestDatabase();
  const database = await openPostgres(url, 5);
  await database.migrate();
  await instalarFila(database, TAREFAS);
  return {
    ...database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
};
