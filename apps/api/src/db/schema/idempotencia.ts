import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, sqlList, timestamptz } from './columns.ts';
import { usuarios } from './usuarios.ts';

/**
 * `processing`: claimed, the write not committed; `written`: the write committed (marked inside its
 * transaction) but the answer not stored yet; `completed`: the answer is stored (decision 012).
 */
export const IDEMPOTENCY_STATES = ['processing', 'written', 'completed'] as const;
export type IdempotencyState = (typeof IDEMPOTENCY_STATES)[number];

/** `Idempotency-Key` headers of money-creating requests, per user, kept 24 hours (decision 012). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    // SHA-256 of method, route, params, query and body: the same key with another request is refused.
    fingerprint: text('fingerprint').notNull(),
    state: text('state').$type<IdempotencyState>().notNull(),
    // Which claim may write and answer: a claim taken over after its lease ran out loses its token.
    claimToken: text('claim_token').notNull(),
    lockedUntil: timestamptz('locked_until').notNull(),
    responseStatus: integer('response_status'),
    // The answer's bytes as sent, replayed unchanged.
    responseBody: text('response_body'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.usuarioId, t.key] }),
    check('idempotency_keys_state_ck', sql.raw(`state IN (${sqlList(IDEMPOTENCY_STATES)})`)),
  ],
);
