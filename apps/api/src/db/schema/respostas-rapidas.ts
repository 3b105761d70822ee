import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { usuarios } from './usuarios.ts';

/** Quick replies the admin keeps for the operators' composer (docs/produto.md §13). */
export const respostasRapidas = pgTable(
  'respostas_rapidas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // What the operator types after "/": lowercase letters, digits and single hyphens.
    atalho: text('atalho').notNull(),
    // May hold template placeholders; filled for one customer when the operator lists them.
    texto: text('texto').notNull(),
    createdBy: integer('created_by').references(() => usuarios.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('respostas_rapidas_atalho_uq').on(t.atalho),
    check(
      'respostas_rapidas_atalho_ck',
      sql`${t.atalho} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(${t.atalho}) <= 40`,
    ),
    check('respostas_rapidas_texto_ck', sql`char_length(${t.texto}) BETWEEN 1 AND 4096`),
  ],
);
