import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useRef } from 'react';
import { Controller, type FieldError, get, useFormContext } from 'react-hook-form';
import { HoraField } from '../../../components/hora-field.tsx';
import type { Janela, SistemaForm } from './sistema-form.ts';

type Props = {
  name: 'janela_envio.sabado' | 'janela_envio.domingo';
  /** "sábado", "domingo": used in the switch and field labels. */
  dia: string;
  switchLabel: string;
  fallback: Janela;
};

/** A day that may have no sending at all: a switch, and the opening hours when it is on. */
export const JanelaDiaFields = ({ name, dia, switchLabel, fallback }: Props) => {
  const {
    control,
    formState: { errors },
  } = useFormContext<SistemaForm>();
  // Switching the day off and on again brings back the hours it had.
  const last = useRef<Janela>(fallback);
  const errorAt = (leaf: 'inicio' | 'fim'): string | undefined => {
    const own: FieldError | undefined = get(errors, `${name}.${leaf}`);
    // An error on the day as a whole (say, from the server) goes under its first field.
    const day: FieldError | undefined = leaf === 'inicio' ? get(errors, name) : undefined;
    return own?.message ?? day?.message;
  };

  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => {
        const janela = field.value;
        if (janela) last.current = janela;
        const setHora = (leaf: 'inicio' | 'fim', value: string) =>
          field.onChange({ ...(janela ?? last.current), [leaf]: value });
        return (
          <Box sx={{ display: 'grid', gap: 1 }}>
            <FormControlLabel
              label={switchLabel}
              control={
                <Switch
                  checked={janela !== null}
                  onChange={(_event, on) => field.onChange(on ? last.current : null)}
                  slotProps={{ input: { ref: field.ref } }}
                />
              }
            />
            {janela && (
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
                <HoraField
                  label={`Início (${dia})`}
                  value={janela.inicio}
                  onChange={(value) => setHora('inicio', value)}
                  onBlur={field.onBlur}
                  error={errorAt('inicio')}
                />
                <HoraField
                  label={`Fim (${dia})`}
                  value={janela.fim}
                  onChange={(value) => setHora('fim', value)}
                  onBlur={field.onBlur}
                  error={errorAt('fim')}
                />
              </Box>
            )}
          </Box>
        );
      }}
    />
  );
};
