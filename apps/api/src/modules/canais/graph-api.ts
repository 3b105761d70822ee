import { z } from 'zod';
import { chamarJson } from '../../lib/chamada-json.ts';

// What every call to Meta's Graph API shares (docs/formatos-externos.md §4.1): the URL of the phone number, the
// bearer call itself (lib/chamada-json.ts gives the pt-BR reasons for network failures) and the error
// body. The connection check and the Cloud API driver both go through here.

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

/** The `error` object of an answer body, if it has one. */
export const lerErroGraph = (json: unknown): ErroGraph | undefined => corpoDeErro.safeParse(json).data?.error;

// Defence in depth: whatever the server echoes, the token never reaches storage, logs or responses.
export const semSegredo = (texto: string, token: string): string =>
  (token.length > 0 ? texto.replaceAll(token, '••••••••') : texto).slice(0, ERRO_MAX);

export type ChamadaGraph = {
  url: string;
  accessToken: string;
  timeoutMs: number;
  corpo?: unknown;
  fetch?: typeof fetch;
};

/** One bearer call (POST when there is a body); never throws. */
export const chamarGraph = ({ accessToken, ...chamada }: ChamadaGraph) =>
  chamarJson({
    ...chamada,
    servico: 'API do WhatsApp',
    cabecalhos: { authorization: `Bearer ${accessToken}` },
  });
