import type { EmailSettingsBody, EmailSettingsView } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Controller, get, type UseFormReturn } from 'react-hook-form';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { secretFieldProps } from '../../../lib/field-props.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { useSaveEmailSettings } from '../api/email.ts';
import { ProviderSettingsForm, useSettingsForm } from '../components/settings-form.tsx';
import { EMAIL_FIELDS, type EmailForm, emailResolver, toForm } from './email-form.ts';

type Form = UseFormReturn<EmailForm, unknown, EmailSettingsBody>;
type Campo = (typeof EMAIL_FIELDS)[number];

export const PROVEDOR_EMAIL_LABELS = { simulador: 'Simulador embutido', smtp: 'Servidor SMTP' } as const;

const PROVEDOR = {
  title: 'Provedor do e-mail',
  providerLabel: 'Provedor do e-mail',
  options: [
    {
      value: 'simulador',
      label: PROVEDOR_EMAIL_LABELS.simulador,
      description:
        'Os e-mails ficam na caixa de saída do simulador, onde respostas e devoluções podem ser simuladas.',
    },
    {
      value: 'smtp',
      label: PROVEDOR_EMAIL_LABELS.smtp,
      description: 'Envia e-mails de verdade pelo servidor SMTP do seu provedor.',
    },
  ],
} as const;

const SEGURANCAS = [
  ['nenhuma', 'Nenhuma'],
  ['starttls', 'STARTTLS'],
  ['tls', 'TLS'],
] as const;

const grade = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' },
} as const;

const Grupo = ({ titulo, children }: { titulo: string; children: ReactNode }) => (
  <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3, minWidth: 0 }}>
    <Box component="legend" sx={{ p: 0, mb: 2, typography: 'subtitle2' }}>
      {titulo}
    </Box>
    {children}
  </Box>
);

/** The props binding a TextField to a (nested) field, its error in place of the hint. */
const useCampos = (form: Form) => {
  const texto = (name: Campo, label: string, hint?: string) => {
    const message = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
    return {
      ...form.register(name),
      label,
      error: Boolean(message),
      helperText: message ?? hint,
      fullWidth: true,
    };
  };
  const segredo = (name: 'smtp.senha' | 'imap.senha', mask: string | null | undefined, label: string) => {
    const { hint, ...props } = secretFieldProps(
      mask ?? null,
      'Deixe em branco se o servidor não pede senha.',
    );
    return { ...texto(name, label, hint), ...props };
  };
  const seguranca = (name: 'smtp.seguranca' | 'imap.seguranca', label: string) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          select
          label={label}
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        >
          {SEGURANCAS.map(([value, rotulo]) => (
            <MenuItem key={value} value={value}>
              {rotulo}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  return { texto, segredo, seguranca };
};

const SmtpCampos = ({ form, view }: { form: Form; view: EmailSettingsView }) => {
  const { texto, segredo, seguranca } = useCampos(form);
  return (
    <Grupo titulo="Servidor SMTP">
      <Box sx={grade}>
        <TextField {...texto('smtp.host', 'Servidor', 'Ex.: smtp.empresa.com.br')} />
        <TextField
          {...texto('smtp.porta', 'Porta', '587 com STARTTLS, 465 com TLS')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        {seguranca('smtp.seguranca', 'Segurança')}
        <TextField {...texto('smtp.usuario', 'Usuário')} autoComplete="off" />
        <TextField {...segredo('smtp.senha', view.smtp.senha, 'Senha do SMTP')} />
      </Box>
    </Grupo>
  );
};

const ImapCampos = ({ form, view }: { form: Form; view: EmailSettingsView }) => {
  const { texto, segredo, seguranca } = useCampos(form);
  const ativo = form.watch('imap_ativo');
  return (
    <Grupo titulo="Caixa de entrada (IMAP, opcional)">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Lê as respostas dos clientes e os avisos de devolução que chegam por e-mail.
      </Typography>
      <Controller
        name="imap_ativo"
        control={form.control}
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(_e, checked) => field.onChange(checked)} />}
            label="Ler a caixa de entrada"
          />
        )}
      />
      {ativo && (
        <Box sx={{ ...grade, mt: 2 }}>
          <TextField {...texto('imap.host', 'Servidor IMAP', 'Ex.: imap.empresa.com.br')} />
          <TextField
            {...texto('imap.porta', 'Porta IMAP', '993 com TLS')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          {seguranca('imap.seguranca', 'Segurança IMAP')}
          <TextField {...texto('imap.usuario', 'Usuário IMAP')} autoComplete="off" />
          <TextField {...segredo('imap.senha', view.imap?.senha, 'Senha IMAP')} />
          <TextField {...texto('imap.pasta', 'Pasta', 'Normalmente INBOX')} />
        </Box>
      )}
    </Grupo>
  );
};

/** Provider, SMTP server, sender, DKIM domain, rate and the optional inbox (docs/produto.md §12). */
export const EmailSettingsForm = ({ view }: { view: EmailSettingsView }) => {
  const save = useSaveEmailSettings();
  const settings = useSettingsForm(view, toForm, emailResolver);
  const { form, reset } = settings;
  const provedor = form.watch('provedor');
  const { texto } = useCampos(form);

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        // The passwords just sent are stored now: they leave the screen, the masks stand for them.
        reset(toForm(saved));
        notify.success('Configurações de e-mail salvas.');
      },
      onError: (error) => {
        setServerFieldErrors(error, form.setError, EMAIL_FIELDS);
        notify.error(errorMessage(error, 'Não foi possível salvar as configurações de e-mail.'));
      },
    }),
  );

  return (
    <ProviderSettingsForm {...PROVEDOR} {...settings} onSubmit={onSubmit} saving={save.isPending}>
      {provedor === 'smtp' && <SmtpCampos form={form} view={view} />}
      <Grupo titulo="Remetente">
        <Box sx={grade}>
          <TextField {...texto('remetente.nome', 'Nome do remetente', 'Como aparece na caixa do cliente.')} />
          <TextField
            {...texto(
              'remetente.email',
              'E-mail do remetente',
              'Do domínio onde os registros DNS são publicados.',
            )}
            type="email"
          />
          <TextField
            {...texto('limite_por_minuto', 'Limite por minuto', 'E-mails enviados por minuto, no máximo.')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Box>
      </Grupo>
      <Grupo titulo="Domínio DKIM">
        <Box sx={grade}>
          <TextField {...texto('dkim.dominio', 'Domínio', 'Ex.: empresa.com.br')} />
          <TextField {...texto('dkim.seletor', 'Seletor', 'Ex.: cobranca')} />
        </Box>
      </Grupo>
      <ImapCampos form={form} view={view} />
    </ProviderSettingsForm>
  );
};
