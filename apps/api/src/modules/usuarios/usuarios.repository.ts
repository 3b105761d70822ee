import type { Role, UserStatus } from '@cobranca/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { usuarios } from '../../db/schema/index.ts';

export type UsuarioRow = typeof usuarios.$inferSelect;

export const findUsuarioByEmail = async (db: DbOrTx, email: string): Promise<UsuarioRow | undefined> => {
  const [row] = await db
    .select()
    .from(usuarios)
    .where(eq(sql`lower(${usuarios.email})`, email.toLowerCase()));
  return row;
};

export const insertUsuario = async (
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

export const markLogin = async (tx: DbOrTx, id: number): Promise<void> => {
  await tx.update(usuarios).set({ lastLoginAt: sql`now()` }).where(eq(usuarios.id, id));
};
