import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { type FieldError, get, useFormContext } from 'react-hook-form';
import { FormSection, fieldGrid } from './form-section.tsx';
import type { SistemaForm } from './sistema-form.ts';

const FIELDS = [
  {
    name: 'encargos.multa_percentual',
    label: 'Multa por atraso (%)',
    helper: 'Cobrada uma vez sobre o saldo. Máximo de 2% (Código de Defesa do Consumidor, art. 52, § 1º).',
  },
  {
    name: 'encargos.juros_mensal_percentual',
    label: 'Juros de mora (% ao mês)',
    helper:
      'Juros simples, proporcionais aos dias de atraso (mês de 30 dias). Usual: 1% ao mês (Código Civil, art. 406).',
  },
] as const;

/** Multa and juros of overdue receivables: what lists, messages and PIX charges add to the principal. */
export const EncargosSection = () => {
  const {
    register,
    formState: { errors },
  } = useFormContext<SistemaForm>();
  return (
    <FormSection
      title="Encargos por atraso"
      description="Uma conta vencida passa a valer o saldo mais multa e juros, contados do dia seguinte ao vencimento (ou ao próximo dia útil, se o vencimento cair em fim de semana ou feriado nacional). Os valores aparecem atualizados nas listas, nas mensagens e nas cobranças PIX."
    >
      <Box sx={fieldGrid}>
        {FIELDS.map(({ name, label, helper }) => {
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
              slotProps={{ htmlInput: { step: 0.01, min: 0, inputMode: 'decimal' } }}
            />
          );
        })}
      </Box>
    </FormSection>
  );
};
