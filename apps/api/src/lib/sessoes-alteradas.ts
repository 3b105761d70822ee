/** Which cached sessions to forget: those of these tokens and users, or every one. */
export type SessoesAlteradas = { todos: true } | { tokens: number[]; usuarios: number[] };

type Ouvinte = (alteradas: SessoesAlteradas) => void;
const ouvintes = new Set<Ouvinte>();

/** Each session cache of this process (one per app) listens here; the answer stops listening. */
export const ouvirSessoesAlteradas = (ouvinte: Ouvinte): (() => void) => {
  ouvintes.add(ouvinte);
  return () => ouvintes.delete(ouvinte);
};

/**
 * Called by this process's own writes right after their commit (logout, block, new password, edit):
 * its next request must not wait for the database's NOTIFY to arrive (docs/decisions/024). Lives
 * outside `auth` because `usuarios` calls it and `auth` builds on `usuarios` (docs/decisions/015).
 */
export const avisarSessoesAlteradas = (alteradas: SessoesAlteradas): void => {
  for (const ouvinte of ouvintes) ouvinte(alteradas);
};
