import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openPostgres } from '../apps/api/src/db/client.ts';
import { instalarFila } from '../apps/api/src/fila/instalar.ts';
import { TAREFAS } from '../apps/api/src/fila/tarefas.ts';
import { criarUsuario } from '../apps/api/src/modules/usuarios/usuarios.service.ts';

const URL_PADRAO = 'postgres://postgres@127.0.0.1:5432/postgres';
// BENCH_DB_NOME: two runs at once on one server each need their own database (each drops its own).
const NOME = process.env.BENCH_DB_NOME ?? 'cobranca_bench';

export type BancoBench = { url: string; database: Database; fechar: () => Promise<void> };

/** What the data generators need of a client: node-postgres's, or the embedded PGlite's through `consultorPglite`. */
export type Consultor = {
  query: <R extends Record<string, unknown> = Record<string, unknown>>(
    texto: string,
    valores?: unknown[],
  ) => Promise<{ rows: R[]; rowCount: number | null }>;
};

/** The embedded PGlite client behind a Database opened by `openPglite`. */
export const pgliteDe = (database: Database): PGlite =>
  (database.db as unknown as { $client: PGlite }).$client;

/** The embedded PGlite behind a Database, as a `Consultor`. */
export const consultorPglite = (database: Database): Consultor => {
  const pglite = pgliteDe(database);
  return {
    query: async <R>(texto: string, valores?: unknown[]) => {
      const r = await pglite.query<R>(texto, valores);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
  };
};

/** One short-lived connection for set-up and measurements outside the app's pool. */
export const comCliente = async <T>(url: string, executar: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await executar(client);
  } finally {
    await client.end();
  }
};

const comAdmin = (url: string, sqlText: string) => comCliente(url, (client) => client.query(sqlText));

/** A fresh, migrated `cobranca_bench` database with the job queue on BENCH_DATABASE_URL's server, dropped at the end. */
export const abrirBancoBench = async (): Promise<BancoBench> => {
  const admin = process.env.BENCH_DATABASE_URL ?? URL_PADRAO;
  await comAdmin(admin, `DROP DATABASE IF EXISTS ${NOME} WITH (FORCE)`);
  await comAdmin(admin, `CREATE DATABASE ${NOME}`);
  const url = new URL(admin);
  url.pathname = `/${NOME}`;
  const database = await openPostgres(url.toString());
  await database.migrate();
  await instalarFila(database, TAREFAS);
  return {
    url: url.toString(),
    database,
    fechar: async () => {
      await database.close();
      await comAdmin(admin, `DROP DATABASE IF EXISTS ${NOME} WITH (FORCE)`);
    },
  };
};

export const criarOperadorBench = async (database: Database, email: string): Promise<number> =>
  (
    await criarUsuario(
      database.db,
      { name: 'Operador Bench', email, password: 'Bench@2026x', role: 'operador' },
      { usuarioId: null, ip: null },
    )
  ).id;

/** The Node options `npm start` runs the app with (package.json), for the bench's processes of the app. */
export const OPCOES_NODE_DO_APP: string[] = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start
  .split(/\s+/)
  .filter((parte) => parte.startsWith('--'));

/** Runs a bench script in its own Node process (its own heap and event loop); resolves with its JSON output. */
export const executarEmProcesso = <T>(script: URL, args: string[], opcoesNode: string[] = []): Promise<T> =>
  new Promise((resolve, reject) => {
    const filho = spawn(
      process.execPath,
      [...OPCOES_NODE_DO_APP, ...opcoesNode, '--import', 'tsx', fileURLToPath(script), ...args],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let saida = '';
    filho.stdout.on('data', (parte: Buffer) => {
      saida += parte.toString();
    });
    filho.on('error', reject);
    filho.on('exit', (codigo) =>
      codigo === 0
        ? resolve(JSON.parse(saida) as T)
        : reject(new Error(`${fileURLToPath(script)} saiu com ${codigo}`)),
    );
  });
