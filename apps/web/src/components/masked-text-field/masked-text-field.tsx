import type { InputBaseComponentProps } from '@mui/material/InputBase';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Ref, useMemo } from 'react';
import { IMaskInput } from 'react-imask';
import { isNumericMask, type MaskOptions, type MaskSpec, toMaskOptions } from '../../lib/masks.ts';

export type MaskedValue = { masked: string; unmasked: string };

// Optional only because MUI types inputComponent props loosely; MaskedTextField always passes both.
type MaskInputProps = InputBaseComponentProps & {
  maskOptions?: MaskOptions;
  onMaskAccept?: (value: MaskedValue) => void;
  ref?: Ref<HTMLInputElement>;
};

// Rendered by MUI in place of <input>; MUI's ref must reach the real element, hence `inputRef`.
const MaskInput = ({ maskOptions, onMaskAccept, ref, ...inputProps }: MaskInputProps) => (
  <IMaskInput
    {...inputProps}
    {...maskOptions}
    inputRef={ref}
    onAccept={(_value, maskRef) => onMaskAccept?.({ masked: maskRef.value, unmasked: maskRef.unmaskedValue })}
  />
);

// Omit per variant: a plain Omit over TextFieldProps' union would lose the variant/slotProps pairing.
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type MaskedTextFieldProps = DistributiveOmit<TextFieldProps, 'onChange' | 'value' | 'defaultValue'> & {
  /** A preset ('cpf', 'cnpj', 'cpfCnpj', 'cep', 'telefone'), a pattern or a list of patterns (`#` `X` `S` `A` `a`, `!` escapes). */
  mask: MaskSpec;
  /** Masked or unmasked: the field formats either. */
  value: string;
  onValueChange: (value: MaskedValue) => void;
};

/**
 * An MUI `TextField` that formats as the user types. Label, helper text, error and the other
 * TextField props work as usual. With react-hook-form:
 *
 * ```tsx
 * <Controller name="cpf" control={control} render={({ field, fieldState }) => (
 *   <MaskedTextField mask="cpf" label="CPF" name={field.name} value={field.value} inputRef={field.ref}
 *     onBlur={field.onBlur} onValueChange={({ unmasked }) => field.onChange(unmasked)}
 *     error={!!fieldState.error} helperText={fieldState.error?.message} />
 * )} />
 * ```
 */
export const MaskedTextField = ({
  mask,
  value,
  onValueChange,
  slotProps,
  ...props
}: MaskedTextFieldProps) => {
  // An inline array gives new options each render; that is harmless, imask compares options deeply.
  const maskOptions = useMemo(() => toMaskOptions(mask), [mask]);
  const inputMode = isNumericMask(mask) ? 'numeric' : 'text';

  return (
    <TextField
      {...props}
      value={value}
      slotProps={{
        ...slotProps,
        input: { ...slotProps?.input, inputComponent: MaskInput },
        htmlInput: { inputMode, ...slotProps?.htmlInput, maskOptions, onMaskAccept: onValueChange },
      }}
    />
  );
};
