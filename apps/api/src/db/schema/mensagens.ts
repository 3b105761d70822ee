import {
  CANAIS_MENSAGEM,
  type CanalMensagem,
  MENSAGEM_DIRECOES,
  MENSAGEM_ORIGENS,
  MENSAGEM_STATUSES,
  type MensagemDirecao,
  type MensagemOrigem,
  type MensagemStatus,
  TEMPLATE_TIPOS,
  type TemplateTipo,
} from '@cobranca/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TemplateCanal } from '../../modules/canais/canal.ts';
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
    telefone: text('telefone').notNull(),
    direcao: text('direcao').$type<MensagemDirecao>().notNull(),
    origem: text('origem').$type<MensagemOrigem>().notNull(),
    status: text('status').$type<MensagemStatus>().notNull(),
    conteudo: text('conteudo').notNull(),
    autorId: integer('autor_id').references(() => usuarios.id, { onDelete: 'set null' }),
    canal: text('canal').$type<CanalMensagem>().notNull(),
    canalMensagemId: text('canal_mensagem_id'), // e.g. the WhatsApp wamid
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
    uniqueIndex('mensagens_canal_mensagem_id_uq').on(t.canal, t.canalMensagemId),
    uniqueIndex('mensagens_chave_idempotencia_uq').on(t.chaveIdempotencia),
    index('mensagens_cliente_idx').on(t.clienteId, t.id),
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
    updatedBy: integer('updated_by').references(() => usuarios.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  () => [check('mensagem_templates_tipo_ck', sql.raw(`tipo IN (${sqlList(TEMPLATE_TIPOS)})`))],
);
