import type { PixSettingsView } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { fieldGrid } from '../../../components/form-section.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { useSavePixSettings } from '../api/pix.ts';
import { ProviderSettingsForm, useSettingsForm } from '../components/settings-form.tsx';
import { unplacedMessages } from '../config-sistema/sistema-form.ts';
import { camposVisiveis, pixResolver, toForm } from './pix-form.ts';
import { PIX_PROVEDOR_LABELS } from './pix-status-card.tsx';
import { PspFields } from './psp-fields.tsx';

const PROVEDOR = {
  title: 'Provedor do PIX',
  providerLabel: 'Provedor do PIX',
  options: [
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
  ],
} as const;

/** Provider choice, the receiving key and, for a PSP, its API access (docs/produto.md §21). */
export const PixSettingsForm = ({ view }: { view: PixSettingsView }) => {
  const save = useSavePixSettings();
  const settings = useSettingsForm(view, toForm, pixResolver);
  const { form, reset } = settings;
  const { register, handleSubmit, setError, getValues, watch, formState } = form;
  const { errors } = formState;
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
    <ProviderSettingsForm {...PROVEDOR} {...settings} onSubmit={onSubmit} saving={save.isPending}>
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
    </ProviderSettingsForm>
  );
};
