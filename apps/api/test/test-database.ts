import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
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

/** Where the global setup (modelo-banco.global-setup.ts) left the migrated models, for the workers. */
export const MODELO_PGLITE = 'COBRANCA_TESTE_MODELO_PGLITE';
export const MODELO_POSTGRES = 'COBRANCA_TESTE_MODELO_POSTGRES';

export const nomeDeBancoDeTeste = (sufixo = randomBytes(4).toString('hex')) =>
  `${PREFIX}${Date.now().toString(36)}_${sufixo}`;

/** Runs `run` with a client on the TEST_DATABASE_URL server's admin database. */
export const comAdminPostgres = <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_KIND=postgres requer TEST_DATABASE_URL.');
  return withAdmin(adminUrl, run);
};

export const urlDoBanco = (nome: string): string => {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${nome}`;
  return url.toString();
};

/**
 * A PostgreSQL database of its own on the TEST_DATABASE_URL server, empty or (`copiaDe`) a copy of a
 * template database; `drop` removes it.
 */
export const createPostgresTestDatabase = async (
  copiaDe?: string,
): Promise<{ url: string; drop: () => Promise<void> }> => {
  const name = nomeDeBancoDeTeste();
  await comAdminPostgres(async (client) => {
    await dropStaleDatabases(client);
    await client.query(`CREATE DATABASE "${name}"${copiaDe ? ` TEMPLATE "${copiaDe}"` : ''}`);
  });
  return {
    url: urlDoBanco(name),
    drop: () =>
      comAdminPostgres((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => {},
      ),
  };
};

/** Migrates a new database and installs the job queue: what every test database starts from. */
export const prepararBanco = async <D extends Database>(database: D): Promise<D> => {
  await database.migrate();
  await instalarFila(database, TAREFAS);
  return database;
};

/**
 * A migrated, empty database of its own (with the job queue): PGlite in memory, or a fresh PostgreSQL
 * database dropped on close. Both are copies of the model the global setup migrated once, when there
 * is one (migrating each took seconds, hundreds of times a run).
 */
export const openTestDatabase = async (): Promise<Database> => {
  if (testDbKind() === 'pglite') {
    const modelo = process.env[MODELO_PGLITE];
    return modelo
      ? openPglite(undefined, { copiaDe: new Blob([await readFile(modelo)]) })
      : prepararBanco(await openPglite());
  }
  const modelo = process.env[MODELO_POSTGRES];
  const { url, drop } = await createPostgresTestDatabase(modelo);
  const database = await openPostgres(url, 5);
  if (!modelo) await prepararBanco(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
};
