import {
  BASES_LEGAIS,
  type BaseLegal,
  CLIENTE_STATUSES,
  type ClienteStatus,
  DOCUMENTO_TIPOS,
  type DocumentoTipo,
  ORIGENS_CONTATO,
  type OrigemContato,
} from '@cobranca/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    baseLegal: text('base_legal').$type<BaseLegal>().notNull().default('execucao_contrato'),
    origemContato: text('origem_contato').$type<OrigemContato>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clientes_documento_uq').on(t.documento),
    index('clientes_operador_status_nome_idx').on(t.operadorId, t.status, t.nome, t.id),
    // The Ativos list (ativo or pausado) in name order: an IN over two statuses cannot use the index
    // above for the order, so a deep page would sort every one of the operator's customers.
    index('clientes_operador_ativos_nome_idx')
      .on(t.operadorId, t.nome, t.id)
      .where(sql`${t.status} IN ('ativo', 'pausado')`),
    index('clientes_status_nome_idx').on(t.status, t.nome, t.id),
    index('clientes_nome_idx').on(t.nome, t.id),
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
    check('clientes_telefone_e164_ck', sql`${t.telefone} ~ '^\\+[1-9][0-9]{7,14}$'`),
    check('clientes_pausado_motivo_ck', sql`${t.status} <> 'pausado' OR ${t.pausaMotivo} IS NOT NULL`),
    check(
      'clientes_aguardando_desde_ck',
      sql`${t.status} <> 'aguardando_atendimento' OR ${t.aguardandoDesde} IS NOT NULL`,
    ),
  ],
);
