import { IsoDatePicker } from './iso-date-picker.tsx';

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

/** A period end (de/até) in pt-BR; the filter changes only on whole dates, not at each typed digit. */
export const DateFilter = ({ value, onChange, disableFuture = false, ...props }: DateFilterProps) => (
  <IsoDatePicker
    {...props}
    value={value}
    onChange={(iso) => iso !== value && onChange(iso)}
    disableFuture={disableFuture}
    slotProps={{ textField: { size: 'small' }, field: { clearable: true } }}
    sx={{ flex: '1 1 170px', maxWidth: { sm: 200 } }}
  />
);
