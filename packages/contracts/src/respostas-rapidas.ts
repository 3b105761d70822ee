import { z } from 'zod';
import type { TemplatePlaceholder } from './mensagens.ts';
import { placeholdersIn } from './template-text.ts';

// Quick replies ("Respostas rápidas", docs/produto.md §13): short texts the admin writes and the
// operator inserts in the composer with "/atalho". Rendered with the templates' machinery.

/** WhatsApp's limit for one text message, counted as the API counts it (UTF-16 code units). */
export const LIMITE_MENSAGEM_WHATSAPP = 4096;

/**
 * The template placeholders a quick reply may use: what is known about one customer in a
 * conversation. `{{pix}}` is left out: a PIX code is made with "Gerar PIX", not typed into a reply.
 */
export const RESPOSTA_RAPIDA_PLACEHOLDERS = [
  'nome',
  'empresa',
  'empresa_documento',
  'total',
  'quantidade',
  'valor',
  'vencimento',
  'dias_atraso',
] as const satisfies readonly TemplatePlaceholder[];
export type RespostaRapidaPlaceholder = (typeof RESPOSTA_RAPIDA_PLACEHOLDERS)[number];

const MARCADOR = /\{\{[^{}]*\}\}/g;

/** Problems that keep a quick reply from being saved; empty when it may be. */
export const respostaRapidaErrors = (texto: string): string[] => {
  const errors: string[] = [];
  const permitidos: readonly string[] = RESPOSTA_RAPIDA_PLACEHOLDERS;
  const desconhecidos = placeholdersIn(texto).filter((nome) => !permitidos.includes(nome));
  if (desconhecidos.length > 0)
    errors.push(
      `Marcadores desconhecidos: ${desconhecidos.map((n) => `{{${n}}}`).join(', ')}. Use apenas ${RESPOSTA_RAPIDA_PLACEHOLDERS.map((n) => `{{${n}}}`).join(', ')}.`,
    );
  const resto = texto.replace(MARCADOR, '');
  if (resto.includes('{{') || resto.includes('}}'))
    errors.push('Há chaves {{ }} abertas ou fechadas sem par.');
  return errors;
};

export const ATALHO_MAXIMO = 40;

export const respostaRapidaBody = z.strictObject({
  atalho: z
    .string({ error: 'Informe o atalho.' })
    .trim()
    .min(1, 'Informe o atalho.')
    .max(ATALHO_MAXIMO, `O atalho pode ter no máximo ${ATALHO_MAXIMO} caracteres.`)
    .regex(
      /^[a-z0-9]+(-[a-z0-9]+)*$/,
      'Use letras minúsculas sem acento, números e hífen (ex.: saudacao, segunda-via).',
    ),
  texto: z
    .string({ error: 'Informe o texto da resposta.' })
    .trim()
    .min(1, 'Informe o texto da resposta.')
    .max(
      LIMITE_MENSAGEM_WHATSAPP,
      `O texto pode ter no máximo ${LIMITE_MENSAGEM_WHATSAPP} caracteres (limite do WhatsApp).`,
    )
    .superRefine((texto, ctx) => {
      for (const message of respostaRapidaErrors(texto)) ctx.addIssue({ code: 'custom', message });
    }),
});
export type RespostaRapidaBody = z.input<typeof respostaRapidaBody>;

/** As the admin edits it: the text with its placeholders. */
export const respostaRapidaView = z
  .object({
    id: z.number().int(),
    atalho: z.string(),
    texto: z.string(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'RespostaRapida' });
export type RespostaRapidaView = z.infer<typeof respostaRapidaView>;

export const respostasRapidasResponse = z.array(respostaRapidaView);

/** As the operator inserts it: placeholders already filled for one customer. */
export const respostaRapidaRenderizada = z
  .object({ id: z.number().int(), atalho: z.string(), texto: z.string() })
  .meta({ id: 'RespostaRapidaRenderizada' });
export type RespostaRapidaRenderizada = z.infer<typeof respostaRapidaRenderizada>;

export const respostasRapidasRenderizadasResponse = z.array(respostaRapidaRenderizada);
