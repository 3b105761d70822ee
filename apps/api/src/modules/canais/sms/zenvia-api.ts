// One call to the Zenvia API v2 (zenvia/zenvia-openapi-spec, "Authentication"): the token goes in the
// `X-API-TOKEN` header, bodies are JSON. Network failures come back as values with a pt-BR reason, never
// as exceptions, so the driver and the connection check classify everything in one place.

export const ZENVIA_BASE_URL = 'https://api.zenvia.com';
export const ZENVIA_TIMEOUT_MS = 10_000;

export type ConfigZenvia = {
  /** Default `https://api.zenvia.com`; tests point it at the fake on loopback. */
  baseUrl?: string;
  token: string;
  /** The SMS sender alias connected on the Zenvia platform (`from`). */
  remetente: string;
  tempoLimiteMs?: number;
};

/** An HTTP answer; `json` is undefined when the body is not JSON (a proxy's page, an empty body). */
export type RespostaZenvia = { status: number; json: unknown };

/** No HTTP answer at all; only an unusable base URL will fail the same way again. */
export type FalhaRedeZenvia = {
  codigo: 'timeout' | 'rede' | 'url_invalida';
  mensagem: string;
  transitorio: boolean;
};

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

const lerJson = (texto: string): unknown => {
  try {
    return JSON.parse(texto);
  } catch {
    return undefined;
  }
};

const falhaDeRede = (error: unknown, timeoutMs: number, host: string): FalhaRedeZenvia => {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return {
      codigo: 'timeout',
      mensagem: `Tempo esgotado: a API da Zenvia (${host}) não respondeu em ${timeoutMs / 1000} segundos.`,
      transitorio: true,
    };
  const causa =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const code = causa?.code ?? '';
  const mensagem =
    causa?.message === 'unexpected redirect'
      ? `A API da Zenvia (${host}) respondeu com um redirecionamento, que não é seguido.`
      : `Não foi possível conectar à API da Zenvia (${host}): ${CAUSAS_REDE[code] ?? (code ? `erro ${code}` : 'falha de rede')}.`;
  return { codigo: 'rede', mensagem, transitorio: true };
};

export const ehFalhaDeRede = (r: RespostaZenvia | FalhaRedeZenvia): r is FalhaRedeZenvia => 'codigo' in r;

/** `GET`, or `POST` with `corpo`, to `{baseUrl}{caminho}`; never throws. */
export const chamarZenvia = async (
  cfg: ConfigZenvia,
  caminho: string,
  corpo?: unknown,
): Promise<RespostaZenvia | FalhaRedeZenvia> => {
  const timeoutMs = cfg.tempoLimiteMs ?? ZENVIA_TIMEOUT_MS;
  let url: URL;
  try {
    url = new URL(`${(cfg.baseUrl ?? ZENVIA_BASE_URL).replace(/\/+$/, '')}${caminho}`);
  } catch {
    return {
      codigo: 'url_invalida',
      mensagem: 'A URL base da API da Zenvia é inválida.',
      transitorio: false,
    };
  }
  try {
    // The timeout covers the body too; redirects are refused so the token goes nowhere else.
    const resposta = await fetch(url, {
      method: corpo === undefined ? 'GET' : 'POST',
      headers: {
        'x-api-token': cfg.token,
        accept: 'application/json',
        ...(corpo === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(corpo === undefined ? {} : { body: JSON.stringify(corpo) }),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: resposta.status, json: lerJson(await resposta.text()) };
  } catch (error) {
    return falhaDeRede(error, timeoutMs, url.host);
  }
};
