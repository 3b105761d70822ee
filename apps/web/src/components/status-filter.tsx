import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

type StatusFilterProps<S extends string> = {
  statuses: readonly S[];
  /** How each status reads; the status itself when absent. */
  labels?: Record<S, string>;
  /** The status filtered on; '' (or undefined) for all. */
  value: string | undefined;
  /** Called with the chosen status, or '' for "Todos". */
  onChange: (status: string) => void;
  sx?: TextFieldProps['sx'];
};

/** The "Status" select of a list's filters: "Todos" first, then each status. */
export const StatusFilter = <S extends string>({
  statuses,
  labels,
  value,
  onChange,
  sx,
}: StatusFilterProps<S>) => (
  <TextField
    select
    size="small"
    label="Status"
    value={value ?? ''}
    onChange={(event) => onChange(event.target.value)}
    sx={sx}
  >
    <MenuItem value="">Todos</MenuItem>
    {statuses.map((s) => (
      <MenuItem key={s} value={s}>
        {labels ? labels[s] : s}
      </MenuItem>
    ))}
  </TextField>
);
