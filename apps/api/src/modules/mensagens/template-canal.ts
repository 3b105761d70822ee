import type { Canal } from '@cobranca/contracts';
import { placeholdersIn, renderTemplate, type TemplateValores } from '@cobranca/contracts';
import { paraGsm7 } from '@cobranca/dominio';
import type { TemplateCanal } from '../canais/canal.ts';
import { DEFAULT_EMAILS, DEFAULT_SMS, DEFAULT_TEMPLATES } from './default-templates.ts';
import type { TemplateRow } from './templates.repository.ts';

export type TemplateMensagem = Pick<
  TemplateRow,
  'texto' | 'whatsappTemplateNome' | 'whatsappIdioma' | 'emailAssunto' | 'emailTexto' | 'smsTexto'
>;

export const templatePadrao = (tipo: TemplateRow['tipo']): TemplateMensagem => ({
  texto: DEFAULT_TEMPLATES[tipo],
  whatsappTemplateNome: null,
  whatsappIdioma: 'pt_BR',
  emailAssunto: null,
  emailTexto: null,
  smsTexto: null,
});

/** Each channel's texts of a template type, the shipped default where none was saved. */
export const textosDoTemplate = (tipo: TemplateRow['tipo'], t: TemplateMensagem) => ({
  whatsapp: t.texto,
  email_assunto: t.emailAssunto ?? DEFAULT_EMAILS[tipo].assunto,
  email_texto: t.emailTexto ?? DEFAULT_EMAILS[tipo].texto,
  sms: t.smsTexto ?? DEFAULT_SMS[tipo],
});

/**
 * The text and, when an approved WhatsApp template is configured, that template with its body
 * parameters: our placeholders in the order they appear in the text (Meta numbers them {{1}}, {{2}}…).
 */
export const renderizarMensagem = (
  template: TemplateMensagem,
  valores: TemplateValores,
): { conteudo: string; template: TemplateCanal | null } => ({
  conteudo: renderTemplate(template.texto, valores),
  template: template.whatsappTemplateNome
    ? {
        nome: template.whatsappTemplateNome,
        idioma: template.whatsappIdioma,
        // Meta refuses empty parameters and ones with line breaks, tabs or long runs of spaces.
        parametros: placeholdersIn(template.texto).map(
          (n) => valores[n as keyof TemplateValores]?.replace(/\s+/g, ' ').trim() || '-',
        ),
      }
    : null,
});

export type TextoRenderizado = { conteudo: string; assunto: string | null; template: TemplateCanal | null };

/** The message of `tipo` on `canal` (docs/produto.md §13): the same placeholders on every channel. */
export const renderizarNoCanal = (
  canal: Canal,
  tipo: TemplateRow['tipo'],
  template: TemplateMensagem,
  valores: TemplateValores,
): TextoRenderizado => {
  if (canal === 'whatsapp') return { ...renderizarMensagem(template, valores), assunto: null };
  const textos = textosDoTemplate(tipo, template);
  if (canal === 'sms')
    // Written in GSM-7 where a plain letter exists: 160 characters a part instead of 70 (docs/produto.md §13).
    return { conteudo: paraGsm7(renderTemplate(textos.sms, valores)), assunto: null, template: null };
  return {
    // A subject is one line, whatever a placeholder held.
    assunto: renderTemplate(textos.email_assunto, valores).replace(/\s+/g, ' ').trim(),
    conteudo: renderTemplate(textos.email_texto, valores),
    template: null,
  };
};
