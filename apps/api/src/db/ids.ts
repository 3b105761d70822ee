import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * `coluna = any($1::int[])`: the ids as one array parameter. Drizzle's `inArray` binds one parameter
 * per id, and at a page of exports (2 000 ids) building and parsing those parameters cost more than
 * the query itself (docs/decisions/020-exportacao.md).
 */
export const entreIds = (coluna: Column | SQL, ids: readonly number[]): SQL =>
  sql`${coluna} = any(${sql.param(ids)}::int[])`;

/** Rows back in the order of `ids` (a batch read by `id IN (…)` comes in any order); missing ids drop out. */
export const naOrdemDosIds = <T extends { id: number }>(ids: number[], linhas: T[]): T[] => {
  const porId = new Map(linhas.map((l) => [l.id, l]));
  return ids.flatMap((id) => {
    const linha = porId.get(id);
    return linha ? [linha] : [];
  });
};
