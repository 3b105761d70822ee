import {
  CANAIS,
  CANAIS_MENSAGEM,
  type Canal,
  type CanalMensagem,
  MENSAGEM_DIRECOES,
  MENSAGEM_ORIGENS,
  MENSAGEM_STATUSES,
  type MensagemDirecao,
  type MensagemOrigem,
  type MensagemStatus,
  PROVEDORES_MENSAGEM,
  type ProvedorMensagem,
  TEMPLATE_TIPOS,
  type TemplateTipo,
} from '@cobranca/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AlternativaDeCanal, TemplateCanal } from '../../modules/canais/canal.ts';
import { clientes } from './clientes.ts';
import { centavos, createdAt, sqlList, timestamptz, updatedAt } from './columns.ts';
import { usuarios } from './usuarios.ts';

/** Every message in or out; outbound rows double as the sending outbox (status `pendente`). */
export const mensagens = pgTable(
  'mensagens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // Null for an inbound message from a number no customer has (kept as unmatched).
    clienteId: integer('cliente_id').references(() => clientes.id, { onDelete: 'cascade' }),
    // The customer's address on the message's channel: a phone (E.164) for WhatsApp and SMS, an e-mail.
    telefone: text('telefone'),
    email: text('email'),
    assunto: text('assunto'), // an e-mail's subject
    direcao: text('direcao').$type<MensagemDirecao>().notNull(),
    origem: text('origem').$type<MensagemOrigem>().notNull(),
    status: text('status').$type<MensagemStatus>().notNull(),
    conteudo: text('conteudo').notNull(),
    autorId: integer('autor_id').references(() => usuarios.id, { onDelete: 'set null' }),
    canal: text('canal').$type<CanalMensagem>().notNull(),
    // The service that carried it; its id for the message is unique per service.
    provedor: text('provedor').$type<ProvedorMensagem>().notNull(),
    canalMensagemId: text('canal_mensagem_id'), // the WhatsApp wamid, the e-mail's Message-ID, Zenvia's id
    // The next channels to try after a permanent failure, each with its own text (docs/produto.md §12).
    alternativas: jsonb('alternativas').$type<AlternativaDeCanal[]>(),
    // The message this one carries on after (it failed for good on its channel the same day).
    substituiMensagemId: bigint('substitui_mensagem_id', { mode: 'number' }),
    templateTipo: text('template_tipo').$type<TemplateTipo>(),
    // Outbox key: (customer, receivable set, step) for the engine, or a client idempotency key.
    chaveIdempotencia: text('chave_idempotencia'),
    valorCentavos: centavos('valor_centavos'),
    pixTxid: text('pix_txid'),
    // Approved WhatsApp template with its parameters, for a send outside the 24-hour window.
    templateCanal: jsonb('template_canal').$type<TemplateCanal>(),
    tentativas: integer('tentativas').notNull().default(0),
    proximaTentativaEm: timestamptz('proxima_tentativa_em'),
    // Lease of the worker that claimed the row; an expired lease makes it claimable again.
    bloqueadaAte: timestamptz('bloqueada_ate'),
    // Set (committed) just before the channel is called, cleared by every recorded outcome: while set
    // with no outcome, whether the channel took the message is unknown (the sender may have died).
    envioIniciadoEm: timestamptz('envio_iniciado_em'),
    erroCodigo: text('erro_codigo'),
    erroMensagem: text('erro_mensagem'),
    createdAt: createdAt(),
    enviadaEm: timestamptz('enviada_em'),
    entregueEm: timestamptz('entregue_em'),
    lidaEm: timestamptz('lida_em'),
    falhouEm: timestamptz('falhou_em'),
  },
  (t) => [
    uniqueIndex('mensagens_provedor_mensagem_id_uq').on(t.provedor, t.canalMensagemId),
    uniqueIndex('mensagens_chave_idempotencia_uq').on(t.chaveIdempotencia),
    index('mensagens_cliente_idx').on(t.clienteId, t.id),
    // A list page's newest message and newest reply per customer: one index entry each (read backwards
    // for "created_at DESC, id DESC"), not a sort of the customer's messages (issue 35).
    index('mensagens_cliente_recentes_idx').on(t.clienteId, t.createdAt, t.id),
    index('mensagens_cliente_respostas_idx')
      .on(t.clienteId, t.createdAt, t.id)
      .where(sql`${t.direcao} = 'entrada'`),
    index('mensagens_outbox_idx').on(t.proximaTentativaEm, t.id).where(sql`${t.status} = 'pendente'`),
    // The planner leaves a customer alone while one of its régua messages still waits to go out.
    index('mensagens_regua_pendente_idx')
      .on(t.clienteId)
      .where(sql`${t.status} = 'pendente' AND ${t.origem} = 'regua'`),
    index('mensagens_direcao_created_idx').on(t.direcao, t.createdAt),
    // The dashboard's "sent this month" (and the customers messaged) from the index alone.
    index('mensagens_saida_enviada_idx')
      .on(t.enviadaEm, t.status, t.clienteId)
      .where(sql`${t.direcao} = 'saida'`),
    index('mensagens_autor_created_idx').on(t.autorId, t.createdAt).where(sql`${t.autorId} IS NOT NULL`),
    index('mensagens_sem_cliente_idx').on(t.telefone).where(sql`${t.clienteId} IS NULL`),
    check('mensagens_direcao_ck', sql.raw(`direcao IN (${sqlList(MENSAGEM_DIRECOES)})`)),
    check('mensagens_origem_ck', sql.raw(`origem IN (${sqlList(MENSAGEM_ORIGENS)})`)),
    check('mensagens_status_ck', sql.raw(`status IN (${sqlList(MENSAGEM_STATUSES)})`)),
    check('mensagens_canal_ck', sql.raw(`canal IN (${sqlList(CANAIS_MENSAGEM)})`)),
    check('mensagens_provedor_ck', sql.raw(`provedor IN (${sqlList(PROVEDORES_MENSAGEM)})`)),
    check('mensagens_email_ck', sql`${t.canal} <> 'email' OR ${t.email} IS NOT NULL`),
    check('mensagens_telefone_ck', sql`${t.canal} NOT IN ('whatsapp', 'sms') OR ${t.telefone} IS NOT NULL`),
  ],
);

