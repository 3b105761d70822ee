import { chamarJson } from '../../../lib/chamada-json.ts';

// One call to the Zenvia API v2 (zenvia/zenvia-openapi-spec, "Authentication"): the token goes in the
// `X-API-TOKEN` header, bodies are JSON; network failures come back as values (lib/chamada-json.ts).

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

/** `GET`, or `POST` with `corpo`, to `{baseUrl}{caminho}`; never throws. */
export const chamarZenvia = (cfg: ConfigZenvia, caminho: string, corpo?: unknown) =>
  chamarJson({
    url: `${(cfg.baseUrl ?? ZENVIA_BASE_URL).replace(/\/+$/, '')}${caminho}`,
    servico: 'API da Zenvia',
    cabecalhos: { 'x-api-token': cfg.token },
    timeoutMs: cfg.tempoLimiteMs ?? ZENVIA_TIMEOUT_MS,
    corpo,
  });
