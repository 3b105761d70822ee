import type { Role, UserStatus } from '@cobranca/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiTokens, usuarios } from '../../db/schema/index.ts';

export type UsuarioRow = typeof usuarios.$inferSelect;

export const buscarUsuarioPorEmail = async (db: DbOrTx, email: string): Promise<UsuarioRow | undefined> => {
  const [row] = await db
    .select()
    .from(usuarios)
    .where(eq(sql`lower(${usuarios.email})`, email.toLowerCase()));
  return row;
};

export const inserirUsuario = async (
  tx: DbOrTx,
  values: { name: string; email: string; passwordHash: string; role: Role; status?: UserStatus },
): Promise<UsuarioRow> => {
  const [row] = await tx
    .insert(usuarios)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
};

export const marcarLogin = async (tx: DbOrTx, id: number): Promise<void> => {
  await tx.update(usuarios).set({ lastLoginAt: sql`now()` }).where(eq(usuarios.id, id));
};

// Blocking or deleting an account ends its sessions; here, so accounts never depend on sign-in (auth).
export const revogarTokensDe = async (tx: DbOrTx, usuarioId: number): Promise<number> => {
  const revoked = await tx
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.usuarioId, usuarioId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return revoked.length;
};
