import {
  avisosCdc,
  type TemplateBody,
  type TemplateTipo,
  type TemplateView,
  templateBody,
  templateErrors,
} from '@cobranca/contracts';

/** What the editor holds while the admin types; empty strings stand for "not set". */
export type TemplateDraft = { texto: string; nome: string; idioma: string };
export type DraftField = keyof TemplateDraft;
export type DraftErrors = Partial<Record<DraftField, string[]>>;

export const draftOf = (view: TemplateView): TemplateDraft => ({
  texto: view.texto,
  nome: view.whatsapp_template_nome ?? '',
  idioma: view.whatsapp_idioma,
});

export const sameDraft = (a: TemplateDraft, b: TemplateDraft) =>
  a.texto === b.texto && a.nome === b.nome && a.idioma === b.idioma;

/** An empty template name clears it (null); an empty language keeps the stored one. */
export const toBody = (draft: TemplateDraft): TemplateBody => ({
  texto: draft.texto,
  whatsapp_template_nome: draft.nome.trim() || null,
  ...(draft.idioma.trim() ? { whatsapp_idioma: draft.idioma.trim() } : {}),
});

/** Body field names on the wire → editor fields, to place the server's 422 messages. */
export const BODY_FIELDS: Record<string, DraftField> = {
  texto: 'texto',
  whatsapp_template_nome: 'nome',
  whatsapp_idioma: 'idioma',
};

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
  for (const message of templateErrors(tipo, draft.texto)) add('texto', message);
  return errors;
};

export const hasErrors = (errors: DraftErrors) => Object.values(errors).some((list) => list.length > 0);

/** Live CDC warnings, plus the server's from the last save while the text is still the saved one. */
export const avisosOf = (draft: TemplateDraft, saved: TemplateView): string[] => {
  const live = avisosCdc(draft.texto);
  return draft.texto === saved.texto ? [...new Set([...live, ...saved.avisos])] : live;
};
