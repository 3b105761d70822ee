import {
  type ProvedorSms,
  type SmsSettingsBody,
  type SmsSettingsView,
  smsSettingsBody,
} from '@cobranca/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** The SMS settings as typed; the token starts empty (the stored one never comes back). */
export type SmsForm = { provedor: ProvedorSms; base_url: string; token: string; remetente: string };
export type SmsField = keyof SmsForm;
export const SMS_FIELDS: readonly SmsField[] = ['provedor', 'base_url', 'token', 'remetente'];

export const toForm = (view: SmsSettingsView): SmsForm => ({
  provedor: view.provedor,
  base_url: view.base_url,
  token: '',
  remetente: view.remetente ?? '',
});

const filled = (value: string) => value.trim() !== '';

/** The simulator sends only the provider (Zenvia's settings stay stored); an empty token keeps the stored one. */
export const toBody = (values: SmsForm): SmsSettingsBody => {
  if (values.provedor === 'simulador') return { provedor: 'simulador' };
  return {
    provedor: values.provedor,
    base_url: values.base_url.trim(),
    ...(filled(values.token) ? { token: values.token.trim() } : {}),
    remetente: filled(values.remetente) ? values.remetente.trim() : null,
  };
};

export const smsResolver =
  (stored: () => SmsSettingsView): Resolver<SmsForm, unknown, SmsSettingsBody> =>
  async (values) => {
    const errors: FieldErrors<SmsForm> = {};
    const add = (field: SmsField, message: string) => {
      errors[field] ??= { type: 'validation', message };
    };
    // Zenvia cannot send without its API token.
    if (values.provedor === 'zenvia' && !filled(values.token) && !stored().token)
      add('token', 'Informe o token da API da Zenvia.');
    const parsed = smsSettingsBody.safeParse(toBody(values));
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        add(
          (SMS_FIELDS as readonly string[]).includes(field) ? (field as SmsField) : 'provedor',
          issue.message,
        );
      }
    if (!parsed.success || Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: parsed.data, errors: {} };
  };
