import {
  type EmailSettingsBody,
  type EmailSettingsView,
  emailSettingsBody,
  type ProvedorEmail,
  type SegurancaConexao,
} from '@cobranca/contracts';
import { type FieldErrors, get, type Resolver, set } from 'react-hook-form';

/** The e-mail settings as typed: numbers as text, secrets empty (the stored ones never come back). */
export type EmailForm = {
  provedor: ProvedorEmail;
  smtp: { host: string; porta: string; seguranca: SegurancaConexao; usuario: string; senha: string };
  remetente: { nome: string; email: string };
  dkim: { dominio: string; seletor: string };
  limite_por_minuto: string;
  /** The inbox section is optional: off sends `imap: null`. */
  imap_ativo: boolean;
  imap: {
    host: string;
    porta: string;
    seguranca: SegurancaConexao;
    usuario: string;
    senha: string;
    pasta: string;
  };
};

/** Every path a 422 may name, to place its messages beside the fields. */
export const EMAIL_FIELDS = [
  'provedor',
  'smtp.host',
  'smtp.porta',
  'smtp.seguranca',
  'smtp.usuario',
  'smtp.senha',
  'remetente.nome',
  'remetente.email',
  'dkim.dominio',
  'dkim.seletor',
  'limite_por_minuto',
  'imap.host',
  'imap.porta',
  'imap.seguranca',
  'imap.usuario',
  'imap.senha',
  'imap.pasta',
] as const;

export const toForm = (view: EmailSettingsView): EmailForm => ({
  provedor: view.provedor,
  smtp: {
    host: view.smtp.host ?? '',
    porta: String(view.smtp.porta),
    seguranca: view.smtp.seguranca,
    usuario: view.smtp.usuario ?? '',
    senha: '',
  },
  remetente: { nome: view.remetente.nome, email: view.remetente.email ?? '' },
  dkim: { dominio: view.dkim.dominio ?? '', seletor: view.dkim.seletor },
  limite_por_minuto: String(view.limite_por_minuto),
  imap_ativo: view.imap !== null,
  imap: {
    host: view.imap?.host ?? '',
    porta: String(view.imap?.porta ?? 993),
    seguranca: view.imap?.seguranca ?? 'tls',
    usuario: view.imap?.usuario ?? '',
    senha: '',
    pasta: view.imap?.pasta ?? 'INBOX',
  },
});

const filled = (value: string) => value.trim() !== '';
// An emptied number field becomes NaN, which the schema refuses with its own "Informe…" message.
const numero = (value: string) => (filled(value) ? Number(value) : Number.NaN);
const segredo = (value: string) => (filled(value) ? { senha: value } : {});

/**
 * The PUT body. SMTP goes only with its provider (the simulator keeps it stored); an empty secret is
 * left out, which keeps the stored one; an emptied DKIM domain or a switched-off inbox clears them.
 */
export const toBody = (values: EmailForm, stored: EmailSettingsView): EmailSettingsBody => {
  const body: EmailSettingsBody = {
    provedor: values.provedor,
    remetente: { nome: values.remetente.nome, email: values.remetente.email },
    limite_por_minuto: numero(values.limite_por_minuto),
  };
  if (values.provedor === 'smtp')
    body.smtp = {
      host: values.smtp.host,
      porta: numero(values.smtp.porta),
      seguranca: values.smtp.seguranca,
      usuario: filled(values.smtp.usuario) ? values.smtp.usuario.trim() : null,
      ...segredo(values.smtp.senha),
    };
  if (filled(values.dkim.dominio)) body.dkim = { dominio: values.dkim.dominio, seletor: values.dkim.seletor };
  else if (stored.dkim.dominio) body.dkim = null;
  if (values.imap_ativo)
    body.imap = {
      host: values.imap.host,
      porta: numero(values.imap.porta),
      seguranca: values.imap.seguranca,
      usuario: values.imap.usuario,
      pasta: values.imap.pasta,
      ...segredo(values.imap.senha),
    };
  else if (stored.imap) body.imap = null;
  return body;
};

/** Validates the body the form would send with the shared schema; each message goes to its field. */
export const emailResolver =
  (stored: () => EmailSettingsView): Resolver<EmailForm, unknown, EmailSettingsBody> =>
  async (values) => {
    const parsed = emailSettingsBody.safeParse(toBody(values, stored()));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<EmailForm> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      const key = (EMAIL_FIELDS as readonly string[]).includes(path) ? path : 'provedor';
      if (!get(errors, key)) set(errors, key, { type: 'validation', message: issue.message });
    }
    return { values: {}, errors };
  };
