import type { Role, UserStatus } from '@cobranca/contracts';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiTokens, usuarios } from '../../db/schema/index.ts';

export type Session = {
  tokenId: number;
  lastUsedAt: Date | null;
  // Kept so a cached session is never used past it (docs/decisions/024).
  expiresAt: Date;
  user: { id: number; name: string; email: string; role: Role; status: UserStatus };
};

export const inserirToken = async (
  tx: DbOrTx,
  values: {
    usuarioId: number;
    tokenHash: string;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<void> => {
  await tx.insert(apiTokens).values(values);
};

/** The live session behind a token hash: not revoked, not expired. */
export const buscarSessaoPorHashToken = async (
  db: DbOrTx,
  tokenHash: string,
): Promise<Session | undefined> => {
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      lastUsedAt: apiTokens.lastUsedAt,
      expiresAt: apiTokens.expiresAt,
      user: {
        id: usuarios.id,
        name: usuarios.name,
        email: usuarios.email,
        role: usuarios.role,
        status: usuarios.status,
      },
    })
    .from(apiTokens)
    .innerJoin(usuarios, eq(usuarios.id, apiTokens.usuarioId))
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.expiresAt, sql`now()`),
      ),
    );
  return row;
};

/** Records use at most once a minute per token, so authenticated reads do not all become writes. */
export const touchToken = async (db: DbOrTx, tokenId: number): Promise<void> => {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
};

export const revogarToken = async (tx: DbOrTx, tokenId: number): Promise<void> => {
  await tx
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)));
};
