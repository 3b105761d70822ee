import type { PixSettingsBody, PixSettingsView } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { UseFormReturn } from 'react-hook-form';
import { fieldGrid } from '../../../components/form-section.tsx';
import { secretFieldProps } from '../../../lib/field-props.ts';
import { CertificadoFields } from './certificado-fields.tsx';
import type { PixField, PixForm } from './pix-form.ts';

type Props = { form: UseFormReturn<PixForm, unknown, PixSettingsBody>; view: PixSettingsView };

/** The PSP's API Pix access (docs/produto.md §21): URLs, OAuth client, certificate and the webhook address. */
export const PspFields = ({ form, view }: Props) => {
  const {
    register,
    formState: { errors },
  } = form;
  const text = (field: PixField, label: string, hint?: string) => ({
    ...register(field),
    label,
    error: Boolean(errors[field]),
    helperText: errors[field]?.message ?? hint,
    fullWidth: true,
    slotProps: { htmlInput: { spellCheck: false, autoComplete: 'off' } },
  });
  const { hint, ...secret } = secretFieldProps(view.client_secret, 'Fornecido pelo PSP com o Client ID.');

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2, minWidth: 0 }}>
      <Box component="legend" sx={{ p: 0, mb: 1, typography: 'subtitle2' }}>
        Acesso à API Pix do PSP
      </Box>
      <Box sx={{ ...fieldGrid, mt: 1 }}>
        <TextField
          {...text('base_url', 'URL base da API Pix', 'Ex.: https://pix.seubanco.com.br/api/v2')}
          type="url"
        />
        <TextField
          {...text('token_url', 'URL de token', 'Ex.: https://pix.seubanco.com.br/oauth/token')}
          type="url"
        />
        <TextField {...text('client_id', 'Client ID')} />
        <TextField {...text('client_secret', 'Client secret', hint)} {...secret} />
      </Box>
      <CertificadoFields form={form} view={view} />
      <TextField
        {...text(
          'webhook_url',
          'Endereço público deste sistema (webhook)',
          'Ex.: https://cobranca.suaempresa.com.br — o PSP avisa os pagamentos nesse endereço.',
        )}
        type="url"
        sx={{ mt: 3 }}
      />
    </Box>
  );
};
