import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { clientes } from './clientes.ts';
import { createdAt, timestamptz } from './columns.ts';
import { mensagens } from './mensagens.ts';

// The customer's portal (docs/produto.md §22, docs/decisions/029-portal.md). Tokens are kept only as
// SHA-256 digests: the database never holds a working link or session.

/** One personal link, made when a message carrying `{{link}}` goes out. */
export const portalLinks = pgTable(
  'portal_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    mensagemId: bigint('mensagem_id', { mode: 'number' }).references(() => mensagens.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    expiraEm: timestamptz('expira_em').notNull(),
    revogadoEm: timestamptz('revogado_em'),
    // Wrong documents since the last right one or lock; five lock the link (docs/produto.md §22).
    tentativasErradas: integer('tentativas_erradas').notNull().default(0),
    bloqueadoAte: timestamptz('bloqueado_ate'),
  },
  (t) => [index('portal_links_cliente_idx').on(t.clienteId, t.expiraEm)],
);

/** A session the document check opened: bound to its link and, through it, to one customer. */
export const portalSessoes = pgTable(
  'portal_sessoes',
  {
    tokenHash: text('token_hash').primaryKey(),
    linkId: integer('link_id')
      .notNull()
      .references(() => portalLinks.id, { onDelete: 'cascade' }),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiraEm: timestamptz('expira_em').notNull(),
  },
  (t) => [index('portal_sessoes_expira_idx').on(t.expiraEm), index('portal_sessoes_link_idx').on(t.linkId)],
);
