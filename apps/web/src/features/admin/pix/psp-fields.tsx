import type { PixSettingsBody, PixSettingsView, TipoContaRecebedor } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { fieldGrid } from '../../../components/form-section.tsx';
import { secretFieldProps } from '../../../lib/field-props.ts';
import { CertificadoFields } from './certificado-fields.tsx';
import type { PixField, PixForm } from './pix-form.ts';

type Props = { form: UseFormReturn<PixForm, unknown, PixSettingsBody>; view: PixSettingsView };

const TIPOS_CONTA: readonly (readonly [TipoContaRecebedor, string])[] = [
  ['CORRENTE', 'Conta corrente'],
  ['POUPANCA', 'Conta poupança'],
  ['PAGAMENTO', 'Conta de pagamento'],
];

const legenda = { p: 0, mb: 1, typography: 'subtitle2' } as const;
const grupo = { border: 0, p: 0, m: 0, minWidth: 0 } as const;

/** `recebedor` of PIX Automático's recurring charges (docs/decisions/043-pix-automatico.md). */
const ContaRecebedorFields = ({ form }: Pick<Props, 'form'>) => {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const erros = errors.conta_recebedor;
  const ajuda = useId();
  const semAutocompletar = { spellCheck: false, autoComplete: 'off' };
  return (
    <Box component="fieldset" aria-describedby={ajuda} sx={{ ...grupo, mt: 3 }}>
      <Box component="legend" sx={legenda}>
        Conta para o PIX Automático
      </Box>
      <FormHelperText id={ajuda} sx={{ mt: 0 }}>
        A conta onde o PSP credita os débitos automáticos das parcelas (exigida pela API Pix para cobranças
        recorrentes).
      </FormHelperText>
      <Box sx={fieldGrid}>
        <TextField
          {...register('conta_recebedor.agencia')}
          label="Agência"
          error={Boolean(erros?.agencia)}
          helperText={erros?.agencia?.message ?? 'Até 4 dígitos, sem o dígito verificador.'}
          fullWidth
          slotProps={{ htmlInput: { ...semAutocompletar, inputMode: 'numeric', maxLength: 4 } }}
        />
        <TextField
          {...register('conta_recebedor.conta')}
          label="Conta"
          error={Boolean(erros?.conta)}
          helperText={erros?.conta?.message ?? 'Com o dígito verificador, ex.: 12345-6.'}
          fullWidth
          slotProps={{ htmlInput: { ...semAutocompletar, maxLength: 20 } }}
        />
        <Controller
          name="conta_recebedor.tipo_conta"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Tipo da conta"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              fullWidth
            >
              <MenuItem value="">Não informado</MenuItem>
              {TIPOS_CONTA.map(([value, rotulo]) => (
                <MenuItem key={value} value={value}>
                  {rotulo}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
    </Box>
  );
};

/**
 * The PSP's API Pix access (docs/produto.md §21): URLs, OAuth client, certificate, the webhook address
 * and the account PIX Automático credits.
 */
export const PspFields = ({ form, view }: Props) => {
  const {
    register,
    formState: { errors },
  } = form;
  const text = (field: Extract<PixField, keyof PixForm>, label: string, hint?: string) => ({
    ...register(field),
    label,
    error: Boolean(errors[field]),
    helperText: errors[field]?.message ?? hint,
    fullWidth: true,
    slotProps: { htmlInput: { spellCheck: false, autoComplete: 'off' } },
  });
  const { hint, ...secret } = secretFieldProps(view.client_secret, 'Fornecido pelo PSP com o Client ID.');

  return (
    <Box component="fieldset" sx={{ ...grupo, mt: 2 }}>
      <Box component="legend" sx={legenda}>
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
      <ContaRecebedorFields form={form} />
    </Box>
  );
};
