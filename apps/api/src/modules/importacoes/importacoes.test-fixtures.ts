import { count } from 'drizzle-orm';
import { bearer } from '../../../test/build-test-app.ts';
import { multipart } from '../../../test/multipart.ts';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { clientes, contasReceber, importacoes } from '../../db/schema/index.ts';

export type ArquivoTeste = { nome: string; conteudo: string | Buffer; tipo?: string };

/** POSTs the files as multipart under `campo`, signed in with `token`. */
export const enviarArquivos = (
  app: App,
  url: string,
  campo: string,
  arquivos: ArquivoTeste[],
  token: string,
) => {
  const { payload, headers } = multipart(campo, arquivos);
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(token) } });
};

/** What an import can write: a refused upload must leave all three unchanged. */
export const contarRegistros = async (db: Db) => {
  const [c] = await db.select({ n: count() }).from(clientes);
  const [i] = await db.select({ n: count() }).from(importacoes);
  const [r] = await db.select({ n: count() }).from(contasReceber);
  return { clientes: c?.n, importacoes: i?.n, contas: r?.n };
};
