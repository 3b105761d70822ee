import type { WhatsappSettingsBody, WhatsappSettingsView } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { UseFormReturn } from 'react-hook-form';
import { secretFieldProps } from '../../../lib/field-props.ts';
import type { WhatsappField, WhatsappForm } from './whatsapp-form.ts';

type Props = { form: UseFormReturn<WhatsappForm, unknown, WhatsappSettingsBody>; view: WhatsappSettingsView };

/** The WhatsApp Cloud API credentials; secrets are write-only and show the stored value's mask. */
export const CloudCredentialsFields = ({ form, view }: Props) => {
  const {
    register,
    formState: { errors },
  } = form;
  const errorOf = (field: WhatsappField) => errors[field]?.message;
  const text = (field: WhatsappField, label: string, helper?: string) => ({
    ...register(field),
    label,
    error: Boolean(errorOf(field)),
    helperText: errorOf(field) ?? helper,
    fullWidth: true,
  });
  const secret = (field: 'access_token' | 'app_secret', label: string) => {
    const { hint, ...props } = secretFieldProps(view[field], 'Obrigatório para a Cloud API.');
    return { ...text(field, label, hint), ...props };
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
      <Box component="legend" sx={{ p: 0, mb: 2, typography: 'subtitle2' }}>
        Credenciais da WhatsApp Cloud API
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...text('phone_number_id', 'Phone Number ID', 'Painel da Meta › WhatsApp › Configuração da API.')}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
        <TextField
          {...text('webhook_verify_token', 'Token de verificação do webhook', 'Mínimo de 8 caracteres.')}
        />
        <TextField {...secret('access_token', 'Access Token')} />
        <TextField {...secret('app_secret', 'App Secret')} />
        <TextField {...text('api_version', 'Versão da API', 'Ex.: v23.0')} />
        <TextField {...text('base_url', 'URL base da API', 'Normalmente https://graph.facebook.com')} />
      </Box>
    </Box>
  );
};
