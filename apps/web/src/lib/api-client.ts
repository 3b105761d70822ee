import { type CodigoErro, codigoErro, type ValidationErrorResponse } from '@cobranca/contracts';
import { useSession } from './session.ts';

export type FieldErrors = ValidationErrorResponse['errors'];

/**
 * A failed call. `code` is the server's stable error code (docs/produto.md §18): screens branch on it,
 * never on the wording; it is absent when the answer did not come from the API (a proxy, no network).
 * `detail` is what the user may read: the server's `message`, or the connection failure; absent when
 * neither exists (the screen then shows its own text). `errors` are per field (422).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
    readonly errors: FieldErrors = {},
    readonly code: CodigoErro | undefined = undefined,
  ) {
    super(detail ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

/** The call failed with one of these codes. */
export const temCodigo = (error: unknown, ...codigos: CodigoErro[]): error is ApiError =>
  error instanceof ApiError && error.code !== undefined && codigos.includes(error.code);

export type QueryValue = string | number | boolean | null | undefined;
type RequestOptions = {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: the server writes a repeated submission once (decision 012). */
  idempotencyKey?: string;
};

export const CONNECTION_ERROR = 'Não foi possível falar com o servidor. Verifique sua conexão.';

/** `?a=1&b=x`, leaving out empty filters (docs/produto.md §7: empty ones omitted). */
export const toQueryString = (query: Record<string, QueryValue> = {}): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** A response text as JSON when it is JSON, else the text itself; null when empty. */
export const parseBody = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const readBody = async (response: Response): Promise<unknown> => parseBody(await response.text());

const errorFrom = (status: number, body: unknown): ApiError => {
  const shaped = typeof body === 'object' && body !== null ? (body as Partial<ValidationErrorResponse>) : {};
  const detail = typeof shaped.message === 'string' && shaped.message ? shaped.message : undefined;
  const code = codigoErro.safeParse(shaped.code);
  return new ApiError(status, detail, shaped.errors ?? {}, code.success ? code.data : undefined);
};

/** The session is over (the token is missing, expired, revoked or its user blocked). */
const FIM_DA_SESSAO: readonly CodigoErro[] = ['NAO_AUTENTICADO', 'SESSAO_INVALIDA'];
/** Worth a line in the console: a screen offered what the role may not do, or the server failed. */
const FALHA_A_REGISTRAR: readonly CodigoErro[] = [
  'SEM_PERMISSAO',
  'ERRO_INTERNO',
  'BANCO_INDISPONIVEL',
  'SEM_ESPACO_EM_DISCO',
];

/**
 * The ApiError of a failed answer, handled as docs/produto.md §2 decides for every call (401 ends the session,
 * 403 and 5xx are logged); also used by the upload helper, which cannot go through fetch.
 */
export const failure = (status: number, body: unknown, path: string): ApiError => {
  const error = errorFrom(status, body);
  // Without a code the answer came from something in between (a proxy): its status is all there is.
  const { code } = error;
  if (code ? FIM_DA_SESSAO.includes(code) : status === 401) useSession.getState().clear();
  else if (code ? FALHA_A_REGISTRAR.includes(code) : status === 403 || status >= 500)
    console.error(`[api] ${status} ${path}: ${error.message}${code ? ` [${code}]` : ''}`);
  return error;
};

/** docs/produto.md §2 headers of every call: the XHR marker always, the bearer token when one is stored. */
export const authHeaders = (accept = 'application/json'): Record<string, string> => {
  const token = useSession.getState().token;
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: accept };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
};

/**
 * fetch under `/api`, answering only a successful response: a connection failure becomes the
 * connection ApiError (an abort stays an abort), any other status its handled `failure`.
 */
export const apiFetch = async (
  path: string,
  init: RequestInit,
  query?: Record<string, QueryValue>,
): Promise<Response> => {
  let response: Response;
  try {
    response = await fetch(`/api${path}${toQueryString(query)}`, init);
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiError(0, CONNECTION_ERROR);
  }
  if (!response.ok) throw failure(response.status, await readBody(response), path);
  return response;
};

/** The one client every screen uses: base `/api`, bearer token when stored, XHR marker always. */
export const apiRequest = async <T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> => {
  const headers = authHeaders();
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const response = await apiFetch(
    path,
    {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    },
    options.query,
  );
  return (await readBody(response)) as T;
};

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};

/** The user-facing text of any error a query or mutation produced. */
export const errorMessage = (error: unknown, fallback: string): string =>
  (error instanceof ApiError ? error.detail : undefined) ?? fallback;
