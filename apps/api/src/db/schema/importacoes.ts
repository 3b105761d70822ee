import {
  IMPORTACAO_STATUSES,
  IMPORTACAO_TIPOS,
  type ImportacaoErro,
  type ImportacaoStatus,
  type ImportacaoTipo,
} from '@cobranca/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, sqlList, timestamptz } from './columns.ts';
import { usuarios } from './usuarios.ts';

export const importacoes = pgTable(
  'importacoes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tipo: text('tipo').$type<ImportacaoTipo>().notNull(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    arquivoNome: text('arquivo_nome').notNull(),
    status: text('status').$type<ImportacaoStatus>().notNull().default('processando'),
    criados: integer('criados').notNull().default(0),
    atualizados: integer('atualizados').notNull().default(0),
    ignorados: integer('ignorados').notNull().default(0),
    rejeitados: integer('rejeitados').notNull().default(0),
    contasCriadas: integer('contas_criadas').notNull().default(0),
    erros: jsonb('erros').$type<ImportacaoErro[]>().notNull().default([]),
    errosOmitidos: integer('erros_omitidos').notNull().default(0),
    createdAt: createdAt(),
    // Heartbeat: each written batch moves it; a `processando` import left without one was cut short.
    atualizadaEm: timestamptz('atualizada_em').notNull().defaultNow(),
    concluidaEm: timestamptz('concluida_em'),
  },
  (t) => [
    index('importacoes_usuario_idx').on(t.usuarioId, t.createdAt),
    index('importacoes_created_idx').on(t.createdAt),
    index('importacoes_processando_idx').on(t.atualizadaEm).where(sql`${t.status} = 'processando'`),
    check('importacoes_tipo_ck', sql.raw(`tipo IN (${sqlList(IMPORTACAO_TIPOS)})`)),
    check('importacoes_status_ck', sql.raw(`status IN (${sqlList(IMPORTACAO_STATUSES)})`)),
  ],
);
