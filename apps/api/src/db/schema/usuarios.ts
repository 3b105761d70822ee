import { ROLES, type Role, USER_STATUSES, type UserStatus } from '@cobranca/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, sqlList, timestamptz, updatedAt } from './columns.ts';

export const usuarios = pgTable(
  'usuarios',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull(),
    status: text('status').$type<UserStatus>().notNull().default('Ativo'),
    lastLoginAt: timestamptz('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // E-mail is unique regardless of case; the API also stores it lower-cased.
    uniqueIndex('usuarios_email_lower_uq').on(sql`lower(${t.email})`),
    index('usuarios_role_status_idx').on(t.role, t.status),
    check('usuarios_role_ck', sql.raw(`role IN (${sqlList(ROLES)})`)),
    check('usuarios_status_ck', sql.raw(`status IN (${sqlList(USER_STATUSES)})`)),
  ],
);

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    // SHA-256 of the opaque token; the token itself is never stored.
    tokenHash: text('token_hash').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_uq').on(t.tokenHash),
    index('api_tokens_usuario_idx').on(t.usuarioId).where(sql`${t.revokedAt} IS NULL`),
  ],
);
