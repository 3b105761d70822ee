import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Money as integer cents (bigint), read as a JS number: exact up to R$ 90 trillion. */
export const centavos = (name: string) => bigint(name, { mode: 'number' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
// Drizzle sets it on every update() call, so no code path can forget it.
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** SQL `IN (...)` list for CHECK constraints over a wire enumeration. */
export const sqlList = (values: readonly string[]) =>
  values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
