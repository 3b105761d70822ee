// Retry policy of the outbox (docs/produto.md §11): transient channel failures wait longer each time, with
// jitter so a burst of failures does not come back as a burst; after the last attempt it is a failure.

export const MAX_TENTATIVAS = 8;
/** How long a claimed message stays with its sender before another one may take it over. */
export const LEASE_MS = 60_000;
/**
 * How long a message whose send started and has no outcome (the sender died or lost its answer) waits
 * for the channel's status webhook to tell whether it went, before it is sent again. Only for channels
 * that confirm sends by webhook; for the others the lease is all the waiting there is.
 */
export const RECONCILIACAO_MS = 10 * 60_000;

const BASE_MS = 30_000;
const TETO_MS = 3_600_000;

/** Wait before attempt `tentativa + 1`: 30 s, 1 min, 2 min… up to 1 h, each scaled by 50–100 %. */
export const atrasoDaTentativa = (tentativa: number, aleatorio: () => number = Math.random): number => {
  const teto = Math.min(TETO_MS, BASE_MS * 2 ** Math.max(0, tentativa - 1));
  return Math.round(teto * (0.5 + aleatorio() / 2));
};

/**
 * When a refused send is tried again: `null` when it failed for good (a permanent refusal, or the
 * last attempt), otherwise the instant of attempt `tentativa + 1`.
 */
export const proximaTentativaEm = (
  recusa: { transitorio: boolean },
  tentativa: number,
  agora: Date,
  aleatorio?: () => number,
): Date | null =>
  !recusa.transitorio || tentativa >= MAX_TENTATIVAS
    ? null
    : new Date(agora.getTime() + atrasoDaTentativa(tentativa, aleatorio));
