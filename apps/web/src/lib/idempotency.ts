import type { UseMutationResult } from '@tanstack/react-query';
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

/** A submission's body with the key it travels with. */
export type Envio<TBody> = { body: TBody; idempotencyKey: string };
export type EnvioCallbacks<TResult> = {
  onSuccess?: (data: TResult) => void;
  onError?: (error: Error) => void;
};

/**
 * A mutation that records something (decision 012), taking `{body, idempotencyKey}`: its `mutate(body)`
 * gives each submission its key (the same one when the same values are retried after a failure) and
 * ignores a second submit while one is on its way, so a double click records once.
 */
export const useEnvioIdempotente = <TBody, TResult>(
  mutation: UseMutationResult<TResult, Error, Envio<TBody>, unknown>,
) => {
  const submissao = useSubmissionKey();
  const enviando = useRef(false);
  const mutate = (body: TBody, callbacks: EnvioCallbacks<TResult> = {}) => {
    if (enviando.current) return;
    enviando.current = true;
    mutation.mutate(
      { body, idempotencyKey: submissao.keyFor(body) },
      {
        onSuccess: (data) => {
          submissao.succeeded();
          callbacks.onSuccess?.(data);
        },
        onError: (error) => callbacks.onError?.(error),
        onSettled: () => {
          enviando.current = false;
        },
      },
    );
  };
  return { ...mutation, mutate };
};
