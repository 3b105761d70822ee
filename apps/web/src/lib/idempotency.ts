import { useRef } from 'react';

/** A v4 UUID; `crypto.randomUUID` exists only in secure contexts (not on plain http over the LAN). */
export const newIdempotencyKey = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * The `Idempotency-Key` of a form's submissions (decision 012): a fresh one for each submission, the
 * same one when the same values go again after a failure (a retry: the first try may have been
 * recorded with its answer lost), and a fresh one once a submission succeeded or the values changed.
 */
export const useSubmissionKey = () => {
  const current = useRef<{ values: string; key: string } | null>(null);
  return {
    keyFor: (values: unknown): string => {
      const json = JSON.stringify(values);
      if (current.current?.values !== json) current.current = { values: json, key: newIdempotencyKey() };
      return current.current.key;
    },
    succeeded: () => {
      current.current = null;
    },
  };
};
