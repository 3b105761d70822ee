import { z } from 'zod';
import { ehFalhaDeRede } from '../../lib/chamada-json.ts';
import {
  type CanalDriver,
  conversaAberta,
  type EnvioCanal,
  type ResultadoEnvio,
  type TemplateCanal,
} from './canal.ts';
import { type CloudConexao, chamarGraph, semSegredo, urlDoNumero } from './graph-api.ts';
import { referenciaDoEnvio } from './referencia-envio.ts';
import { erroDaRespostaCloud } from './whatsapp-cloud-erros.ts';

// The Meta WhatsApp Cloud API channel (docs/produto.md §12, docs/formatos-externos.md §4.2–§4.4, §4.7): free text while the
// customer's 24-hour window is open, the approved template outside it, and every failure told apart
// into "try again later" and "will fail again".

export const ENVIO_TIMEOUT_MS = 10_000;

export type ConfigWhatsappCloud = CloudConexao & { timeoutMs?: number };
export type DepsWhatsappCloud = { fetch?: typeof fetch; agora?: () => Date };

type Falha = Extract<ResultadoEnvio, { ok: false }>;

const respostaEnvio = z.object({ messages: z.array(z.object({ id: z.string().min(1) })) });

const conteudoTemplate = (t: TemplateCanal) => ({
  name: t.nome,
  language: { code: t.idioma },
  ...(t.parametros.length > 0
    ? { components: [{ type: 'body', parameters: t.parametros.map((text) => ({ type: 'text', text })) }] }
    : {}),
});

/** The body of `POST /messages`, or null when nothing may be sent (window closed, no template). */
const corpoDoEnvio = (envio: EnvioCanal, agora: Date): Record<string, unknown> | null => {
  const base = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: (envio.telefone ?? '').replace(/^\+/, ''),
    // Echoed in the status webhooks: lets a send whose answer was lost be recognised (no resend).
    biz_opaque_callback_data: referenciaDoEnvio(envio.mensagemId),
  };
  if (conversaAberta(envio.ultimaEntradaEm, agora))
    return { ...base, type: 'text', text: { preview_url: false, body: envio.conteudo } };
  if (envio.template) return { ...base, type: 'template', template: conteudoTemplate(envio.template) };
  return null;
};

const MENSAGEM_CONVERSA_FECHADA: Falha = {
  ok: false,
  erroCodigo: 'fora_janela_24h',
  erroMensagem:
    'O cliente não escreve há mais de 24 horas e este tipo de mensagem não tem um template aprovado da WhatsApp configurado (nome e idioma no modelo de mensagem); fora da janela de 24 horas a Meta só aceita templates aprovados.',
  transitorio: false,
};

// A 2xx without a message id may still have sent it: retrying could deliver it twice.
const RESPOSTA_INESPERADA: Falha = {
  ok: false,
  erroCodigo: 'resposta_inesperada',
  erroMensagem: 'Resposta inesperada da API do WhatsApp: o envio não trouxe o identificador da mensagem.',
  transitorio: false,
};

export const criarWhatsappCloud = (
  config: ConfigWhatsappCloud,
  deps: DepsWhatsappCloud = {},
): CanalDriver => {
  const agora = deps.agora ?? (() => new Date());
  const url = urlDoNumero(config, '/messages');
  const falha = (erroCodigo: string, mensagem: string, transitorio: boolean): Falha => ({
    ok: false,
    erroCodigo,
    erroMensagem: semSegredo(mensagem, config.accessToken),
    transitorio,
  });
  return {
    canal: 'whatsapp',
    provedor: 'whatsapp_cloud',
    enviar: async (envio) => {
      const corpo = corpoDoEnvio(envio, agora());
      if (!corpo) return MENSAGEM_CONVERSA_FECHADA;
      const resposta = await chamarGraph({
        url,
        accessToken: config.accessToken,
        timeoutMs: config.timeoutMs ?? ENVIO_TIMEOUT_MS,
        corpo,
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
      });
      if (ehFalhaDeRede(resposta)) return falha(resposta.codigo, resposta.mensagem, resposta.transitorio);
      if (resposta.status < 200 || resposta.status > 299) {
        const erro = erroDaRespostaCloud(resposta.status, resposta.json);
        return falha(erro.codigo, erro.mensagem, erro.transitorio);
      }
      const wamid = respostaEnvio.safeParse(resposta.json).data?.messages[0]?.id;
      if (!wamid) return RESPOSTA_INESPERADA;
      return {
        ok: true,
        canalMensagemId: wamid,
        status: 'enviada',
        enviadaEm: agora(),
        entregueEm: null,
      };
    },
  };
};

/** The Cloud API is selected but its id or token is missing or unreadable: messages wait for the admin. */
export const semCredenciais: CanalDriver = {
  canal: 'whatsapp',
  provedor: 'whatsapp_cloud',
  enviar: async () => ({
    ok: false,
    erroCodigo: 'canal_sem_credenciais',
    erroMensagem:
      'A WhatsApp Cloud API está selecionada, mas o Phone Number ID ou o token não estão disponíveis (não foram informados, ou o token salvo não abre com a APP_KEY atual): corrija as configurações do WhatsApp.',
    transitorio: true,
  }),
};
