import type { Metricas } from './metricas.ts';

// The API client of the simulated users: Node's fetch (undici), a bearer token, and every response
// timed (until its body is read) into the metrics under a route group.

export type Pedido = {
  grupo: string;
  metodo?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  caminho: string;
  json?: unknown;
  formulario?: FormData;
  /** Statuses that are part of the journey (default: 2xx). Anything else counts as unexpected. */
  esperados?: number[];
};

export type Resposta<T = unknown> = { status: number; corpo: T };

const LIMITE_MS = 30_000;

export const criarClienteHttp = (baseUrl: string, metricas: Metricas | null, token?: string) => {
  const headers = (pedido: Pedido): Record<string, string> => ({
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(pedido.json !== undefined ? { 'content-type': 'application/json' } : {}),
  });

  return async <T = unknown>(pedido: Pedido): Promise<Resposta<T>> => {
    const metodo = pedido.metodo ?? 'GET';
    const inicio = performance.now();
    let status = 0;
    let texto = '';
    let requestId: string | null = null;
    try {
      const resposta = await fetch(`${baseUrl}${pedido.caminho}`, {
        method: metodo,
        headers: headers(pedido),
        body: pedido.formulario ?? (pedido.json !== undefined ? JSON.stringify(pedido.json) : undefined),
        signal: AbortSignal.timeout(LIMITE_MS),
      });
      status = resposta.status;
      requestId = resposta.headers.get('x-request-id');
      texto = await resposta.text();
    } catch (erro) {
      texto = erro instanceof Error ? `${erro.name}: ${erro.message}` : String(erro);
    }
    const ms = performance.now() - inicio;
    const esperado = pedido.esperados ? pedido.esperados.includes(status) : status >= 200 && status < 300;
    metricas?.registrar({ grupo: pedido.grupo, metodo, caminho: pedido.caminho, status }, ms, esperado, {
      corpo: texto.slice(0, 300),
      requestId,
    });
    let corpo: unknown = null;
    try {
      corpo = texto ? JSON.parse(texto) : null;
    } catch {
      corpo = texto;
    }
    return { status, corpo: corpo as T };
  };
};

export type ClienteHttp = ReturnType<typeof criarClienteHttp>;
