import { z } from 'zod';
import { ehFalhaDeRede } from '../../../lib/chamada-json.ts';
import type { ResultadoEnvio } from '../canal.ts';
import { semSegredo } from '../graph-api.ts';
import { referenciaDoEnvio } from '../referencia-envio.ts';
import { type ConfigZenvia, chamarZenvia } from './zenvia-api.ts';
import { erroDaRespostaZenvia } from './zenvia-erros.ts';

// SMS through the Zenvia API v2 (zenvia/zenvia-openapi-spec: paths/channels/channels@sms@messages.ts,
// tags/sms.md): `POST /v2/channels/sms/messages` with `{from, to, contents: [{type: 'text', text}],
// externalId}`; the answer is the message with its `id`. Delivery comes later in MESSAGE_STATUS webhooks
// (zenvia-webhook.ts), which carry both that id and our `externalId`.

export type { ConfigZenvia } from './zenvia-api.ts';

export type SmsZenvia = {
  /** Our message row id: sent as `externalId` (`msg:<id>`), echoed in every status report. */
  mensagemId: number;
  /** E.164, e.g. `+5511987654321`. */
  para: string;
  texto: string;
};

type Falha = Extract<ResultadoEnvio, { ok: false }>;

const E164 = /^\+([1-9]\d{7,14})$/;

const respostaEnvio = z.object({ id: z.string().min(1).max(200) });

// A 2xx without an id may still have sent it: retrying could send the SMS twice (and charge it twice).
const RESPOSTA_INESPERADA: Falha = {
  ok: false,
  erroCodigo: 'resposta_inesperada',
  erroMensagem: 'Resposta inesperada da API da Zenvia: o envio não trouxe o identificador da mensagem.',
  transitorio: false,
};

export const enviarSmsZenvia = async (cfg: ConfigZenvia, sms: SmsZenvia): Promise<ResultadoEnvio> => {
  // Zenvia wants the full number with country code, digits only (tags/sms.md, "SMS sender and recipient").
  const digitos = E164.exec(sms.para)?.[1];
  if (!digitos)
    return {
      ok: false,
      erroCodigo: 'numero_invalido',
      erroMensagem: `O telefone do cliente (${sms.para}) não está no formato internacional (+55 DDD número): corrija o cadastro.`,
      transitorio: false,
    };
  const corpo = {
    from: cfg.remetente,
    to: digitos,
    contents: [{ type: 'text', text: sms.texto }],
    externalId: referenciaDoEnvio(sms.mensagemId),
  };
  const resposta = await chamarZenvia(cfg, '/v2/channels/sms/messages', corpo);
  const falha = (erroCodigo: string, mensagem: string, transitorio: boolean): Falha => ({
    ok: false,
    erroCodigo,
    erroMensagem: semSegredo(mensagem, cfg.token),
    transitorio,
  });
  if (ehFalhaDeRede(resposta)) return falha(resposta.codigo, resposta.mensagem, resposta.transitorio);
  if (resposta.json === undefined || resposta.status < 200 || resposta.status > 299) {
    const erro = erroDaRespostaZenvia(resposta.status, resposta.json);
    return falha(erro.codigo, erro.mensagem, erro.transitorio);
  }
  const id = respostaEnvio.safeParse(resposta.json).data?.id;
  if (!id) return RESPOSTA_INESPERADA;
  const agora = new Date();
  return { ok: true, canalMensagemId: id, status: 'enviada', enviadaEm: agora, entregueEm: null };
};

/** "Verificar" in the settings: a cheap authenticated read (the webhook subscriptions) proves the token. */
export const verificarZenvia = async (
  cfg: ConfigZenvia,
): Promise<{ ok: true } | { ok: false; erro: string }> => {
  const resposta = await chamarZenvia(cfg, '/v2/subscriptions');
  if (ehFalhaDeRede(resposta)) return { ok: false, erro: semSegredo(resposta.mensagem, cfg.token) };
  if (resposta.json !== undefined && resposta.status >= 200 && resposta.status <= 299) return { ok: true };
  return {
    ok: false,
    erro: semSegredo(erroDaRespostaZenvia(resposta.status, resposta.json).mensagem, cfg.token),
  };
};
