import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// Every ORDER BY over a person's or customer's name goes through `porNome`: the database's default
// collation may be "C" (PGlite, many containers), where "Açougue" sorts after "Auto Peças" and "Élida"
// after "Vanessa". ICU's root collation ("und-x-icu", present in PostgreSQL and PGlite) orders accented
// and mixed-case names the way a pt-BR reader expects: abel, Açougue, Auto Peças, Élida, Vanessa.
// An index on the name must be created with the same COLLATE to serve this order.
/** The name column under the pt-BR-friendly collation, for ORDER BY. */
export const porNome = (coluna: AnyPgColumn | SQL): SQL => sql`${coluna} COLLATE "und-x-icu"`;

export type Sentido = 'asc' | 'desc';

/**
 * An ORDER BY term; empty values (no message, no payment) always last, whichever the direction.
 * `inverso`: the same order read from its end (a page nearer the end than the start).
 */
export const ordem = (expressao: AnyPgColumn | SQL, sentido: Sentido, inverso = false): SQL => {
  if (!inverso)
    return sentido === 'desc' ? sql`${expressao} desc nulls last` : sql`${expressao} asc nulls last`;
  return sentido === 'desc' ? sql`${expressao} asc nulls first` : sql`${expressao} desc nulls first`;
};
