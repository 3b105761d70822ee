import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { FormSection } from '../../../components/form-section.tsx';
import type { SistemaForm } from './sistema-form.ts';

type CampoLigaDesliga = 'automacao_ativa' | 'conciliacao_operadores' | 'debito_automatico';

/** A settings section that is one on/off switch with what it does under it. */
export const InterruptorSection = ({
  titulo,
  campo,
  rotulo,
  ajuda,
}: {
  titulo: string;
  campo: CampoLigaDesliga;
  rotulo: string;
  ajuda: string;
}) => {
  const { control } = useFormContext<SistemaForm>();
  const helpId = useId();
  return (
    <FormSection title={titulo}>
      <Controller
        name={campo}
        control={control}
        render={({ field }) => (
          <FormControlLabel
            sx={{ mt: 1 }}
            label={rotulo}
            control={
              <Switch
                checked={field.value}
                onChange={(_event, on) => field.onChange(on)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref, 'aria-describedby': helpId } }}
              />
            }
          />
        )}
      />
      <FormHelperText id={helpId}>{ajuda}</FormHelperText>
    </FormSection>
  );
};
