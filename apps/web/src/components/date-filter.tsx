import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';

const fromIso = (iso: string): Dayjs | null => (iso ? dayjs(iso) : null);

// Only a complete, plausible date is applied, not each step of typing the year (0002, 0020, 0202…).
const toIso = (date: Dayjs | null): string | undefined => {
  if (date === null) return '';
  return date.isValid() && date.year() >= 2000 ? date.format('YYYY-MM-DD') : undefined;
};

type DateFilterProps = {
  label: string;
  /** The applied date, `YYYY-MM-DD` or '' for none. */
  value: string;
  onChange: (iso: string) => void;
  minDate?: string;
  maxDate?: string;
  /** Past periods only (logs); due dates may lie ahead. */
  disableFuture?: boolean;
};

/** A period end (de/até) in pt-BR; the field keeps what is being typed, the filter gets only whole dates. */
export const DateFilter = ({
  label,
  value,
  onChange,
  minDate,
  maxDate,
  disableFuture = false,
}: DateFilterProps) => {
  const [date, setDate] = useState(() => fromIso(value));
  // Follows changes made elsewhere (clearing the filters, back button).
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    if (toIso(date) !== value) setDate(fromIso(value));
  }

  return (
    <DatePicker
      label={label}
      value={date}
      onChange={(next) => {
        setDate(next);
        const iso = toIso(next);
        if (iso !== undefined && iso !== value) onChange(iso);
      }}
      minDate={minDate ? dayjs(minDate) : undefined}
      maxDate={maxDate ? dayjs(maxDate) : undefined}
      disableFuture={disableFuture}
      slotProps={{ textField: { size: 'small' }, field: { clearable: true } }}
      sx={{ flex: '1 1 170px', maxWidth: { sm: 200 } }}
    />
  );
};
