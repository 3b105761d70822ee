import { placeholdersIn, renderTemplate, type TemplateValores } from '@cobranca/contracts';
import type { TemplateCanal } from '../canais/canal.ts';
import { DEFAULT_TEMPLATES } from './default-templates.ts';
import type { TemplateRow } from './templates.repository.ts';

export type TemplateMensagem = Pick<TemplateRow, 'texto' | 'whatsappTemplateNome' | 'whatsappIdioma'>;

export const templatePadrao = (tipo: TemplateRow['tipo']): TemplateMensagem => ({
  texto: DEFAULT_TEMPLATES[tipo],
  whatsappTemplateNome: null,
  whatsappIdioma: 'pt_BR',
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
