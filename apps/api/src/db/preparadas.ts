import type { DbOrTx } from './client.ts';

/**
 * Named prepared statements, rendered once per database handle and name: the SQL text is not built
 * again on every request, and PostgreSQL keeps it parsed (and, after a few runs, planned) on each
 * connection of the pool. `preparar` runs only the first time a handle asks for `nome`.
 */
export const preparadasPorBanco = <T>() => {
  const porBanco = new WeakMap<DbOrTx, Map<string, T>>();
  return (db: DbOrTx, nome: string, preparar: () => T): T => {
    let doBanco = porBanco.get(db);
    if (!doBanco) {
      doBanco = new Map();
      porBanco.set(db, doBanco);
    }
    let preparada = doBanco.get(nome);
    if (preparada === undefined) {
      preparada = preparar();
      doBanco.set(nome, preparada);
    }
    return preparada;
  };
};
