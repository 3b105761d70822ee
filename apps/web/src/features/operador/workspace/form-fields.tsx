import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { type Ref, useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { z } from 'zod';
import { hoje, parseReais } from './workspace-utils.ts';

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

const toIso = (date: Dayjs | null): string => {
  if (date === null) return '';
  return date.isValid() && date.year() >= 1900 ? date.format('YYYY-MM-DD') : DATA_INVALIDA;
};
const fromIso = (iso: string): Dayjs | null => (iso && iso !== DATA_INVALIDA ? dayjs(iso) : null);

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

// The picker keeps what is being typed (a half-typed date is invalid, and handing it back as null would
// wipe the sections); the form only gets `YYYY-MM-DD`, '' or the invalid marker.
const ControlledDate = ({
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  minDate,
  maxDate,
  error,
  helperText,
}: ControlledDateProps) => {
  const [date, setDate] = useState(() => fromIso(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (toIso(date) !== value) setDate(fromIso(value));
  }
  return (
    <DatePicker
      label={label}
      value={date}
      onChange={(next) => {
        setDate(next);
        const iso = toIso(next);
        setSeen(iso);
        onChange(iso);
      }}
      minDate={minDate ? dayjs(minDate) : undefined}
      maxDate={maxDate ? dayjs(maxDate) : undefined}
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
};

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

/** Money text → reais, then the given rule (the contract's `reaisField`, say). */
export const reaisTexto = <S extends z.ZodType<number, number>>(regra: S, vazio: string) =>
  z
    .string()
    .trim()
    .min(1, vazio)
    .transform(parseReais)
    .pipe(
      z
        .number()
        .refine((v) => !Number.isNaN(v), 'Use um valor como 1.234,56.')
        .pipe(regra),
    );

const iso = z.string().refine((v) => v !== DATA_INVALIDA && /^\d{4}-\d{2}-\d{2}$/.test(v), 'Data inválida.');

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
