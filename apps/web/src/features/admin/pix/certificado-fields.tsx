import type { PixSettingsBody, PixSettingsView } from '@cobranca/contracts';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { formatarDataDoInstante } from '../../../lib/format.ts';
import { srOnly } from '../../../lib/sr-only.ts';
import { lerArquivoBase64, type PixForm } from './pix-form.ts';

type Props = { form: UseFormReturn<PixForm, unknown, PixSettingsBody>; view: PixSettingsView };

const FORMATO_LABELS = { pem: 'PEM', pkcs12: 'PKCS#12 (.p12/.pfx)' } as const;
const pem = { fontFamily: 'monospace', fontSize: 13 } as const;

/** The stored certificate: its format and expiry, in red once expired (the PSP then refuses the calls). */
export const CertificadoSalvo = ({ certificado }: { certificado: PixSettingsView['certificado'] }) => {
  if (!certificado)
    return (
      <Typography variant="body2" color="text.secondary">
        Nenhum certificado salvo.
      </Typography>
    );
  const vencido = certificado.valido_ate !== null && new Date(certificado.valido_ate).getTime() < Date.now();
  const validade = certificado.valido_ate
    ? `${vencido ? 'vencido em' : 'válido até'} ${formatarDataDoInstante(certificado.valido_ate)}`
    : 'validade desconhecida';
  return (
    <Typography variant="body2" color={vencido ? 'error' : 'text.secondary'}>
      Certificado salvo: {FORMATO_LABELS[certificado.formato]} · {validade}
      {vencido && ' — envie um novo certificado.'}
    </Typography>
  );
};

type CamposProps = Pick<Props, 'form'> & {
  /** With a certificate stored: blank fields keep it. */
  keepHint: string | undefined;
};

// The key is a secret: no browser should offer to remember it.
const PEM_CAMPOS = [
  {
    name: 'certificado_pem',
    label: 'Certificado (PEM)',
    placeholder: '-----BEGIN CERTIFICATE-----',
    autoComplete: undefined,
  },
  {
    name: 'chave_privada_pem',
    label: 'Chave privada (PEM)',
    placeholder: '-----BEGIN PRIVATE KEY-----',
    autoComplete: 'off',
  },
] as const;

/** A certificate and its private key, pasted as PEM. */
const PemFields = ({ form, keepHint }: CamposProps) => {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 1, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {PEM_CAMPOS.map((campo) => (
        <TextField
          key={campo.name}
          {...register(campo.name)}
          label={campo.label}
          placeholder={campo.placeholder}
          multiline
          minRows={4}
          maxRows={10}
          fullWidth
          error={Boolean(errors[campo.name])}
          helperText={errors[campo.name]?.message ?? keepHint}
          slotProps={{ htmlInput: { spellCheck: false, autoComplete: campo.autoComplete, sx: pem } }}
        />
      ))}
    </Box>
  );
};

/** A .p12/.pfx file, read here as base64, and its password. */
const Pkcs12Fields = ({ form, keepHint }: CamposProps) => {
  const fileId = useId();
  const fileHelpId = useId();
  const {
    register,
    setValue,
    watch,
    formState: { errors },
  } = form;
  const nome = watch('pkcs12_nome');

  const onArquivo = async (file: File | undefined) => {
    if (!file) return;
    try {
      const base64 = await lerArquivoBase64(file);
      setValue('pkcs12_base64', base64, { shouldDirty: true, shouldValidate: true });
      setValue('pkcs12_nome', file.name, { shouldDirty: true });
    } catch {
      notify.error('Não foi possível ler o arquivo do certificado.');
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 1, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Button
            component="label"
            htmlFor={fileId}
            variant="outlined"
            startIcon={<UploadFileIcon />}
            color={errors.pkcs12_base64 ? 'error' : 'primary'}
          >
            Escolher arquivo .p12/.pfx
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {nome || 'Nenhum arquivo escolhido'}
          </Typography>
        </Box>
        {/* Visually hidden rather than display:none, so it stays focusable and labelled. */}
        <Box
          component="input"
          id={fileId}
          type="file"
          accept=".p12,.pfx,application/x-pkcs12"
          aria-label="Arquivo do certificado (.p12/.pfx)"
          aria-describedby={fileHelpId}
          aria-invalid={Boolean(errors.pkcs12_base64)}
          sx={srOnly}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            const file = event.target.files?.[0];
            // Cleared so picking the same file again still fires a change.
            event.target.value = '';
            void onArquivo(file);
          }}
        />
        <FormHelperText id={fileHelpId} error={Boolean(errors.pkcs12_base64)}>
          {errors.pkcs12_base64?.message ?? keepHint ?? 'O arquivo fornecido pelo PSP.'}
        </FormHelperText>
      </Box>
      <TextField
        {...register('pkcs12_senha')}
        label="Senha do certificado"
        type="password"
        autoComplete="new-password"
        fullWidth
        error={Boolean(errors.pkcs12_senha)}
        helperText={errors.pkcs12_senha?.message ?? 'Enviada junto com o arquivo escolhido.'}
      />
    </Box>
  );
};

/**
 * The client certificate of the mutual TLS the PSP requires: a PEM pair pasted, or a .p12/.pfx file with
 * its password. Nothing chosen keeps the stored one.
 */
export const CertificadoFields = ({ form, view }: Props) => {
  const formato = form.watch('certificado_formato');
  const keepHint = view.certificado ? 'Em branco mantém o certificado salvo.' : undefined;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3, minWidth: 0 }}>
      <Box component="legend" sx={{ p: 0, mb: 1, typography: 'subtitle2' }}>
        Certificado do cliente (mTLS)
      </Box>
      <CertificadoSalvo certificado={view.certificado} />
      <Controller
        name="certificado_formato"
        control={form.control}
        render={({ field }) => (
          <RadioGroup {...field} row aria-label="Formato do certificado" sx={{ mt: 1 }}>
            <FormControlLabel value="pem" control={<Radio />} label="Certificado e chave (PEM)" />
            <FormControlLabel value="pkcs12" control={<Radio />} label="Arquivo .p12/.pfx" />
          </RadioGroup>
        )}
      />
      {formato === 'pem' ? (
        <PemFields form={form} keepHint={keepHint} />
      ) : (
        <Pkcs12Fields form={form} keepHint={keepHint} />
      )}
    </Box>
  );
};
