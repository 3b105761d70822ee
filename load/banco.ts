import { comCliente } from '../bench/banco.ts';

// A throwaway PostgreSQL database for the run, created and dropped like bench/banco.ts does.

const URL_PADRAO = 'postgres://postgres@127.0.0.1:5432/postgres';
export const NOME_BANCO = 'cobranca_load';

const urlAdmin = () => process.env.LOAD_DATABASE_URL ?? URL_PADRAO;

/** Creates an empty `cobranca_load` (dropping a leftover one); the server migrates it at start-up. */
export const criarBanco = async (): Promise<string> => {
  await comCliente(urlAdmin(), async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${NOME_BANCO} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${NOME_BANCO}`);
  });
  const url = new URL(urlAdmin());
  url.pathname = `/${NOME_BANCO}`;
  return url.toString();
};

export const removerBanco = (): Promise<unknown> =>
  comCliente(urlAdmin(), (client) => client.query(`DROP DATABASE IF EXISTS ${NOME_BANCO} WITH (FORCE)`));
