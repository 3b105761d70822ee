import {
  type ProvedorWhatsapp,
  type WhatsappSettingsBody,
  type WhatsappSettingsView,
  whatsappSettingsBody,
} from '@cobranca/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** The channel settings form: every field a string; secrets start empty (the stored ones stay hidden). */
export type WhatsappForm = {
  provedor: ProvedorWhatsapp;
  phone_number_id: string;
  access_token: string;
  app_secret: string;
  webhook_verify_token: string;
  api_version: string;
  base_url: string;
};
export type WhatsappField = keyof WhatsappForm;

export const WHATSAPP_FIELDS: readonly WhatsappField[] = [
  'provedor',
  'phone_number_id',
  'access_token',
  'app_secret',
  'webhook_verify_token',
  'api_version',
  'base_url',
];

const isField = (name: string): name is WhatsappField =>
  (WHATSAPP_FIELDS as readonly string[]).includes(name);

export const toForm = (view: WhatsappSettingsView): WhatsappForm => ({
  provedor: view.provedor,
  phone_number_id: view.phone_number_id ?? '',
  access_token: '',
  app_secret: '',
  webhook_verify_token: view.webhook_verify_token ?? '',
  api_version: view.api_version,
  base_url: view.base_url,
});

const filled = (value: string) => value.trim() !== '';

/**
 * The PUT body. Choosing the simulator sends only the provider, so the Cloud API settings stay stored
 * for later; an empty secret is left out, which keeps the stored one.
 */
export const toBody = (values: WhatsappForm): WhatsappSettingsBody => {
  if (values.provedor === 'simulador') return { provedor: 'simulador' };
  return {
    provedor: values.provedor,
    phone_number_id: filled(values.phone_number_id) ? values.phone_number_id.trim() : null,
    ...(filled(values.access_token) ? { access_token: values.access_token.trim() } : {}),
    ...(filled(values.app_secret) ? { app_secret: values.app_secret.trim() } : {}),
    ...(filled(values.webhook_verify_token)
      ? { webhook_verify_token: values.webhook_verify_token.trim() }
      : {}),
    ...(filled(values.api_version) ? { api_version: values.api_version.trim() } : {}),
    ...(filled(values.base_url) ? { base_url: values.base_url.trim() } : {}),
  };
};

// What the Cloud API cannot work without, when nothing is stored yet.
const requiredForCloud = (values: WhatsappForm, stored: WhatsappSettingsView) => {
  const missing: [WhatsappField, string][] = [];
  if (!filled(values.phone_number_id)) missing.push(['phone_number_id', 'Informe o Phone Number ID.']);
  if (!filled(values.access_token) && !stored.access_token)
    missing.push(['access_token', 'Informe o Access Token.']);
  if (!filled(values.app_secret) && !stored.app_secret)
    missing.push(['app_secret', 'Informe o App Secret (valida as chamadas do webhook).']);
  if (!filled(values.webhook_verify_token))
    missing.push(['webhook_verify_token', 'Informe o token de verificação do webhook.']);
  return missing;
};

/** Validates the body the form would send with the shared schema, plus the Cloud API's required fields. */
export const whatsappResolver =
  (stored: () => WhatsappSettingsView): Resolver<WhatsappForm, unknown, WhatsappSettingsBody> =>
  async (values) => {
    const body = toBody(values);
    const errors: FieldErrors<WhatsappForm> = {};
    const add = (field: WhatsappField, message: string) => {
      errors[field] ??= { type: 'validation', message };
    };
    if (values.provedor === 'whatsapp_cloud')
      for (const [field, message] of requiredForCloud(values, stored())) add(field, message);
    const parsed = whatsappSettingsBody.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        // An issue without a field of its own still has to block the submit somewhere visible.
        add(isField(field) ? field : 'provedor', issue.message);
      }
    }
    if (!parsed.success || Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: parsed.data, errors: {} };
  };
