import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { FormSection } from '../../../components/form-section.tsx';
import type { SistemaForm } from './sistema-form.ts';

/** Whether the régua sends at all; the super admin's kill switch acts on the same flag. */
export const AutomacaoSection = () => {
  const { control } = useFormContext<SistemaForm>();
  const helpId = useId();
  return (
    <FormSection title="Automação">
      <Controller
        name="automacao_ativa"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            sx={{ mt: 1 }}
            label="Envio automático ativo"
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
      <FormHelperText id={helpId}>
        Desligado, a régua não envia mensagens automáticas; as mensagens dos operadores continuam.
      </FormHelperText>
    </FormSection>
  );
};
