import type { WhatsappSettingsView } from '@cobranca/contracts';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { useSaveWhatsappSettings } from '../api/whatsapp.ts';
import { ProviderSettingsForm, useSettingsForm } from '../components/settings-form.tsx';
import { CloudCredentialsFields } from './cloud-credentials-fields.tsx';
import { toForm, WHATSAPP_FIELDS, whatsappResolver } from './whatsapp-form.ts';
import { PROVEDOR_LABELS } from './whatsapp-status-chip.tsx';

const PROVEDOR = {
  title: 'Provedor do canal',
  providerLabel: 'Provedor do WhatsApp',
  options: [
    {
      value: 'simulador',
      label: PROVEDOR_LABELS.simulador,
      description:
        'As mensagens ficam no sistema e as respostas podem ser simuladas. Para testes e demonstrações.',
    },
    {
      value: 'whatsapp_cloud',
      label: PROVEDOR_LABELS.whatsapp_cloud,
      description: 'API oficial da Meta (WhatsApp Business). Envia mensagens de verdade para os clientes.',
    },
  ],
} as const;

/** Provider choice and, for the Cloud API, its credentials. */
export const WhatsappSettingsForm = ({ view }: { view: WhatsappSettingsView }) => {
  const save = useSaveWhatsappSettings();
  const settings = useSettingsForm(view, toForm, whatsappResolver);
  const { form, reset } = settings;
  const provedor = form.watch('provedor');

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        // The secrets just sent are now stored: clear them, the placeholders will show the new masks.
        reset({ ...form.getValues(), access_token: '', app_secret: '' });
        notify.success('Configurações do WhatsApp salvas.');
      },
      onError: (error) => {
        setServerFieldErrors(error, form.setError, WHATSAPP_FIELDS);
        notify.error(errorMessage(error, 'Não foi possível salvar as configurações do WhatsApp.'));
      },
    }),
  );

  return (
    <ProviderSettingsForm {...PROVEDOR} {...settings} onSubmit={onSubmit} saving={save.isPending}>
      {provedor === 'whatsapp_cloud' && <CloudCredentialsFields form={form} view={view} />}
    </ProviderSettingsForm>
  );
};
