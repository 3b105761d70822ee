import { z } from 'zod';
import { mensagemDaReferencia } from '../../canais/referencia-envio.ts';
import type { StatusCanal, StatusEntrega } from '../status-entrega.ts';

// The WhatsApp Cloud API notification (docs/formatos-externos.md §4.6) read leniently: unknown fields are dropped, and
// an item we cannot read is skipped on its own (and logged) instead of failing the whole batch.

/** Unix seconds, sent as a string. */
const instante = z.coerce
  .number()
  .int()
  .positive()
  .transform((segundos) => new Date(segundos * 1000));

const mensagem = z.object({
  // Missing for users known only by a business-scoped id (BSUID, 2026): no phone to match.
  from: z.string().optional(),
  id: z.string().min(1),
  timestamp: instante,
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ text: z.string() }).optional(),
  interactive: z
    .object({
      button_reply: z.object({ title: z.string() }).optional(),
      list_reply: z.object({ title: z.string() }).optional(),
    })
    .optional(),
});

const status = z.object({
  id: z.string().min(1),
  status: z.string(),
  timestamp: instante,
  biz_opaque_callback_data: z.string().optional(),
  errors: z
    .array(
      z.object({
        code: z.union([z.number(), z.string()]).optional(),
        title: z.string().optional(),
        message: z.string().optional(),
        error_data: z.object({ details: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});

const ouIlegivel = <T extends z.ZodType>(item: T) => z.union([item, z.unknown().transform(() => null)]);

export const notificacaoWhatsapp = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          field: z.string().optional(),
          value: z
            .object({
              metadata: z.object({ phone_number_id: z.string() }).optional(),
              messages: z.array(ouIlegivel(mensagem)).default([]),
              statuses: z.array(ouIlegivel(status)).default([]),
            })
            .optional(),
        }),
      ),
    }),
  ),
});
export type NotificacaoWhatsapp = z.infer<typeof notificacaoWhatsapp>;

export type EventoWebhook =
  | {
      tipo: 'mensagem';
      phoneNumberId: string | null;
      /** E.164: `+` and the digits WhatsApp sends. */
      telefone: string;
      canalMensagemId: string;
      conteudo: string;
      recebidaEm: Date;
    }
  | ({ tipo: 'status'; phoneNumberId: string | null } & Omit<StatusEntrega, 'provedor'>);

/** `ignorados`: one line per item skipped, fit for the log (no phone number, no content). */
export type EventosWebhook = { eventos: EventoWebhook[]; ignorados: string[] };

const STATUS: Record<string, StatusCanal> = {
  sent: 'enviada',
  delivered: 'entregue',
  read: 'lida',
  failed: 'falhou',
};

// What the operator sees in the thread for content the app does not show.
const ROTULOS: Record<string, string> = {
  image: '[imagem recebida]',
  audio: '[áudio recebido]',
  video: '[vídeo recebido]',
  document: '[documento recebido]',
  sticker: '[figurinha recebida]',
  location: '[localização recebida]',
  contacts: '[contato recebido]',
  reaction: '[reação recebida]',
};
const NAO_SUPORTADA = '[mensagem de tipo não suportado recebida]';

type Mensagem = z.infer<typeof mensagem>;
type Status = z.infer<typeof status>;

const conteudoDe = (m: Mensagem): string => {
  const texto =
    m.text?.body ?? m.button?.text ?? m.interactive?.button_reply?.title ?? m.interactive?.list_reply?.title;
  return texto ?? ROTULOS[m.type] ?? NAO_SUPORTADA;
};

const TELEFONE = /^[1-9]\d{7,14}$/;

const eventoMensagem = (m: Mensagem, phoneNumberId: string | null): EventoWebhook | string => {
  if (!m.from) return `mensagem ${m.id} sem número de telefone (from): ignorada`;
  if (!TELEFONE.test(m.from)) return `mensagem ${m.id} com from fora do formato de telefone: ignorada`;
  return {
    tipo: 'mensagem',
    phoneNumberId,
    telefone: `+${m.from}`,
    canalMensagemId: m.id,
    conteudo: conteudoDe(m),
    recebidaEm: m.timestamp,
  };
};

const eventoStatus = (s: Status, phoneNumberId: string | null): EventoWebhook | string => {
  const novo = STATUS[s.status];
  if (!novo) return `status "${s.status}" de ${s.id}: ignorado`;
  const erro = s.errors?.[0];
  const mensagemId = mensagemDaReferencia(s.biz_opaque_callback_data);
  return {
    tipo: 'status',
    phoneNumberId,
    canalMensagemId: s.id,
    status: novo,
    instante: s.timestamp,
    ...(mensagemId !== null && { mensagemId }),
    ...(erro?.code !== undefined && { erroCodigo: String(erro.code) }),
    ...(erro && { erroMensagem: erro.error_data?.details ?? erro.title ?? erro.message }),
  };
};

/** Every message and status of the notification, in order, whatever the batching of entries and changes. */
export const eventosDaNotificacao = (notificacao: NotificacaoWhatsapp): EventosWebhook => {
  const resultado: EventosWebhook = { eventos: [], ignorados: [] };
  const juntar = (item: EventoWebhook | string) =>
    typeof item === 'string' ? resultado.ignorados.push(item) : resultado.eventos.push(item);
  for (const mudanca of notificacao.entry.flatMap((e) => e.changes)) {
    if (mudanca.field !== 'messages' || !mudanca.value) {
      juntar(`mudança "${mudanca.field ?? '?'}" ignorada`);
      continue;
    }
    const phoneNumberId = mudanca.value.metadata?.phone_number_id ?? null;
    for (const m of mudanca.value.messages)
      juntar(m ? eventoMensagem(m, phoneNumberId) : 'mensagem ilegível ignorada');
    for (const s of mudanca.value.statuses)
      juntar(s ? eventoStatus(s, phoneNumberId) : 'status ilegível ignorado');
  }
  return resultado;
};
