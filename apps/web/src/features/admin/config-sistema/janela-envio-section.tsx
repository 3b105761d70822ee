import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext } from 'react-hook-form';
import { FormSection, fieldGrid } from '../../../components/form-section.tsx';
import { HoraField } from '../../../components/hora-field.tsx';
import { CampoSelecao } from './campo-selecao.tsx';
import { JanelaDiaFields } from './janela-dia-fields.tsx';
import type { SistemaForm } from './sistema-form.ts';

// Brazil's IANA zones; a stored value outside this list is still offered so it is never lost.
const FUSOS: [string, string][] = [
  ['America/Sao_Paulo', 'Brasília (America/Sao_Paulo)'],
  ['America/Manaus', 'Amazonas (America/Manaus)'],
  ['America/Cuiaba', 'Mato Grosso (America/Cuiaba)'],
  ['America/Campo_Grande', 'Mato Grosso do Sul (America/Campo_Grande)'],
  ['America/Porto_Velho', 'Rondônia (America/Porto_Velho)'],
  ['America/Boa_Vista', 'Roraima (America/Boa_Vista)'],
  ['America/Rio_Branco', 'Acre (America/Rio_Branco)'],
  ['America/Noronha', 'Fernando de Noronha (America/Noronha)'],
];

/** When automatic messages may go out (consumer-protection practice, docs/produto.md §11). */
export const JanelaEnvioSection = () => {
  const {
    control,
    formState: { errors },
  } = useFormContext<SistemaForm>();
  const uteis = errors.janela_envio?.dias_uteis;
  return (
    <FormSection
      title="Janela de envio"
      description="Fora destes horários as mensagens aguardam a próxima abertura; nunca são descartadas."
    >
      <Box sx={fieldGrid}>
        <Box sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
          <Typography variant="subtitle2" sx={{ py: 1 }}>
            Segunda a sexta
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
            {(['inicio', 'fim'] as const).map((leaf) => (
              <Controller
                key={leaf}
                name={`janela_envio.dias_uteis.${leaf}`}
                control={control}
                render={({ field }) => (
                  <HoraField
                    label={`${leaf === 'inicio' ? 'Início' : 'Fim'} (dias úteis)`}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={uteis?.[leaf]?.message}
                  />
                )}
              />
            ))}
          </Box>
        </Box>
        <JanelaDiaFields
          name="janela_envio.sabado"
          dia="sábado"
          switchLabel="Enviar aos sábados"
          fallback={{ inicio: '08:00', fim: '14:00' }}
        />
        <JanelaDiaFields
          name="janela_envio.domingo"
          dia="domingo"
          switchLabel="Enviar aos domingos"
          fallback={{ inicio: '08:00', fim: '14:00' }}
        />
        <Controller
          name="janela_envio.feriados_nacionais"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              sx={{ alignSelf: 'start' }}
              label="Enviar em feriados nacionais"
              control={
                <Switch
                  checked={field.value}
                  onChange={(_event, on) => field.onChange(on)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref } }}
                />
              }
            />
          )}
        />
        <CampoSelecao
          name="fuso_horario"
          label="Fuso horário"
          helper="Define os dias e horários de envio e de vencimento."
          opcoes={(valor) => (FUSOS.some(([value]) => value === valor) ? FUSOS : [...FUSOS, [valor, valor]])}
        />
      </Box>
    </FormSection>
  );
};
