import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Path, useFormContext } from 'react-hook-form';
import type { SistemaForm } from './sistema-form.ts';

type Opcoes = readonly (readonly [value: string, label: string])[];

/**
 * A setting chosen from a list; the error, when any, replaces the helper text. `opcoes` may depend on
 * the current value (a stored value outside the list, offered so it is never lost).
 */
export const CampoSelecao = ({
  name,
  label,
  helper,
  opcoes,
}: {
  name: Path<SistemaForm>;
  label: string;
  helper?: string;
  opcoes: Opcoes | ((valor: string) => Opcoes);
}) => {
  const { control } = useFormContext<SistemaForm>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          size="small"
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helper}
        >
          {(typeof opcoes === 'function' ? opcoes(String(field.value)) : opcoes).map(([value, rotulo]) => (
            <MenuItem key={value} value={value}>
              {rotulo}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
};