export const mensagemTemplates = pgTable(
  'mensagem_templates',
  {
    tipo: text('tipo').$type<TemplateTipo>().primaryKey(),
    texto: text('texto').notNull(),
    // Approved WhatsApp template used outside the 24-hour window.
    whatsappTemplateNome: text('whatsapp_template_nome'),
    whatsappIdioma: text('whatsapp_idioma').notNull().default('pt_BR'),
    // Null: the product's default text for that channel.
    emailAssunto: text('email_assunto'),
    emailTexto: text('email_texto'),
    smsTexto: text('sms_texto'),
    updatedBy: integer('updated_by').references(() => usuarios.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  () => [check('mensagem_templates_tipo_ck', sql.raw(`tipo IN (${sqlList(TEMPLATE_TIPOS)})`))],
);

/**
 * A customer's opt-out of one channel (docs/produto.md §12): the others go on. "Stop everything" is
 * `clientes.opt_out_em`. `prova` keeps what asked for it (the reply, the one-click request, the report).
 */
export const optOutsCanal = pgTable(
  'opt_outs_canal',
  {
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    canal: text('canal').$type<Canal>().notNull(),
    em: timestamptz('em').notNull(),
    origem: text('origem').notNull(),
    prova: jsonb('prova').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clienteId, t.canal] }),
    check('opt_outs_canal_canal_ck', sql.raw(`canal IN (${sqlList(CANAIS)})`)),
  ],
);

/** An address that bounced for good: no e-mail goes to it again (docs/produto.md §12). */
export const emailsDevolvidos = pgTable('emails_devolvidos', {
  email: text('email').primaryKey(), // lower-case
  devolvidoEm: timestamptz('devolvido_em').notNull(),
  status: text('status').notNull(), // the DSN's status code, e.g. 5.1.1
  diagnostico: text('diagnostico'),
  mensagemId: bigint('mensagem_id', { mode: 'number' }).references(() => mensagens.id, {
    onDelete: 'set null',
  }),
});

/** The simulator's outbox (docs/produto.md §12): each e-mail "sent" in simulator mode, as it would have left. */
export const emailsSimulados = pgTable('emails_simulados', {
  mensagemId: bigint('mensagem_id', { mode: 'number' })
    .primaryKey()
    .references(() => mensagens.id, { onDelete: 'cascade' }),
  // The whole MIME message (headers, DKIM signature, parts), as the relay would have received it.
  bruto: text('bruto').notNull(),
  createdAt: createdAt(),
});
