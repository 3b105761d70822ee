import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';

// Storage of `Idempotency-Key` claims (decision 012). Every change after the claim is conditioned on the
// claim's token, so a request whose claim was taken over can neither write nor answer for the key.

const KEY_TTL = sql`interval '24 hours'`;
// Longer than any request takes; past it, a claim whose write never committed may be taken over.
const CLAIM_LEASE = sql`interval '60 seconds'`;

export type IdempotencyClaim = { usuarioId: number; key: string; claimToken: string };

export type ClaimOutcome =
  | { kind: 'claimed'; claim: IdempotencyClaim }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'in_progress' }
  | { kind: 'written_without_answer' }
  | { kind: 'fingerprint_mismatch' };

const ofClaim = (claim: IdempotencyClaim) =>
  and(
    eq(idempotencyKeys.usuarioId, claim.usuarioId),
    eq(idempotencyKeys.key, claim.key),
    eq(idempotencyKeys.claimToken, claim.claimToken),
  );

/**
 * Claims the key for this request, or says why not. A new key (or one expired) is claimed; so is one
 * still `processing` for the same request past its lease: its write never committed (the write marks
 * the key inside its own transaction), so writing now cannot write twice.
 */
export const claimKey = (
  db: Db,
  input: { usuarioId: number; key: string; fingerprint: string },
): Promise<ClaimOutcome> =>
  db.transaction(async (tx) => {
    const doUsuario = eq(idempotencyKeys.usuarioId, input.usuarioId);
    // Opportunistic clean-up: the few expired keys of this user, through the primary key's prefix.
    await tx.delete(idempotencyKeys).where(and(doUsuario, lte(idempotencyKeys.expiresAt, sql`now()`)));
    const claimToken = randomUUID();
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({
        ...input,
        state: 'processing',
        claimToken,
        lockedUntil: sql`now() + ${CLAIM_LEASE}`,
        expiresAt: sql`now() + ${KEY_TTL}`,
      })
      .onConflictDoUpdate({
        target: [idempotencyKeys.usuarioId, idempotencyKeys.key],
        set: { claimToken, lockedUntil: sql`now() + ${CLAIM_LEASE}` },
        setWhere: sql`${idempotencyKeys.state} = 'processing' AND ${idempotencyKeys.lockedUntil} < now()
          AND ${idempotencyKeys.fingerprint} = ${input.fingerprint}`,
      })
      .returning({ claimToken: idempotencyKeys.claimToken });
    if (claimed)
      return { kind: 'claimed', claim: { usuarioId: input.usuarioId, key: input.key, claimToken } };
    const [existing] = await tx
      .select({
        fingerprint: idempotencyKeys.fingerprint,
        state: idempotencyKeys.state,
        responseStatus: idempotencyKeys.responseStatus,
        responseBody: idempotencyKeys.responseBody,
        leaseAtivo: sql<boolean>`${idempotencyKeys.lockedUntil} >= now()`,
      })
      .from(idempotencyKeys)
      .where(and(doUsuario, eq(idempotencyKeys.key, input.key)));
    // Gone in between (released by its request's failure): the client may simply try again.
    if (!existing) return { kind: 'in_progress' };
    if (existing.fingerprint !== input.fingerprint) return { kind: 'fingerprint_mismatch' };
    if (existing.state === 'completed' && existing.responseStatus !== null && existing.responseBody !== null)
      return { kind: 'replay', status: existing.responseStatus, body: existing.responseBody };
    // Written while its request still holds the lease: the answer is on its way, not lost.
    return existing.state === 'written' && !existing.leaseAtivo
      ? { kind: 'written_without_answer' }
      : { kind: 'in_progress' };
  });

/** Inside the write's transaction: the key is now spent by it. False when the claim was lost. */
export const marcarGravada = async (tx: DbOrTx, claim: IdempotencyClaim): Promise<boolean> => {
  const rows = await tx
    .update(idempotencyKeys)
    .set({ state: 'written' })
    .where(and(ofClaim(claim), inArray(idempotencyKeys.state, ['processing', 'written'])))
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
};

/** The successful answer, replayed to every later request with this key. */
export const storeAnswer = (db: Db, claim: IdempotencyClaim, status: number, body: string) =>
  db
    .update(idempotencyKeys)
    .set({ state: 'completed', responseStatus: status, responseBody: body })
    .where(and(ofClaim(claim), inArray(idempotencyKeys.state, ['processing', 'written'])));

/** A failed request frees its key, unless its write committed: then the key stays spent. */
export const releaseKey = (db: Db, claim: IdempotencyClaim) =>
  db.delete(idempotencyKeys).where(and(ofClaim(claim), eq(idempotencyKeys.state, 'processing')));
