import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { usuarios } from './usuarios.ts';

/** Key → JSON value; each key's shape is a zod schema in the configuracoes module. */
export const configuracoes = pgTable('configuracoes', {
  chave: text('chave').primaryKey(),
  valor: jsonb('valor').notNull(),
  updatedBy: integer('updated_by').references(() => usuarios.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    acao: text('acao').notNull(),
    descricao: text('descricao').notNull(),
    entidade: text('entidade'),
    entidadeId: text('entidade_id'),
    detalhes: jsonb('detalhes').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt, t.id),
    index('audit_logs_usuario_created_idx').on(t.usuarioId, t.createdAt),
    index('audit_logs_acao_created_idx').on(t.acao, t.createdAt),
  ],
);
