import { z } from 'zod';
import { ehFalhaDeRede } from '../../lib/chamada-json.ts';
import { type CloudConexao, chamarGraph, semSegredo, urlDoNumero } from './graph-api.ts';
import { erroDaRespostaCloud } from './whatsapp-cloud-erros.ts';

// Connection check of the WhatsApp Cloud API (docs/formatos-externos.md §4.5): reads the phone-number object
// with the configured token. Every failure becomes a pt-BR reason for the admin screen.

export const VERIFICACAO_TIMEOUT_MS = 5_000;

export type ResultadoVerificacao =
  | { ok: true; numeroExibicao: string | null; nomeVerificado: string | null; qualidade: string | null }
  | { ok: false; erro: string };

const numeroResposta = z.object({
  display_phone_number: z.string().nullish(),
  verified_name: z.string().nullish(),
  quality_rating: z.string().nullish(),
});

export const urlVerificacao = (c: CloudConexao): string =>
  `${urlDoNumero(c)}?fields=display_phone_number,verified_name,quality_rating`;

/** Reads the answer of the phone-number endpoint (pure). */
export const interpretarResposta = (httpStatus: number, json: unknown): ResultadoVerificacao => {
  if (httpStatus !== 200) return { ok: false, erro: erroDaRespostaCloud(httpStatus, json).mensagem };
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

/** Calls the phone-number endpoint once; never throws. */
export const verificarNumeroCloud = async (
  c: CloudConexao,
  timeoutMs = VERIFICACAO_TIMEOUT_MS,
): Promise<ResultadoVerificacao> => {
  const resposta = await chamarGraph({ url: urlVerificacao(c), accessToken: c.accessToken, timeoutMs });
  if (ehFalhaDeRede(resposta)) return { ok: false, erro: resposta.mensagem };
  const resultado = interpretarResposta(resposta.status, resposta.json);
  return resultado.ok ? resultado : { ok: false, erro: semSegredo(resultado.erro, c.accessToken) };
};
