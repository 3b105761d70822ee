import { z } from 'zod';
import { ehPedidoDeOptOut } from '../opt-out.ts';
import { mensagemDaReferencia } from '../referencia-envio.ts';

// One event of a Zenvia webhook subscription (zenvia/zenvia-openapi-spec: schemas/events/*, tags/
// subscriptions.md): MESSAGE_STATUS reports what became of an SMS we sent, MESSAGE (direction IN) is a
// customer's answer. The body comes from the internet: every field is bounded, and anything we cannot
// read is a typed rejection, never an exception.

export type StatusSms = 'enviada' | 'entregue' | 'falhou';

export type EventoZenvia =
  | {
      tipo: 'status';
      /** Zenvia's message id, as answered to the send. */
      canalMensagemId: string;
      status: StatusSms;
      instante: Date;
      /** Our message id, from the `externalId` the send carried (`msg:<id>`). */
      mensagemId?: number;
      erroCodigo?: string;
      erroMensagem?: string;
    }
  | {
      tipo: 'entrada';
      canalMensagemId: string;
      /** E.164: `+` and the digits Zenvia sends. */
      de: string;
      texto: string;
      instante: Date;
    };

/**
 * `ignorado`: a well-formed event we have no use for (another channel, a READ or CLICKED status, our own
 * outgoing message); `rejeitado`: a body that is not a Zenvia event. `motivo` is fit for the log: it never
 * carries a phone number or message text.
 */
export type LeituraEventoZenvia =
  | { resultado: 'evento'; evento: EventoZenvia }
  | { resultado: 'ignorado'; motivo: string }
  | { resultado: 'rejeitado'; motivo: string };

// PostgreSQL text cannot hold NUL, and no real id or SMS has one.
const texto = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), 'contém NUL');
const id = texto(100).min(1);
const instante = z.iso.datetime({ offset: true }).transform((s) => new Date(s));

const statusEvento = z.object({
  type: z.literal('MESSAGE_STATUS'),
  timestamp: instante.optional(),
  channel: texto(30).optional(),
  /** Deprecated by Zenvia in favour of `message.id`; still sent. */
  messageId: id.optional(),
  message: z.object({ id: id.optional(), externalId: texto(100).optional() }).optional(),
  messageStatus: z.object({
    code: z.string().regex(/^[A-Z_]{1,40}$/),
    timestamp: instante,
    description: texto(1_000).optional(),
    causes: z
      .array(
        z.object({
          channelErrorCode: texto(100).optional(),
          reason: texto(1_000).optional(),
          details: texto(1_000).optional(),
        }),
      )
      .max(20)
      .optional(),
  }),
});

const mensagemEvento = z.object({
  type: z.literal('MESSAGE'),
  timestamp: instante.optional(),
  channel: texto(30).optional(),
  direction: z.enum(['IN', 'OUT']).optional(),
  message: z.object({
    id,
    from: texto(64),
    direction: z.enum(['IN', 'OUT']).optional(),
    contents: z
      .array(z.object({ type: texto(30), text: texto(5_000).optional() }))
      .min(1)
      .max(20),
    timestamp: instante.optional(),
  }),
});

const tipoEvento = z.object({ type: z.string().max(40) });

const STATUS: Record<string, StatusSms> = {
  SENT: 'enviada',
  DELIVERED: 'entregue',
  NOT_DELIVERED: 'falhou',
  REJECTED: 'falhou',
};

const RAZOES: Record<string, string> = {
  NOT_DELIVERED:
    'A operadora não conseguiu entregar o SMS ao celular do cliente (número inexistente, desligado por muito tempo ou sem cobertura).',
  REJECTED: 'A Zenvia ou a operadora recusou o SMS.',
};

const rejeitado = (motivo: string): LeituraEventoZenvia => ({ resultado: 'rejeitado', motivo });
const ignorado = (motivo: string): LeituraEventoZenvia => ({ resultado: 'ignorado', motivo });

const problema = (erro: z.ZodError): string => {
  const [primeiro] = erro.issues;
  return `${primeiro?.path.join('.') || 'corpo'}: ${primeiro?.message ?? 'inválido'}`;
};

