import type { WhatsappSettingsBody, WhatsappSettingsView } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { DiscardSaveButtons } from '../../../components/busy-button.tsx';
import { DescribedRadioGroup } from '../../../components/described-radio-group.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { useSaveWhatsappSettings } from '../api/whatsapp.ts';
import { CloudCredentialsFields } from './cloud-credentials-fields.tsx';
import { toForm, WHATSAPP_FIELDS, type WhatsappForm, whatsappResolver } from './whatsapp-form.ts';
import { PROVEDOR_LABELS } from './whatsapp-status-chip.tsx';

const PROVEDOR_OPCOES = [
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
] as const;

/** Provider choice and, for the Cloud API, its credentials. */
export const WhatsappSettingsForm = ({ view }: { view: WhatsappSettingsView }) => {
  const titleId = useId();
  const stored = useRef(view);
  stored.current = view;
  const save = useSaveWhatsappSettings();
  const form = useForm<WhatsappForm, unknown, WhatsappSettingsBody>({
    resolver: whatsappResolver(() => stored.current),
    // A refetch updates the fields the admin has not touched.
    values: toForm(view),
    resetOptions: { keepDirtyValues: true },
  });
  const { control, handleSubmit, setError, watch, formState } = form;
  // `resetOptions` also applies to explicit resets, where the admin's edits must go.
  const reset = (values?: WhatsappForm) => form.reset(values, { keepDirtyValues: false });
  const provedor = watch('provedor');

  const onSubmit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        // The secrets just sent are now stored: clear them, the placeholders will show the new masks.
        reset({ ...form.getValues(), access_token: '', app_secret: '' });
        notify.success('Configurações do WhatsApp salvas.');
      },
      onError: (error) => {
        setServerFieldErrors(error, setError, WHATSAPP_FIELDS);
        notify.error(errorMessage(error, 'Não foi possível salvar as configurações do WhatsApp.'));
      },
    }),
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={titleId} component="h3" variant="h6" sx={{ mb: 2 }}>
        Provedor do canal
      </Typography>
      <Box component="form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <Controller
          name="provedor"
          control={control}
          render={({ field }) => (
            <DescribedRadioGroup {...field} aria-label="Provedor do WhatsApp" options={PROVEDOR_OPCOES} />
          )}
        />
        {provedor === 'whatsapp_cloud' && <CloudCredentialsFields form={form} view={view} />}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
          <DiscardSaveButtons dirty={formState.isDirty} saving={save.isPending} onDiscard={() => reset()} />
        </Box>
      </Box>
    </Paper>
  );
};
