import type { Role, UserStatus } from '@cobranca/contracts';
import { and, asc, count, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { usuarios } from '../../db/schema/index.ts';
import { padraoContem } from '../../lib/busca.ts';
import { porNome } from '../../lib/ordenacao.ts';
import { semAcentoSql } from './busca.ts';

// Everything an admin screen shows of an account; never the password hash.
const colunasUsuario = {
  id: usuarios.id,
  name: usuarios.name,
  email: usuarios.email,
  role: usuarios.role,
  status: usuarios.status,
  createdAt: usuarios.createdAt,
  lastLoginAt: usuarios.lastLoginAt,
};

export type UsuarioListado = {
  id: number;
  name: string;
  email: string;
  role: Role;
  status: UserStatus;
  createdAt: Date;
  lastLoginAt: Date | null;
};

export type FiltroUsuarios = { roles: readonly Role[]; busca?: string; status?: UserStatus };

/** Every query is scoped to the roles of the screen, so an operator route never reaches an admin. */
const doUsuario = (id: number, roles: readonly Role[]) =>
  and(eq(usuarios.id, id), inArray(usuarios.role, [...roles]));

const whereContas = ({ roles, busca, status }: FiltroUsuarios): SQL | undefined => {
  const padrao = busca ? (padraoContem(busca) ?? undefined) : undefined;
  return and(
    inArray(usuarios.role, [...roles]),
    status ? eq(usuarios.status, status) : undefined,
    padrao
      ? or(like(semAcentoSql(usuarios.name), padrao), like(semAcentoSql(usuarios.email), padrao))
      : undefined,
  );
};

export const listarUsuarios = async (
  db: DbOrTx,
  filtro: FiltroUsuarios,
  pagina: { limit: number; offset: number },
): Promise<{ rows: UsuarioListado[]; total: number }> => {
  const where = whereContas(filtro);
  const rows = await db
    .select(colunasUsuario)
    .from(usuarios)
    .where(where)
    // pt-BR order: under the C collation "Álvaro" and "ana" would sort after "Zeca" (lib/ordenacao.ts).
    .orderBy(porNome(usuarios.name), asc(usuarios.id))
    .limit(pagina.limit)
    .offset(pagina.offset);
  const [contagem] = await db.select({ total: count() }).from(usuarios).where(where);
  return { rows, total: contagem?.total ?? 0 };
};

export const buscarUsuario = async (
  db: DbOrTx,
  id: number,
  roles: readonly Role[],
): Promise<UsuarioListado | undefined> => {
  const [row] = await db.select(colunasUsuario).from(usuarios).where(doUsuario(id, roles));
  return row;
};

export type AlteracaoUsuario = { name?: string; email?: string; passwordHash?: string };

export const atualizarUsuario = async (
  tx: DbOrTx,
  id: number,
  roles: readonly Role[],
  values: AlteracaoUsuario,
): Promise<UsuarioListado | undefined> => {
  const [row] = await tx.update(usuarios).set(values).where(doUsuario(id, roles)).returning(colunasUsuario);
  return row;
};

/** Conditional transition: only a row still in `de` changes, so of two racing calls exactly one wins. */
export const definirStatusUsuario = async (
  tx: DbOrTx,
  id: number,
  roles: readonly Role[],
  de: UserStatus,
  para: UserStatus,
): Promise<UsuarioListado | undefined> => {
  const [row] = await tx
    .update(usuarios)
    .set({ status: para })
    .where(and(doUsuario(id, roles), eq(usuarios.status, de)))
    .returning(colunasUsuario);
  return row;
};
