import type { Metricas } from './metricas.ts';

// The API client of the simulated users: Node's fetch (undici), a bearer token, and every response
// timed (until its body is read) into the metrics under a route group.

/**
 * The API nodes, taken in turn request by request: the README's nginx upstream has no session affinity
 * (round-robin per request), so a user's next request lands on another node. That is also the harder
 * case: signed in on one node, the token used on the next; a write on one, read back on another.
 */
export type Balanceador = { quantidade: number; proximo: () => { no: number; url: string } };

export const balancear = (urls: string[]): Balanceador => {
  if (urls.length === 0) throw new Error('nenhum nó da API.');
  let n = 0;
  return {
    quantidade: urls.length,
    proximo: () => {
      const no = n++ % urls.length;
      return { no, url: urls[no] as string };
    },
  };
};

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

/**
 * A simulated user's own client address, as the README's proxy passes it (`X-Forwarded-For
 * $remote_addr`, the nodes with TRUST_PROXY=true). From one address, sign-ins are limited to 60 a
 * minute across all nodes (docs/decisions/003-sessions-and-rate-limits.md): 100 operators signing in
 * from 127.0.0.1 would be refused.
 */
export const enderecoDe = (grupo: number, indice: number): string =>
  `10.${grupo}.${Math.floor(indice / 250)}.${(indice % 250) + 1}`;

export const criarClienteHttp = (
  nos: Balanceador,
  metricas: Metricas | null,
  usuario: { endereco: string; token?: string },
) => {
  const { endereco, token } = usuario;
  const headers = (pedido: Pedido): Record<string, string> => ({
    'x-forwarded-for': endereco,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(pedido.json !== undefined ? { 'content-type': 'application/json' } : {}),
  });

  return async <T = unknown>(pedido: Pedido): Promise<Resposta<T>> => {
    const metodo = pedido.metodo ?? 'GET';
    const { no, url } = nos.proximo();
    const inicio = performance.now();
    let status = 0;
    let texto = '';
    let requestId: string | null = null;
    try {
      const resposta = await fetch(`${url}${pedido.caminho}`, {
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
    metricas?.registrar({ grupo: pedido.grupo, no, metodo, caminho: pedido.caminho, status }, ms, esperado, {
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
