import { type Column, type InferModelFromColumns, type SQL, sql } from 'drizzle-orm';

// Child rows read inside one statement as JSON (the customer workspace, the operator lists),
// decoded into exactly the values a plain drizzle select gives: each column travels as the text the
// driver would have received (`::text`, same session, same DateStyle and TimeZone) and goes through the
// column's own `mapFromDriverValue`, so timestamps, dates and cents come out as they always did.

type Colunas = Record<string, Column>;
export type LinhaDe<C extends Colunas> = InferModelFromColumns<C>;

// JSON keeps these as they are (true/false, objects, arrays), and their mappers take them so.
const SEM_TEXTO = new Set(['boolean', 'json', 'array']);

/** One row as a JSON array of `colunas`' values, in the object's key order. */
export const linhaJson = (colunas: Colunas): SQL =>
  sql`json_build_array(${sql.join(
    Object.values(colunas).map((coluna) =>
      SEM_TEXTO.has(coluna.dataType) ? sql`${coluna}` : sql`${coluna}::text`,
    ),
    sql`, `,
  )})`;

// A list page reads a few hundred child rows: each column set's entries are listed once, not per row.
const entradas = new WeakMap<Colunas, [string, Column][]>();
const entradasDe = (colunas: Colunas): [string, Column][] => {
  let lista = entradas.get(colunas);
  if (!lista) {
    lista = Object.entries(colunas);
    entradas.set(colunas, lista);
  }
  return lista;
};

/** The row back from `linhaJson`'s array; a null stays null, as drizzle never maps one. */
export const lerLinha = <C extends Colunas>(colunas: C, valores: readonly unknown[]): LinhaDe<C> => {
  const linha: Record<string, unknown> = {};
  const lista = entradasDe(colunas);
  for (let i = 0; i < lista.length; i++) {
    const [chave, coluna] = lista[i] as [string, Column];
    const valor = valores[i];
    linha[chave] = valor === null || valor === undefined ? null : coluna.mapFromDriverValue(valor);
  }
  return linha as LinhaDe<C>;
};

/**
 * A select field from a subquery. Nested one level: on a single-table select drizzle strips the table
 * name from the columns written directly in a field, and inside a subquery on a child table `"id"` would
 * then be the child's own column rather than the outer row's.
 */
export const campo = <T>(subconsulta: SQL) => sql<T>`${subconsulta}`;
