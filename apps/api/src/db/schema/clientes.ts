import {
  BASES_LEGAIS,
  type BaseLegal,
  CANAIS,
  type Canal,
  CLIENTE_STATUSES,
  type ClienteStatus,
  DOCUMENTO_TIPOS,
  type DocumentoTipo,
  ORIGENS_CONTATO,
  type OrigemContato,
} from '@cobranca/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, sqlList, timestamptz, updatedAt } from './columns.ts';
import { usuarios } from './usuarios.ts';

export type Endereco = {
  logradouro?: string;
  numero?: string;
  complemento?: string;
  bairro?: string;
  municipio?: string;
  uf?: string;
  cep?: string;
};

export const clientes = pgTable(
  'clientes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    nome: text('nome').notNull(),
    documento: text('documento').notNull(), // digits (or upper-case alphanumeric CNPJ), no punctuation
    documentoTipo: text('documento_tipo').$type<DocumentoTipo>().notNull(),
    telefone: text('telefone'), // E.164
    email: text('email'),
    endereco: jsonb('endereco').$type<Endereco>(),
    // Lower-case, accent-free "nome documento" kept by the app for trigram search.
    termoBusca: text('termo_busca').notNull(),
    status: text('status').$type<ClienteStatus>().notNull().default('ativo'),
    operadorId: integer('operador_id').references(() => usuarios.id, { onDelete: 'set null' }),
    numeroChamadas: integer('numero_chamadas').notNull().default(0),
    pausaMotivo: text('pausa_motivo'),
    aguardandoDesde: timestamptz('aguardando_desde'),
    ultimaMensagemEm: timestamptz('ultima_mensagem_em'),
    ultimaMensagemTexto: text('ultima_mensagem_texto'),
    // Promise to pay: automation is snoozed until this date (America/Sao_Paulo).
    sonecaAte: date('soneca_ate'),
    optOutEm: timestamptz('opt_out_em'),
    optOutMensagem: text('opt_out_mensagem'),
    // The channel the request came through (a WhatsApp reply's, or 'portal').
    optOutCanal: text('opt_out_canal'),
    // Tried first by the régua and the system's messages (docs/produto.md §12).
    canalPreferido: text('canal_preferido').$type<Canal>(),
    baseLegal: text('base_legal').$type<BaseLegal>().notNull().default('execucao_contrato'),
    origemContato: text('origem_contato').$type<OrigemContato>().notNull(),
    // Operators' labels ("prefere ligação", "contestação"): internal, never sent to the customer.
    etiquetas: text('etiquetas').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clientes_documento_uq').on(t.documento),
    // Names sort under ICU's root collation (lib/ordenacao.ts): the indexes carry the same one.
    index('clientes_operador_status_nome_idx').on(
      t.operadorId,
      t.status,
      sql`${t.nome} COLLATE "und-x-icu"`,
      t.id,
    ),
    // The Ativos list (ativo or pausado) in name order: an IN over two statuses cannot use the index
    // above for the order, so a deep page would sort every one of the operator's customers.
    index('clientes_operador_ativos_nome_idx')
      .on(t.operadorId, sql`${t.nome} COLLATE "und-x-icu"`, t.id)
      .where(sql`${t.status} IN ('ativo', 'pausado')`),
    index('clientes_status_nome_idx').on(t.status, sql`${t.nome} COLLATE "und-x-icu"`, t.id),
    index('clientes_nome_idx').on(sql`${t.nome} COLLATE "und-x-icu"`, t.id),
    index('clientes_aguardando_idx')
      .on(t.aguardandoDesde, t.id)
      .where(sql`${t.status} = 'aguardando_atendimento'`),
    index('clientes_telefone_idx').on(t.telefone),
    index('clientes_termo_busca_trgm_idx').using('gin', sql`${t.termoBusca} gin_trgm_ops`),
    check('clientes_status_ck', sql.raw(`status IN (${sqlList(CLIENTE_STATUSES)})`)),
    check('clientes_documento_tipo_ck', sql.raw(`documento_tipo IN (${sqlList(DOCUMENTO_TIPOS)})`)),
    check('clientes_base_legal_ck', sql.raw(`base_legal IN (${sqlList(BASES_LEGAIS)})`)),
    check('clientes_origem_contato_ck', sql.raw(`origem_contato IN (${sqlList(ORIGENS_CONTATO)})`)),
    check('clientes_numero_chamadas_ck', sql`${t.numeroChamadas} >= 0`),
    check('clientes_canal_preferido_ck', sql.raw(`canal_preferido IN (${sqlList(CANAIS)})`)),
    check('clientes_telefone_e164_ck', sql`${t.telefone} ~ '^\\+[1-9][0-9]{7,14}$'`),
    check('clientes_pausado_motivo_ck', sql`${t.status} <> 'pausado' OR ${t.pausaMotivo} IS NOT NULL`),
    check(
      'clientes_aguardando_desde_ck',
      sql`${t.status} <> 'aguardando_atendimento' OR ${t.aguardandoDesde} IS NOT NULL`,
    ),
  ],
);

/** Operators' internal notes on a customer (docs/produto.md §5): never sent to the customer. */
export const notasCliente = pgTable(
  'notas_cliente',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    autorId: integer('autor_id').references(() => usuarios.id, { onDelete: 'set null' }),
    texto: text('texto').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notas_cliente_cliente_idx').on(t.clienteId, t.createdAt, t.id),
    check('notas_cliente_texto_ck', sql`char_length(${t.texto}) BETWEEN 1 AND 2000`),
  ],
);

/** Up to when each operator has read a customer's replies: newer inbound messages are unread. */
export const leiturasCliente = pgTable(
  'leituras_cliente',
  {
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    lidaAte: timestamptz('lida_ate').notNull(),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.clienteId] })],
);
