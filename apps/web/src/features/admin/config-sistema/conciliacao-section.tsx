import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { FormSection } from '../../../components/form-section.tsx';
import type { SistemaForm } from './sistema-form.ts';

/** Whether operators may import the bank's files as well (docs/conciliacao.md §2). */
export const ConciliacaoSection = () => {
  const { control } = useFormContext<SistemaForm>();
  const helpId = useId();
  return (
    <FormSection title="Conciliação bancária">
      <Controller
        name="conciliacao_operadores"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            sx={{ mt: 1 }}
            label="Operadores também importam arquivos do banco"
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
        Ligado, os operadores importam retornos CNAB e extratos OFX em "Importar Clientes"; a fila de revisão
        continua com os administradores.
      </FormHelperText>
    </FormSection>
  );
};
