/** Rows of a raw `execute` result: both drivers (node-postgres, PGlite) answer with `{ rows }`. */
export const linhasDe = <T>(resultado: unknown): T[] => (resultado as { rows: T[] }).rows;
