import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { type FieldError, get, type Path, useFormContext } from 'react-hook-form';
import { fieldGrid } from '../../../components/form-section.tsx';
import type { SistemaForm } from './sistema-form.ts';

export type CampoNumerico = { name: Path<SistemaForm>; label: string; helper: string; step?: number };

type NumeroFieldProps = Omit<CampoNumerico, 'helper'> & {
  helper?: string;
  /** Default: 0 for amounts and rates (a step below 1), none for whole numbers. */
  min?: number;
  max?: number;
  size?: 'small';
};

/** One number setting: the error, when any, replaces the field's explanation. */
export const NumeroField = ({ name, label, helper, step = 1, min, max, size }: NumeroFieldProps) => {
  const {
    register,
    formState: { errors },
  } = useFormContext<SistemaForm>();
  const error: FieldError | undefined = get(errors, name);
  const message = error?.message;
  return (
    <TextField
      {...register(name, { valueAsNumber: true })}
      label={label}
      type="number"
      size={size}
      error={Boolean(message)}
      helperText={message ?? helper}
      fullWidth
      slotProps={{
        htmlInput: {
          step,
          min: min ?? (step < 1 ? 0 : undefined),
          max,
          inputMode: step === 1 ? 'numeric' : 'decimal',
        },
      }}
    />
  );
};

/** Number settings in the section grid. */
export const CamposNumericos = ({ campos }: { campos: readonly CampoNumerico[] }) => (
  <Box sx={fieldGrid}>
    {campos.map((campo) => (
      <NumeroField key={campo.name} {...campo} />
    ))}
  </Box>
);
