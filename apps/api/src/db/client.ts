import { fileURLToPath } from 'node:url';
import type { DatabaseKind } from '@cobranca/contracts';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { aplicarGatilhos } from './gatilhos/aplicar.ts';
import { type AoOuvir, ouvirPostgres } from './ouvinte-postgres.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type every repository takes, whichever driver sits underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

/** Plain SQL with `$n` parameters, for a library that brings its own statements (the job queue). */
export type ExecutarSql = (texto: string, valores?: unknown[]) => Promise<{ rows: unknown[] }>;

export type Database = {
  db: Db;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  /** Outside any transaction; a text of several statements (no parameters) runs as one script. */
  executarSql: ExecutarSql;
  /** LISTEN on a channel (NOTIFY is delivered at commit); the answer stops listening. */
  ouvir(canal: string, aoOuvir: AoOuvir): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Serialises migrations when several processes start against one PostgreSQL.
const MIGRATION_LOCK_ID = 7_310_421;

const FATAL_SEVERITIES = new Set(['PANIC', 'FATAL']);

/**
 * PGlite is PostgreSQL inside this process, with no postmaster to restart it after a PANIC (a WAL
 * segment that cannot be written on a full disk, for one): the next statement then spins forever on
 * the lock the failed one left held, freezing the event loop. So from the first PANIC/FATAL on, every
 * statement fails at once with that error and `onFatal` decides what the process does.
 */
const stopAfterFatal = (client: PGlite, onFatal: (error: Error) => void) => {
  let fatal: Error | null = null;
  const execProtocolStream = client.execProtocolStream.bind(client);
  client.execProtocolStream = async (...args) => {
    if (fatal) throw fatal;
    try {
      return await execProtocolStream(...args);
    } catch (error) {
      const severity = (error as { severity?: string }).severity;
      if (error instanceof Error && severity && FATAL_SEVERITIES.has(severity)) {
        fatal = error;
        onFatal(error);
      }
      throw error;
    }
  };
  return () => fatal !== null;
};

/** `dataDir` undefined means in memory (tests); `copiaDe` starts from a `despejar` tarball. */
export const openPglite = async (
  dataDir?: string,
  { onFatal = () => {}, copiaDe }: { onFatal?: (error: Error) => void; copiaDe?: Blob } = {},
): Promise<Database & { despejar(): Promise<Blob> }> => {
  const client = await PGlite.create({ dataDir, loadDataDir: copiaDe, extensions: { pg_trgm } });
  const stopped = stopAfterFatal(client, onFatal);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      await aplicarGatilhos((texto) => client.exec(texto));
    },
    executarSql: async (texto, valores) => {
      if (valores && valores.length > 0) return client.query(texto, valores);
      try {
        return (await client.exec(texto)).at(-1) ?? { rows: [] };
      } catch (error) {
        // A script with its own BEGIN that failed half-way would leave the one connection in it.
        await client.exec('ROLLBACK').catch(() => {});
        throw error;
      }
    },
    ouvir: (canal, aoOuvir) => client.listen(canal, (payload) => aoOuvir({ payload })),
    // Shutting a stopped PGlite down would run into the same held lock.
    close: async () => {
      if (!stopped()) await client.close();
    },
    // The data directory as a tarball, to open copies from (the tests' migrated model).
    despejar: () => client.dumpDataDir('none'),
  };
};

export const openPostgres = async (connectionString: string, poolSize = 10): Promise<Database> => {
  // Connections are kept once opened (`min`), not closed after 10 s idle: a new connection's server
  // process answers its first queries slowly (empty catalog caches), which made the first sends of each
  // engine pass late (docs/decisions/017).
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    min: poolSize,
    connectionTimeoutMillis: 5_000,
    // Short statements only: a claim over a large queue is estimated above jit_above_cost and spent 16 ms
    // compiling for 7 ms of work (docs/decisions/048-sem-jit.md). The named statements (the lists, the
    // workspace, the portal) are shaped so one plan serves every value: planning them again on each run
    // cost the receivables list 0.3 ms (docs/decisions/051-listas-sem-copias-lentas.md).
    options: '-c jit=off -c plan_cache_mode=force_generic_plan',
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
        await aplicarGatilhos((texto) => client.query(texto));
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    executarSql: async (texto, valores) => {
      if (valores && valores.length > 0) return pool.query(texto, valores);
      const cliente = await pool.connect();
      try {
        // node-postgres answers a script with one result per statement.
        const resultado: pg.QueryResult | pg.QueryResult[] = await cliente.query(texto);
        return Array.isArray(resultado) ? (resultado.at(-1) ?? { rows: [] }) : resultado;
      } catch (error) {
        // A script with its own BEGIN that failed half-way would go back to the pool inside it.
        await cliente.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        cliente.release();
      }
    },
    ouvir: (canal, aoOuvir) => ouvirPostgres(connectionString, canal, aoOuvir),
    close: () => pool.end(),
  };
};
