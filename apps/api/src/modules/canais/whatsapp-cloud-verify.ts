import { z } from 'zod';

// Connection check of the WhatsApp Cloud API (wire-formats §1.5): reads the phone-number object
// with the configured token. Every failure becomes a pt-BR reason for the admin screen.

export const VERIFICACAO_TIMEOUT_MS = 5_000;
const ERRO_MAX = 500;

export type CloudConexao = {
  baseUrl: string;
  apiVersion: string;
  phoneNumberId: string;
  accessToken: string;
};

export type ResultadoVerificacao =
  | { ok: true; numeroExibicao: string | null; nomeVerificado: string | null; qualidade: string | null }
  | { ok: false; erro: string };

const numeroResposta = z.object({
  display_phone_number: z.string().nullish(),
  verified_name: z.string().nullish(),
  quality_rating: z.string().nullish(),
});

const graphErro = z.object({
  error: z.object({
    message: z.string().optional(),
    code: z.number().optional(),
    error_data: z.object({ details: z.string().optional() }).optional(),
  }),
});
type GraphErro = z.infer<typeof graphErro>['error'];

export const urlVerificacao = (c: CloudConexao): string => {
  const base = c.baseUrl.replace(/\/+$/, '');
  const campos = 'display_phone_number,verified_name,quality_rating';
  return `${base}/${encodeURIComponent(c.apiVersion)}/${encodeURIComponent(c.phoneNumberId)}?fields=${campos}`;
};

// Codes of wire-formats §1.4: 190/0 bad token, 10 and 200–299 permission, 100 bad id, 4/80007/130429 rate.
const prefixoErro = (httpStatus: number, code: number | undefined): string => {
  if (httpStatus === 401 || code === 190 || code === 0) return 'Token inválido ou expirado';
  if (code === 10 || (code !== undefined && code >= 200 && code <= 299) || httpStatus === 403)
    return 'Permissão negada para este token';
  if (code === 100) return 'Phone Number ID inexistente ou sem acesso';
  if (httpStatus === 429 || code === 4 || code === 80007 || code === 130429)
    return 'Limite de chamadas da Meta atingido';
  return `Erro da API do WhatsApp (HTTP ${httpStatus})`;
};

const mensagemGraph = (httpStatus: number, erro: GraphErro | undefined): string => {
  const detalhe = erro?.message ?? erro?.error_data?.details ?? 'sem detalhes na resposta';
  const codigo = erro?.code === undefined ? '' : ` (código ${erro.code})`;
  return `${prefixoErro(httpStatus, erro?.code)}: ${detalhe}${codigo}`;
};

const parseJson = (texto: string): unknown => {
  try {
    return JSON.parse(texto);
  } catch {
    return undefined;
  }
};

const interpretarResposta = (httpStatus: number, corpo: string): ResultadoVerificacao => {
  const json = parseJson(corpo);
  if (httpStatus !== 200)
    return { ok: false, erro: mensagemGraph(httpStatus, graphErro.safeParse(json).data?.error) };
  const numero = numeroResposta.safeParse(json);
  if (!numero.success)
    return { ok: false, erro: 'Resposta inesperada da API do WhatsApp (não é o objeto do número).' };
  return {
    ok: true,
    numeroExibicao: numero.data.display_phone_number ?? null,
    nomeVerificado: numero.data.verified_name ?? null,
    qualidade: numero.data.quality_rating ?? null,
  };
};

const CAUSAS_REDE: Record<string, string> = {
  ECONNREFUSED: 'conexão recusada',
  ECONNRESET: 'conexão interrompida',
  ENOTFOUND: 'endereço não encontrado (DNS)',
  EAI_AGAIN: 'falha temporária de DNS',
  ETIMEDOUT: 'tempo de conexão esgotado',
  EHOSTUNREACH: 'servidor inalcançável',
  ENETUNREACH: 'rede inalcançável',
};

const motivoFalhaRede = (error: unknown, timeoutMs: number, host: string): string => {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `Tempo esgotado: a API do WhatsApp (${host}) não respondeu em ${timeoutMs / 1000} segundos.`;
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const code = cause?.code ?? '';
  if (cause?.message === 'unexpected redirect')
    return `A API do WhatsApp (${host}) respondeu com um redirecionamento, que não é seguido.`;
  const causa = CAUSAS_REDE[code] ?? (code ? `erro ${code}` : 'falha de rede');
  return `Não foi possível conectar à API do WhatsApp (${host}): ${causa}.`;
};

// Defence in depth: whatever the server echoes, the token never reaches storage, logs or responses.
const semSegredo = (texto: string, token: string): string =>
  (token.length > 0 ? texto.replaceAll(token, '••••••••') : texto).slice(0, ERRO_MAX);

/** Calls the phone-number endpoint once; never throws. */
export const verificarNumeroCloud = async (
  c: CloudConexao,
  timeoutMs = VERIFICACAO_TIMEOUT_MS,
): Promise<ResultadoVerificacao> => {
  let url: URL;
  try {
    url = new URL(urlVerificacao(c));
  } catch {
    return { ok: false, erro: 'A URL base da API do WhatsApp é inválida.' };
  }
  try {
    // The timeout covers the body too; redirects are refused so the bearer token goes nowhere else.
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${c.accessToken}`, accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const resultado = interpretarResposta(response.status, await response.text());
    return resultado.ok ? resultado : { ok: false, erro: semSegredo(resultado.erro, c.accessToken) };
  } catch (error) {
    return { ok: false, erro: motivoFalhaRede(error, timeoutMs, url.host) };
  }
};
