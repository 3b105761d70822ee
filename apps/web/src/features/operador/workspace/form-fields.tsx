import { centavosParaReais, ehDataIso, lerReais } from '@cobranca/dominio';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { Ref } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { z } from 'zod';
import { IsoDatePicker } from '../../../components/iso-date-picker.tsx';
import { hoje } from './workspace-utils.ts';

/** A half-typed or impossible date is kept as this, so the schema can say so. */
const DATA_INVALIDA = 'invalida';

type DateFieldProps<T extends FieldValues, TOut extends FieldValues> = {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  minDate?: string;
  maxDate?: string;
  helperText?: string;
};

type ControlledDateProps = {
  label: string;
  value: string;
  onChange: (iso: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  minDate?: string;
  maxDate?: string;
  error?: string;
  helperText?: string;
};

// The form only ever holds `YYYY-MM-DD`, '' or the invalid marker, so the schema can say what is wrong.
const ControlledDate = ({ onBlur, inputRef, error, helperText, ...props }: ControlledDateProps) => (
  <IsoDatePicker
    {...props}
    marcadorIncompleto={DATA_INVALIDA}
    inputRef={inputRef}
    slotProps={{
      textField: {
        fullWidth: true,
        margin: 'dense',
        onBlur,
        error: Boolean(error),
        helperText: error ?? helperText,
      },
    }}
  />
);

/** A pt-BR date picker bound to a form field holding `YYYY-MM-DD` ('' when empty). */
export const DateField = <T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  ...props
}: DateFieldProps<T, TOut>) => (
  <Controller
    control={control}
    name={name}
    render={({ field, fieldState }) => (
      <ControlledDate
        {...props}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        error={fieldState.error?.message}
      />
    )}
  />
);

/** Money typed as text (`1.234,56`); the schema turns it into reais. */
export const MoneyField = (props: TextFieldProps) => (
  <TextField
    fullWidth
    margin="dense"
    autoComplete="off"
    {...props}
    slotProps={{
      htmlInput: { inputMode: 'decimal' },
      input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
    }}
  />
);

/** Money text (`1.234,56`) → reais, then the given rule (the contract's `reaisField`, say). */
export const reaisTexto = <S extends z.ZodType<number, number>>(regra: S, vazio: string) =>
  z
    .string()
    .trim()
    .min(1, vazio)
    .transform(lerReais)
    .pipe(z.number({ error: 'Use um valor como 1.234,56.' }).transform(centavosParaReais).pipe(regra));

const iso = z.string().refine((v) => v !== DATA_INVALIDA && ehDataIso(v), 'Data inválida.');

/** A required date not after today (payments). */
export const dataAteHoje = z
  .string()
  .min(1, 'Informe a data.')
  .pipe(iso)
  .refine((v) => v <= hoje(), 'A data não pode ser no futuro.');

/** A required date from today on (agreements, promises). */
export const dataDeHoje = z
  .string()
  .min(1, 'Informe a data.')
  .pipe(iso)
  .refine((v) => v >= hoje(), 'A data não pode ser anterior a hoje.');
