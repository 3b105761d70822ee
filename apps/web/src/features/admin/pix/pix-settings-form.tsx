import type { PixSettingsBody, PixSettingsView } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { DiscardSaveButtons } from '../../../components/busy-button.tsx';
import { DescribedRadioGroup } from '../../../components/described-radio-group.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { useSavePixSettings } from '../api/pix.ts';
import { fieldGrid } from '../config-sistema/form-section.tsx';
import { unplacedMessages } from '../config-sistema/sistema-form.ts';
import { camposVisiveis, type PixForm, pixResolver, toForm } from './pix-form.ts';
import { PIX_PROVEDOR_LABELS } from './pix-status-card.tsx';
import { PspFields } from './psp-fields.tsx';

const PROVEDOR_OPCOES = [
  {
    value: 'simulador',
    label: PIX_PROVEDOR_LABELS.simulador,
    description:
      'Gera cobranças de teste e deixa o operador simular o pagamento. Nenhum dinheiro é movimentado.',
  },
  {
    value: 'api_pix',
    label: PIX_PROVEDOR_LABELS.api_pix,
    description:
      'Cobranças de verdade no seu banco ou instituição de pagamento, pela API Pix do Banco Central; o PSP avisa cada pagamento.',
  },
] as const;

/** Provider choice, the receiving key and, for a PSP, its API access (docs/produto.md §21). */
export const PixSettingsForm = ({ view }: { view: PixSettingsView }) => {
  const titleId = useId();
  const stored = useRef(view);
  stored.current = view;
  const save = useSavePixSettings();
  const form = useForm<PixForm, unknown, PixSettingsBody>({
    resolver: pixResolver(() => stored.current),
    // A refetch updates the fields the admin has not touched.
    values: toForm(view),
    resetOptions: { keepDirtyValues: true },
  });
  const { control, register, handleSubmit, setError, getValues, watch, formState } = form;
  const { errors } = formState;
  // `resetOptions` also applies to explicit resets, where the admin's edits must go.
  const reset = (values?: PixForm) => form.reset(values, { keepDirtyValues: false });
  const provedor = watch('provedor');

  const onSubmit = handleSubmit(
    (body) =>
      save.mutate(body, {
        // The secrets and certificate just sent are stored now: they leave the screen.
        onSuccess: (saved) => {
          reset(toForm(saved));
          notify.success('Configurações do PIX salvas.');
        },
        onError: (error) => {
          const visiveis = camposVisiveis(getValues());
          setServerFieldErrors(error, setError, visiveis);
          const resto = unplacedMessages(error, visiveis);
          const detalhe = errorMessage(error, 'Não foi possível salvar as configurações do PIX.');
          notify.error(resto.length > 0 ? `${detalhe}\n${resto.join('\n')}` : detalhe);
        },
      }),
    () => notify.error('Revise os campos destacados.'),
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={titleId} component="h3" variant="h6" sx={{ mb: 2 }}>
        Provedor do PIX
      </Typography>
      <Box component="form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <Controller
          name="provedor"
          control={control}
          render={({ field }) => (
            <DescribedRadioGroup {...field} aria-label="Provedor do PIX" options={PROVEDOR_OPCOES} />
          )}
        />
        {errors.provedor && <FormHelperText error>{errors.provedor.message}</FormHelperText>}
        <Box sx={fieldGrid}>
          <TextField
            {...register('chave')}
            label="Chave PIX"
            error={Boolean(errors.chave)}
            helperText={errors.chave?.message ?? 'CNPJ, e-mail, telefone (+55…) ou chave aleatória da conta.'}
            fullWidth
            slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, maxLength: 77 } }}
          />
          <TextField
            {...register('validade_apos_vencimento_dias')}
            label="Dias para pagar após o vencimento"
            type="number"
            error={Boolean(errors.validade_apos_vencimento_dias)}
            helperText={
              errors.validade_apos_vencimento_dias?.message ??
              'Cobranças com vencimento aceitam pagamento (com multa e juros) por esses dias.'
            }
            fullWidth
            slotProps={{ htmlInput: { min: 0, max: 365, step: 1, inputMode: 'numeric' } }}
          />
        </Box>
        {provedor === 'api_pix' && <PspFields form={form} view={view} />}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
          <DiscardSaveButtons dirty={formState.isDirty} saving={save.isPending} onDiscard={() => reset()} />
        </Box>
      </Box>
    </Paper>
  );
};
