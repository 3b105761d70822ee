import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * Puts a 422's per-field messages beside the form fields they belong to (only a 422 has `errors`,
 * whatever its code). Returns whether any field took one, so the caller can fall back to a general
 * message otherwise.
 */
export const setServerFieldErrors = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean => {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const field of fields) {
    const messages = error.errors[field];
    if (!messages?.length) continue;
    setError(field, { type: 'server', message: messages.join(' ') }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
};
