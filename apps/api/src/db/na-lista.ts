import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * `coluna IN (valores)` with the list sent as one jsonb parameter: a bank file's thousands of values stay
 * one parameter, where `inArray` sends (and builds) one per value.
 */
export const naLista = (
  coluna: SQLWrapper,
  valores: readonly (string | number)[],
  tipo: 'int' | 'text' | 'date',
): SQL =>
  valores.length === 0
    ? sql`false`
    : sql`${coluna} IN (SELECT jsonb_array_elements_text(${JSON.stringify(valores)}::jsonb)::${sql.raw(tipo)})`;
