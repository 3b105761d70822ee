import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { usuarios } from './usuarios.ts';

/**
 * The export each user has running, one at most, whichever API node serves it (decision 033): a lease
 * the export renews as it writes, so a node that died leaves a row the next export takes over.
 */
export const exportacoesEmAndamento = pgTable('exportacoes_em_andamento', {
  usuarioId: integer('usuario_id')
    .primaryKey()
    .references(() => usuarios.id, { onDelete: 'cascade' }),
  // Which export holds the row: one whose lease ran out and was taken over no longer frees it.
  vez: text('vez').notNull(),
  expiraEm: timestamptz('expira_em').notNull(),
});