const lerStatus = (corpo: unknown): LeituraEventoZenvia => {
  const lido = statusEvento.safeParse(corpo);
  if (!lido.success) return rejeitado(`MESSAGE_STATUS ilegível (${problema(lido.error)})`);
  const { channel, message, messageId, messageStatus } = lido.data;
  if (channel !== undefined && channel !== 'sms') return ignorado(`status do canal "${channel}": ignorado`);
  const canalMensagemId = message?.id ?? messageId;
  if (!canalMensagemId) return rejeitado('MESSAGE_STATUS sem o id da mensagem');
  const status = STATUS[messageStatus.code];
  if (!status) return ignorado(`status "${messageStatus.code}" de ${canalMensagemId}: ignorado`);
  const mensagemId = mensagemDaReferencia(message?.externalId);
  const causa = messageStatus.causes?.[0];
  const detalhe = causa?.details ?? causa?.reason ?? messageStatus.description;
  const codigoCanal = causa?.channelErrorCode ? `, código da operadora ${causa.channelErrorCode}` : '';
  return {
    resultado: 'evento',
    evento: {
      tipo: 'status',
      canalMensagemId,
      status,
      instante: messageStatus.timestamp,
      ...(mensagemId !== null && { mensagemId }),
      ...(status === 'falhou' && {
        erroCodigo: messageStatus.code,
        erroMensagem: `${RAZOES[messageStatus.code]} Detalhe da Zenvia${codigoCanal}: ${detalhe ?? 'sem detalhes'}`,
      }),
    },
  };
};

const TELEFONE = /^[1-9]\d{7,14}$/;

const lerEntrada = (corpo: unknown): LeituraEventoZenvia => {
  const lido = mensagemEvento.safeParse(corpo);
  if (!lido.success) return rejeitado(`MESSAGE ilegível (${problema(lido.error)})`);
  const { channel, direction, message, timestamp } = lido.data;
  if (channel !== undefined && channel !== 'sms') return ignorado(`mensagem do canal "${channel}": ignorada`);
  if ((message.direction ?? direction) !== 'IN')
    return ignorado(`mensagem ${message.id} enviada por nós: ignorada`);
  if (!TELEFONE.test(message.from))
    return ignorado(`mensagem ${message.id} com remetente fora do formato de telefone: ignorada`);
  const textos = message.contents.flatMap((c) => (c.type === 'text' && c.text ? [c.text] : []));
  if (textos.length === 0) return ignorado(`mensagem ${message.id} sem texto: ignorada`);
  const quando = message.timestamp ?? timestamp;
  if (!quando) return rejeitado(`mensagem ${message.id} sem data`);
  return {
    resultado: 'evento',
    evento: {
      tipo: 'entrada',
      canalMensagemId: message.id,
      de: `+${message.from}`,
      texto: textos.join('\n'),
      instante: quando,
    },
  };
};

/** Reads one webhook body (already JSON-parsed). */
export const lerEventoZenvia = (corpo: unknown): LeituraEventoZenvia => {
  const tipo = tipoEvento.safeParse(corpo);
  if (!tipo.success) return rejeitado('corpo sem o campo type: não é um evento da Zenvia');
  if (tipo.data.type === 'MESSAGE_STATUS') return lerStatus(corpo);
  if (tipo.data.type === 'MESSAGE') return lerEntrada(corpo);
  return ignorado(`evento do tipo "${tipo.data.type.replace(/[^\w-]/g, '?')}": ignorado`);
};

/**
 * Whether an SMS asks to stop receiving messages: SAIR, PARAR or STOP as the whole message (the rule of
 * every channel, in opt-out.ts) or as its first word ("SAIR por favor", "Parar, já paguei"), the keyword
 * convention of SMS short codes. "não quero sair" is still a conversation.
 */
export const pedeParaSair = (mensagem: string): boolean =>
  ehPedidoDeOptOut(mensagem) || ehPedidoDeOptOut(mensagem.trim().split(/\s+/, 1)[0] ?? '');
