import { z } from 'zod';

// What every call to Meta's Graph API shares (docs/formatos-externos.md §4.1): the URL of the phone number, the
// bearer call itself, the error body and the pt-BR reasons for network failures. The connection
// check and the Cloud API driver both go through here.

export type CloudConexao = {
  baseUrl: string;
  apiVersion: string;
  phoneNumberId: string;
  accessToken: string;
};

/** `error` of a Graph API answer (docs/formatos-externos.md §4.4); only `code` and `error_data.details` are meant to be relied on. */
const corpoDeErro = z.object({
  error: z.object({
    code: z.number().optional(),
    error_subcode: z.number().optional(),
    message: z.string().optional(),
    error_data: z.object({ details: z.string().optional() }).optional(),
  }),
});
export type ErroGraph = z.infer<typeof corpoDeErro>['error'];

const ERRO_MAX = 500;

/** `{baseUrl}/{version}/{phone-number-id}{caminho}`, tolerating a trailing slash on the base URL. */
export const urlDoNumero = (c: CloudConexao, caminho = ''): string => {
  const base = c.baseUrl.replace(/\/+$/, '');
  return `${base}/${encodeURIComponent(c.apiVersion)}/${encodeURIComponent(c.phoneNumberId)}${caminho}`;
};

const lerJson = (texto: string): unknown => {
  try {
    return JSON.parse(texto);
  } catch {
    return undefined;
  }
};

/** The `error` object of an answer body, if it has one. */
export const lerErroGraph = (json: unknown): ErroGraph | undefined => corpoDeErro.safeParse(json).data?.error;

// Defence in depth: whatever the server echoes, the token never reaches storage, logs or responses.
export const semSegredo = (texto: string, token: string): string =>
  (token.length > 0 ? texto.replaceAll(token, '••••••••') : texto).slice(0, ERRO_MAX);

const CAUSAS_REDE: Record<string, string> = {
  ECONNREFUSED: 'conexão recusada',
  ECONNRESET: 'conexão interrompida',
  UND_ERR_SOCKET: 'conexão encerrada pelo servidor',
  ENOTFOUND: 'endereço não encontrado (DNS)',
  EAI_AGAIN: 'falha temporária de DNS',
  ETIMEDOUT: 'tempo de conexão esgotado',
  EHOSTUNREACH: 'servidor inalcançável',
  ENETUNREACH: 'rede inalcançável',
};

/** A call that got no HTTP answer; `url_invalida` is the only one that retrying cannot fix. */
export type FalhaGraph = {
  codigo: 'timeout' | 'rede' | 'url_invalida';
  mensagem: string;
  transitorio: boolean;
};

const falhaDeRede = (error: unknown, timeoutMs: number, host: string): FalhaGraph => {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return {
      codigo: 'timeout',
      mensagem: `Tempo esgotado: a API do WhatsApp (${host}) não respondeu em ${timeoutMs / 1000} segundos.`,
      transitorio: true,
    };
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const code = cause?.code ?? '';
  const mensagem =
    cause?.message === 'unexpected redirect'
      ? `A API do WhatsApp (${host}) respondeu com um redirecionamento, que não é seguido.`
      : `Não foi possível conectar à API do WhatsApp (${host}): ${CAUSAS_REDE[code] ?? (code ? `erro ${code}` : 'falha de rede')}.`;
  return { codigo: 'rede', mensagem, transitorio: true };
};

export type RespostaGraph = { status: number; json: unknown };

export type ChamadaGraph = {
  url: string;
  accessToken: string;
  timeoutMs: number;
  corpo?: unknown;
  fetch?: typeof fetch;
};

/** One bearer call (POST when there is a body); never throws. */
export const chamarGraph = async (chamada: ChamadaGraph): Promise<RespostaGraph | FalhaGraph> => {
  let url: URL;
  try {
    url = new URL(chamada.url);
  } catch {
    return {
      codigo: 'url_invalida',
      mensagem: 'A URL base da API do WhatsApp é inválida.',
      transitorio: false,
    };
  }
  const comCorpo = chamada.corpo !== undefined;
  try {
    // The timeout covers the body too; redirects are refused so the bearer token goes nowhere else.
    const response = await (chamada.fetch ?? fetch)(url, {
      method: comCorpo ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${chamada.accessToken}`,
        accept: 'application/json',
        ...(comCorpo ? { 'content-type': 'application/json' } : {}),
      },
      ...(comCorpo ? { body: JSON.stringify(chamada.corpo) } : {}),
      redirect: 'error',
      signal: AbortSignal.timeout(chamada.timeoutMs),
    });
    return { status: response.status, json: lerJson(await response.text()) };
  } catch (error) {
    return falhaDeRede(error, chamada.timeoutMs, url.host);
  }
};

export const ehFalha = (r: RespostaGraph | FalhaGraph): r is FalhaGraph => 'codigo' in r;
