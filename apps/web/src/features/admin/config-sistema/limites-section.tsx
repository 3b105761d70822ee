import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { type FieldError, get, useFormContext } from 'react-hook-form';
import { FormSection, fieldGrid } from './form-section.tsx';
import type { SistemaForm } from './sistema-form.ts';

type NumberField =
  | 'tentativas_com_falhas'
  | 'limites_contato.por_dia'
  | 'limites_contato.por_semana'
  | 'vazao_canal_por_segundo'
  | 'desconto_maximo_percentual'
  | 'sessao_horas';

const FIELDS: { name: NumberField; label: string; helper: string; step?: number }[] = [
  {
    name: 'tentativas_com_falhas',
    label: 'Tentativas até "com falhas"',
    helper: 'Contatos sem resposta antes de o cliente ir para um operador.',
  },
  { name: 'limites_contato.por_dia', label: 'Mensagens por cliente por dia', helper: 'Entre 1 e 10.' },
  { name: 'limites_contato.por_semana', label: 'Mensagens por cliente por semana', helper: 'Entre 1 e 30.' },
  {
    name: 'vazao_canal_por_segundo',
    label: 'Vazão do canal (mensagens por segundo)',
    helper: 'WhatsApp Cloud API: 80 por número, por padrão.',
  },
  {
    name: 'desconto_maximo_percentual',
    label: 'Desconto máximo em acordos (%)',
    helper: 'Maior desconto que um operador pode conceder.',
    step: 0.5,
  },
  {
    name: 'sessao_horas',
    label: 'Duração da sessão (horas)',
    helper: 'Depois disso, é preciso entrar de novo.',
  },
];

/** Contact caps, throughput and other numeric limits. */
export const LimitesSection = () => {
  const {
    register,
    formState: { errors },
  } = useFormContext<SistemaForm>();
  return (
    <FormSection title="Limites">
      <Box sx={fieldGrid}>
        {FIELDS.map(({ name, label, helper, step = 1 }) => {
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
              slotProps={{ htmlInput: { step, inputMode: step === 1 ? 'numeric' : 'decimal' } }}
            />
          );
        })}
      </Box>
    </FormSection>
  );
};
