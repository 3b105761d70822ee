// One JSON call to a provider's HTTP API (WhatsApp's Graph API, Zenvia): the timeout covers the body
// too, redirects are refused so a credential goes nowhere else, and a call with no HTTP answer comes
// back as a value with a pt-BR reason, never as an exception.

/** An HTTP answer; `json` is undefined when the body is not JSON (a proxy's page, an empty body). */
export type RespostaJson = { status: number; json: unknown };

/** No HTTP answer at all; only an unusable URL will fail the same way again. */
export type FalhaDeRede = {
  codigo: 'timeout' | 'rede' | 'url_invalida';
  mensagem: string;
  transitorio: boolean;
};

export type ChamadaJson = {
  url: string;
  /** The service as the messages name it, after "a"/"da"/"à": "API da Zenvia". */
  servico: string;
  cabecalhos: Record<string, string>;
  timeoutMs: number;
  /** A body makes it a POST. */
  corpo?: unknown;
  fetch?: typeof fetch;
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

const falhaDeRede = (error: unknown, c: ChamadaJson, host: string): FalhaDeRede => {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return {
      codigo: 'timeout',
      mensagem: `Tempo esgotado: a ${c.servico} (${host}) não respondeu em ${c.timeoutMs / 1000} segundos.`,
      transitorio: true,
    };
  const causa =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const code = causa?.code ?? '';
  const mensagem =
    causa?.message === 'unexpected redirect'
      ? `A ${c.servico} (${host}) respondeu com um redirecionamento, que não é seguido.`
      : `Não foi possível conectar à ${c.servico} (${host}): ${CAUSAS_REDE[code] ?? (code ? `erro ${code}` : 'falha de rede')}.`;
  return { codigo: 'rede', mensagem, transitorio: true };
};

export const ehFalhaDeRede = (r: RespostaJson | FalhaDeRede): r is FalhaDeRede => 'codigo' in r;

/** The call; never throws. */
export const chamarJson = async (c: ChamadaJson): Promise<RespostaJson | FalhaDeRede> => {
  let url: URL;
  try {
    url = new URL(c.url);
  } catch {
    return { codigo: 'url_invalida', mensagem: `A URL base da ${c.servico} é inválida.`, transitorio: false };
  }
  const comCorpo = c.corpo !== undefined;
  try {
    const resposta = await (c.fetch ?? fetch)(url, {
      method: comCorpo ? 'POST' : 'GET',
      headers: {
        ...c.cabecalhos,
        accept: 'application/json',
        ...(comCorpo ? { 'content-type': 'application/json' } : {}),
      },
      ...(comCorpo ? { body: JSON.stringify(c.corpo) } : {}),
      redirect: 'error',
      signal: AbortSignal.timeout(c.timeoutMs),
    });
    return { status: resposta.status, json: lerJson(await resposta.text()) };
  } catch (error) {
    return falhaDeRede(error, c, url.host);
  }
};
