import type { IncomingMessage, ServerResponse } from 'node:http';
import type https from 'node:https';
import { createRequire } from 'node:module';
import { type App, buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { ESQUEMA_FILA } from '../fila/boss.ts';
import type { PspFalso } from '../modules/pix/psp/psp-falso.test-fixtures.ts';

// Helpers for the fault tests of the job queue's side effects (docs/efeitos-colaterais.md §3): a PSP
// that applies a call and never answers it, and the expiry a dead process's try meets later.

/** Decides, once the fake PSP has applied a call, whether its answer is held back. */
export type RegraDeRetencao = (metodo: string, caminho: string, status: number) => boolean;

export type RetencaoPsp = {
  /** The calls whose answer was held: applied at the PSP, never answered. */
  readonly retidas: { metodo: string; caminho: string; status: number }[];
  /** From now on, answers matching `regra` are held; null answers everything again. */
  reter(regra: RegraDeRetencao | null): void;
};

/**
 * Wraps the fake PSP's request handler: a held call is processed as usual (the charge created, removed,
 * the PIX read) and recorded in `psp.chamadas`, but its answer never leaves, like an answer lost when
 * the caller dies while waiting for it.
 */
export const reterRespostasDoPsp = (psp: PspFalso): RetencaoPsp => {
  // The fake has no such switch of its own; its https server is private, so it is reached at runtime.
  const servidor = (psp as unknown as { servidor: https.Server }).servidor;
  const [atender] = servidor.listeners('request') as ((p: IncomingMessage, s: ServerResponse) => void)[];
  if (!atender) throw new Error('PSP falso sem tratador de requisições');
  const retidas: RetencaoPsp['retidas'] = [];
  let regra: RegraDeRetencao | null = null;
  servidor.removeAllListeners('request');
  servidor.on('request', (pedido: IncomingMessage, saida: ServerResponse) => {
    const metodo = pedido.method ?? 'GET';
    const caminho = new URL(pedido.url ?? '/', 'https://127.0.0.1').pathname;
    const cabecalho = saida.writeHead.bind(saida);
    const fim = saida.end.bind(saida);
    let retida = false;
    saida.writeHead = ((status: number, ...resto: unknown[]) => {
      if (regra?.(metodo, caminho, status)) {
        retida = true;
        retidas.push({ metodo, caminho, status });
        return saida;
      }
      return (cabecalho as (...a: unknown[]) => ServerResponse)(status, ...resto);
    }) as ServerResponse['writeHead'];
    saida.end = ((...args: unknown[]) =>
      retida ? saida : (fim as (...a: unknown[]) => ServerResponse)(...args)) as ServerResponse['end'];
    atender(pedido, saida);
  });
  return {
    retidas,
    reter: (nova) => {
      regra = nova;
    },
  };
};

type PlanosPgBoss = {
  locked(esquema: string, sql: string): string;
  failJobsByTimeout(esquema: string): string;
};
// pg-boss's own SQL (no type declarations ship for it): the statement its maintenance runs.
const planos = createRequire(import.meta.url)('pg-boss/src/plans.js') as PlanosPgBoss;

/**
 * What happens to the tries a killed process held once their time limit has passed: pg-boss's
 * maintenance fails them by timeout and schedules the retry with backoff. The wait is not waited for:
 * the tries are made that old, then the maintenance's own statement runs; the retries are due at once.
 */
export const expirarTentativasAtivas = async (database: Database): Promise<number> => {
  const { rows } = await database.executarSql(
    `UPDATE ${ESQUEMA_FILA}.job SET started_on = started_on - expire_in - interval '1 second'
       WHERE state = 'active' RETURNING id`,
    [],
  );
  await database.executarSql(planos.locked(ESQUEMA_FILA, planos.failJobsByTimeout(ESQUEMA_FILA)));
  await database.executarSql(
    `UPDATE ${ESQUEMA_FILA}.job SET start_after = now() WHERE state = 'retry' AND start_after > now()`,
    [],
  );
  return rows.length;
};

/**
 * The scenario's database opened in this process while its server is down (PGlite is single-process),
 * with an app that runs no job; both closed after `uso`.
 */
export const comBancoParado = async <T>(
  abrir: () => Promise<Database>,
  appKey: Buffer,
  uso: (database: Database, app: App) => Promise<T>,
): Promise<T> => {
  const database = await abrir();
  const app = await buildApp({ database, appKey, fila: { trabalhar: false } });
  try {
    return await uso(database, app);
  } finally {
    await app.close();
    await database.close();
  }
};
