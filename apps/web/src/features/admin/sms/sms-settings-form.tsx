import type { SmsSettingsView } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { secretFieldProps } from '../../../lib/field-props.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { useSaveSmsSettings } from '../api/sms.ts';
import { ProviderSettingsForm, useSettingsForm } from '../components/settings-form.tsx';
import { SMS_FIELDS, type SmsField, smsResolver, toForm } from './sms-form.ts';

const PROVEDOR = {
  title: 'Provedor do SMS',
  providerLabel: 'Provedor do SMS',
  options: [
    {
      value: 'simulador',
      label: 'Simulador embutido',
      description: 'Os SMS ficam na caixa de saída do simulador, onde respostas podem ser simuladas.',
    },
    {
      value: 'zenvia',
      label: 'Zenvia',
      description: 'Envia SMS de verdade pela API da Zenvia.',
    },
  ],
} as const;

/** Provider choice and, for Zenvia, its API address, token and sender. */
export const SmsSettingsForm = ({ view }: { view: SmsSettingsView }) => {
  const save = useSaveSmsSettings();
  const settings = useSettingsForm(view, toForm, smsResolver);
  const { form, reset } = settings;
  const provedor = form.watch('provedor');
  const errors = form.formState.errors;

  const text = (field: SmsField, label: string, hint?: string) => ({
    ...form.register(field),
    label,
    error: Boolean(errors[field]),
    helperText: errors[field]?.message ?? hint,
    fullWidth: true,
  });
  const { hint, ...secret } = secretFieldProps(view.token, 'Obrigatório para a Zenvia.');

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        reset(toForm(saved));
        notify.success('Configurações de SMS salvas.');
      },
      onError: (error) => {
        setServerFieldErrors(error, form.setError, SMS_FIELDS);
        notify.error(errorMessage(error, 'Não foi possível salvar as configurações de SMS.'));
      },
    }),
  );

  return (
    <ProviderSettingsForm {...PROVEDOR} {...settings} onSubmit={onSubmit} saving={save.isPending}>
      {provedor === 'zenvia' && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            mt: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' },
          }}
        >
          <TextField {...text('base_url', 'URL base da API', 'Normalmente https://api.zenvia.com')} />
          <TextField {...text('token', 'Token da API', hint)} {...secret} />
          <TextField {...text('remetente', 'Remetente', 'O nome ou número curto cadastrado na Zenvia.')} />
        </Box>
      )}
    </ProviderSettingsForm>
  );
};
