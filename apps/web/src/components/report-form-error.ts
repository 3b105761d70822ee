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

/**
 * The mutation callbacks of a dialog's form: on success the `success` message and close; on failure
 * reportFormError with the form's fields and the `fallback` message.
 */
export const formDialogCallbacks = <T extends FieldValues>({
  success,
  onClose,
  setError,
  fields,
  fallback,
}: {
  success: string;
  onClose: () => void;
  setError: UseFormSetError<T>;
  fields: readonly Path<T>[];
  fallback: string;
}) => ({
  onSuccess: () => {
    notify.success(success);
    onClose();
  },
  onError: (error: unknown) => {
    reportFormError(error, setError, fields, fallback);
  },
});
