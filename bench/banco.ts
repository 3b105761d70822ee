import pg from 'pg';
import { type Database, openPostgres } from '../apps/api/src/db/client.ts';
import { createUsuario } from '../apps/api/src/modules/usuarios/usuarios.service.ts';

const URL_PADRAO = 'postgres://postgres@127.0.0.1:5432/postgres';
const NOME = 'cobranca_bench';

export type BancoBench = { url: string; database: Database; fechar: () => Promise<void> };

const comAdmin = async (url: string, sqlText: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
};

/** A fresh, migrated `cobranca_bench` database on BENCH_DATABASE_URL's server, dropped at the end. */
export const abrirBancoBench = async (): Promise<BancoBench> => {
  const admin = process.env.BENCH_DATABASE_URL ?? URL_PADRAO;
  await comAdmin(admin, `DROP DATABASE IF EXISTS ${NOME} WITH (FORCE)`);
  await comAdmin(admin, `CREATE DATABASE ${NOME}`);
  const url = new URL(admin);
  url.pathname = `/${NOME}`;
  const database = await openPostgres(url.toString());
  await database.migrate();
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
    await createUsuario(
      database.db,
      { name: 'Operador Bench', email, password: 'Bench@2026x', role: 'operador' },
      { usuarioId: null },
    )
  ).id;
