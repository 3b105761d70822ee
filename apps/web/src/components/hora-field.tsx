import type { Ref } from 'react';
import { MaskedTextField } from './masked-text-field/masked-text-field.tsx';

// `<input type="time">` follows the browser's locale, so an en-US browser shows "08:00 AM" to a
// Brazilian admin; a masked text field is always 24-hour "HH:MM" (issue 17).

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;

/** True for a 24-hour time from 00:00 to 23:59. */
export const horaValida = (texto: string): boolean => HORA.test(texto);

export const HORA_INVALIDA = 'Informe um horário de 00:00 a 23:59 (24 horas).';

type Props = {
  label: string;
  name?: string;
  /** "HH:MM", or part of it while it is being typed. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** A message from the form; a complete but impossible time ("25:00") is flagged without one. */
  error?: string;
};

/** A time of day typed as "HH:MM", 24-hour whatever the browser's language. */
export const HoraField = ({ label, name, value, onChange, onBlur, inputRef, error }: Props) => {
  const impossivel = value.length === 5 && !horaValida(value);
  const mensagem = error ?? (impossivel ? HORA_INVALIDA : undefined);
  return (
    <MaskedTextField
      mask="##:##"
      label={label}
      name={name}
      size="small"
      value={value}
      onValueChange={({ masked }) => onChange(masked)}
      onBlur={onBlur}
      inputRef={inputRef}
      placeholder="00:00"
      error={Boolean(mensagem)}
      helperText={mensagem}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoComplete: 'off' } }}
    />
  );
};
