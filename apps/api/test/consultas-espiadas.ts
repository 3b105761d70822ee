import { vi } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { ESQUEMA_FILA } from '../src/fila/boss.ts';

/**
 * Records the statements the database client receives (PGlite's or node-postgres's pool), to count
 * what a request costs. The session lookup (api_tokens: the lookup and its once-a-minute touch) is left
 * out: it may or may not be cached by then; so are the job queue's own statements (its workers poll
 * through the same pool, whatever the request does).
 */
export const espiarConsultas = (database: Database) => {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const espiao = vi.spyOn(client, 'query');
  const textoDe = (arg: unknown) =>
    typeof arg === 'string' ? arg : String((arg as { text?: unknown } | undefined)?.text ?? '');
  const doPedido = (texto: string) => !texto.includes('"api_tokens"') && !texto.includes(`${ESQUEMA_FILA}.`);
  return {
    /** Statements since the last `limpar`, the session's left out; throws if none at all was seen. */
    semSessao: (): string[] => {
      if (espiao.mock.calls.length === 0) throw new Error('nenhuma consulta passou pelo espião');
      return espiao.mock.calls.map(([arg]) => textoDe(arg)).filter(doPedido);
    },
    /** The same statements with their values. */
    comValores: (): [string, unknown[]][] =>
      espiao.mock.calls
        .map(([arg, valores]): [string, unknown[]] => [
          textoDe(arg),
          (Array.isArray(valores) ? valores : (arg as { values?: unknown[] }).values) ?? [],
        ])
        .filter(([texto]) => doPedido(texto)),
    limpar: () => espiao.mockClear(),
    restaurar: () => espiao.mockRestore(),
  };
};
