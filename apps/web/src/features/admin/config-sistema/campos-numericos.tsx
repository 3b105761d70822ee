import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { type FieldError, get, type Path, useFormContext } from 'react-hook-form';
import { fieldGrid } from './form-section.tsx';
import type { SistemaForm } from './sistema-form.ts';

export type CampoNumerico = { name: Path<SistemaForm>; label: string; helper: string; step?: number };

/** Number settings in the section grid: the error, when any, replaces the field's explanation. */
export const CamposNumericos = ({ campos }: { campos: readonly CampoNumerico[] }) => {
  const {
    register,
    formState: { errors },
  } = useFormContext<SistemaForm>();
  return (
    <Box sx={fieldGrid}>
      {campos.map(({ name, label, helper, step = 1 }) => {
        const error: FieldError | undefined = get(errors, name);
        const message = error?.message;
        return (
          <TextField
            key={name}
            {...register(name, { valueAsNumber: true })}
            label={label}
            type="number"
            error={Boolean(message)}
            helperText={message ?? helper}
            fullWidth
            slotProps={{
              htmlInput: {
                step,
                min: step < 1 ? 0 : undefined,
                inputMode: step === 1 ? 'numeric' : 'decimal',
              },
            }}
          />
        );
      })}
    </Box>
  );
};
