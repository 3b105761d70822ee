import { type FieldError, type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';

/**
 * The props that bind an MUI TextField in a dialog form to one react-hook-form field: the registration,
 * its error and message (else the `hint`), full width with dense margins.
 */
export const fieldProps = <T extends FieldValues, TOut extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, TOut>, 'register' | 'formState'>,
  name: Path<T>,
  hint?: string,
) => {
  const error: FieldError | undefined = get(form.formState.errors, name);
  return {
    ...form.register(name),
    error: Boolean(error),
    helperText: error?.message ?? hint,
    fullWidth: true,
    margin: 'dense' as const,
  };
};

export const KEEP_SECRET_NOTE = 'Valor atual oculto: deixe em branco para manter.';

/**
 * A write-only secret field: the stored value's mask as placeholder (it never comes back in clear), and
 * the `hint` to show — keep the stored one, or `requiredHint` while none is stored.
 */
export const secretFieldProps = (mask: string | null, requiredHint: string) => ({
  hint: mask ? KEEP_SECRET_NOTE : requiredHint,
  type: 'password',
  placeholder: mask ?? undefined,
  autoComplete: 'new-password',
  slotProps: { htmlInput: { spellCheck: false } },
});
