import {
  avisosCdc,
  type TemplateBody,
  type TemplateTipo,
  type TemplateView,
  templateBody,
  templateErrors,
} from '@cobranca/contracts';

/** What the editor holds while the admin types; empty strings stand for "not set". */
export type TemplateDraft = {
  texto: string;
  nome: string;
  idioma: string;
  email_assunto: string;
  email_texto: string;
  sms_texto: string;
};
export type DraftField = keyof TemplateDraft;
export type DraftErrors = Partial<Record<DraftField, string[]>>;

export const draftOf = (view: TemplateView): TemplateDraft => ({
  texto: view.texto,
  nome: view.whatsapp_template_nome ?? '',
  idioma: view.whatsapp_idioma,
  email_assunto: view.email_assunto,
  email_texto: view.email_texto,
  sms_texto: view.sms_texto,
});

const DRAFT_KEYS = ['texto', 'nome', 'idioma', 'email_assunto', 'email_texto', 'sms_texto'] as const;

export const sameDraft = (a: TemplateDraft, b: TemplateDraft) => DRAFT_KEYS.every((key) => a[key] === b[key]);

/**
 * An empty template name clears it (null); an empty language keeps the stored one; an emptied e-mail or
 * SMS text goes back to the product's default for that channel (null).
 */
export const toBody = (draft: TemplateDraft): TemplateBody => ({
  texto: draft.texto,
  whatsapp_template_nome: draft.nome.trim() || null,
  ...(draft.idioma.trim() ? { whatsapp_idioma: draft.idioma.trim() } : {}),
  email_assunto: draft.email_assunto.trim() || null,
  email_texto: draft.email_texto.trim() || null,
  sms_texto: draft.sms_texto.trim() || null,
});

/** Body field names on the wire → editor fields, to place the server's 422 messages. */
export const BODY_FIELDS: Record<string, DraftField> = {
  texto: 'texto',
  whatsapp_template_nome: 'nome',
  whatsapp_idioma: 'idioma',
  email_assunto: 'email_assunto',
  email_texto: 'email_texto',
  sms_texto: 'sms_texto',
};

/** The fields each channel tab edits, to mark a tab whose fields have errors. */
export const CAMPOS_DO_CANAL = {
  whatsapp: ['texto', 'nome', 'idioma'],
  email: ['email_assunto', 'email_texto'],
  sms: ['sms_texto'],
} as const satisfies Record<string, readonly DraftField[]>;

/** The same checks the server makes (length, formats, placeholders, creditor identification). */
export const draftErrors = (tipo: TemplateTipo, draft: TemplateDraft): DraftErrors => {
  const errors: DraftErrors = {};
  const add = (field: DraftField, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const parsed = templateBody.safeParse(toBody(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = BODY_FIELDS[String(issue.path[0])];
      if (field) add(field, issue.message);
    }
  }
  // Every channel's text takes the same placeholders and identifies the creditor the same way.
  for (const field of ['texto', 'email_texto', 'sms_texto'] as const)
    if (field === 'texto' || draft[field].trim())
      for (const message of templateErrors(tipo, draft[field])) add(field, message);
  return errors;
};

export const hasErrors = (errors: DraftErrors) => Object.values(errors).some((list) => list.length > 0);

/** Live CDC warnings, plus the server's from the last save while the text is still the saved one. */
export const avisosOf = (draft: TemplateDraft, saved: TemplateView): string[] => {
  const live = avisosCdc(draft.texto);
  return draft.texto === saved.texto ? [...new Set([...live, ...saved.avisos])] : live;
};
