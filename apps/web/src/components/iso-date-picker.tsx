import { DatePicker, type DatePickerProps } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';

// Years below this are steps of typing one (0002, 0020, 0202…), never a date anyone means.
const PRIMEIRO_ANO = 1900;

const fromIso = (iso: string): Dayjs | null => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? dayjs(iso) : null);

/** 'YYYY-MM-DD', '' when cleared, or null while the date is incomplete or impossible. */
const toIso = (date: Dayjs | null): string | null => {
  if (date === null) return '';
  return date.isValid() && date.year() >= PRIMEIRO_ANO ? date.format('YYYY-MM-DD') : null;
};

export type IsoDatePickerProps = Omit<DatePickerProps, 'value' | 'onChange' | 'minDate' | 'maxDate'> & {
  /** `YYYY-MM-DD`, '' for none (or the incomplete marker a form stored). */
  value: string;
  onChange: (iso: string) => void;
  minDate?: string;
  maxDate?: string;
  /** When set, an incomplete date is reported as this value (forms validate it); otherwise it is not reported. */
  marcadorIncompleto?: string;
};

/**
 * A pt-BR date picker over `YYYY-MM-DD` strings. It keeps what is being typed (handing a half-typed
 * date back as empty would wipe its sections) and follows changes made elsewhere (reset, back button).
 */
export const IsoDatePicker = ({
  value,
  onChange,
  minDate,
  maxDate,
  marcadorIncompleto,
  ...picker
}: IsoDatePickerProps) => {
  const [date, setDate] = useState(() => fromIso(value));
  const [visto, setVisto] = useState(value);
  if (value !== visto) {
    setVisto(value);
    if (value !== marcadorIncompleto && toIso(date) !== value) setDate(fromIso(value));
  }
  return (
    <DatePicker
      {...picker}
      value={date}
      onChange={(next) => {
        setDate(next);
        const iso = toIso(next) ?? marcadorIncompleto;
        if (iso !== undefined) onChange(iso);
      }}
      minDate={minDate ? dayjs(minDate) : undefined}
      maxDate={maxDate ? dayjs(maxDate) : undefined}
    />
  );
};
