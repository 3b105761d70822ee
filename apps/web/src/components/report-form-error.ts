import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage } from '../lib/api-client.ts';
import { setServerFieldErrors } from '../lib/form-errors.ts';
import { notify } from './snackbar/snackbar-store.ts';

/** A failed form submission: a 422's messages beside their fields, anything else in the snackbar. */
export const reportFormError = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
): void => {
  if (!setServerFieldErrors(error, setError, fields)) notify.error(errorMessage(error, fallback));
};
