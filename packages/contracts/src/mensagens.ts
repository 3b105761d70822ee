import { z } from 'zod';
import { CARACTERES_DE_CONTROLE, SEM_CARACTERES_DE_CONTROLE } from './common.ts';
import { PROVEDORES_WHATSAPP, TEMPLATE_TIPOS } from './domain.ts';

/** Placeholders a template may use (docs/produto.md §13); anything else is refused. */
export const TEMPLATE_PLACEHOLDERS = [
  'nome',
  'valor',
  'vencimento',
  'dias_atraso',
  'quantidade',
  // Plural-aware forms of the two above ("18 dias", "1 fatura"), for text without "(s)" (issue 17).
  'atraso',
  'faturas',
  'total',
  'empresa',
  'empresa_documento',
  'pix',
  // Agreement terms (`negociacao`): "3 parcelas" with the plural agreed, and one line per instalment.
  'parcelas',
  'lista_parcelas',
  // The customer's personal portal link (docs/produto.md §22), made when the message goes.
  'link',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

/** Collection templates must identify the creditor (CDC art. 42-A). */
export const COBRANCA_TIPOS = ['lembrete', 'vencimento', 'atraso'] as const;

export const templateTipoParam = z.object({
  tipo: z.enum(TEMPLATE_TIPOS, {
    error: `Tipo de mensagem desconhecido. Use: ${TEMPLATE_TIPOS.join(', ')}.`,
  }),
});

export const templateBody = z.strictObject({
  texto: z
    .string({ error: 'Informe o texto da mensagem.' })
    .trim()
    .min(10, 'O texto deve ter pelo menos 10 caracteres.')
    .max(4096, 'O texto pode ter no máximo 4096 caracteres (limite do WhatsApp).'),
  whatsapp_template_nome: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,512}$/, 'Use letras minúsculas, números e _ (nome do template aprovado na Meta).')
    .nullable()
    .optional(),
  whatsapp_idioma: z
    .string()
    .regex(/^[a-z]{2}(_[A-Z]{2})?$/, 'Use um código de idioma como pt_BR.')
    .optional(),
  // E-mail and SMS texts beside WhatsApp's, with the same placeholders (docs/produto.md §13); null or
  // left out: the product's default text for that channel.
  email_assunto: z
    .string()
    .trim()
    .min(3, 'O assunto deve ter pelo menos 3 caracteres.')
    .max(200, 'O assunto pode ter no máximo 200 caracteres.')
    .regex(/^[^\r\n]*$/, 'O assunto fica numa linha só.')
    .regex(SEM_CARACTERES_DE_CONTROLE, CARACTERES_DE_CONTROLE)
    .nullable()
    .optional(),
  email_texto: z
    .string()
    .trim()
    .min(10, 'O texto do e-mail deve ter pelo menos 10 caracteres.')
    .max(20_000, 'O texto do e-mail pode ter no máximo 20000 caracteres.')
    .regex(SEM_CARACTERES_DE_CONTROLE, CARACTERES_DE_CONTROLE)
    .nullable()
    .optional(),
  sms_texto: z
    .string()
    .trim()
    .min(10, 'O SMS deve ter pelo menos 10 caracteres.')
    .max(670, 'O SMS pode ter no máximo 670 caracteres (10 partes).')
    .regex(SEM_CARACTERES_DE_CONTROLE, CARACTERES_DE_CONTROLE)
    .refine((t) => !t.includes('{{pix}}'), 'O SMS não leva o PIX copia e cola: use {{link}} para o portal.')
    .nullable()
    .optional(),
});
export type TemplateBody = z.input<typeof templateBody>;

export const templateEstatisticas = z.object({
  enviadas: z.number().int(),
  taxa_resposta: z.number(),
  valor_recuperado: z.number(),
});

export const templateView = z.object({
  tipo: z.enum(TEMPLATE_TIPOS),
  texto: z.string(),
  whatsapp_template_nome: z.string().nullable(),
  whatsapp_idioma: z.string(),
  /** The texts each channel uses (the default one when none was saved). */
  email_assunto: z.string(),
  email_texto: z.string(),
  sms_texto: z.string(),
  updated_at: z.iso.datetime().nullable(),
  /** CDC warnings about the wording; saving still succeeds. */
  avisos: z.array(z.string()),
  estatisticas: templateEstatisticas,
});
export type TemplateView = z.infer<typeof templateView>;

// ── WhatsApp channel ────────────────────────────────────────────────────────────
export const WHATSAPP_CONEXAO_STATUSES = ['conectado', 'desconectado', 'erro', 'nao_configurado'] as const;

export const whatsappStatus = z
  .object({
    provedor: z.enum(PROVEDORES_WHATSAPP),
    status: z.enum(WHATSAPP_CONEXAO_STATUSES),
    numero_exibicao: z.string().nullable(),
    nome_verificado: z.string().nullable(),
    qualidade: z.string().nullable(),
    verificado_em: z.iso.datetime().nullable(),
    erro: z.string().nullable(),
  })
  .meta({ id: 'WhatsappStatus' });
export type WhatsappStatus = z.infer<typeof whatsappStatus>;

export const templatesResponse = z.object({
  mensagens: z.record(z.enum(TEMPLATE_TIPOS), templateView),
  whatsapp: whatsappStatus,
});
export type TemplatesResponse = z.infer<typeof templatesResponse>;

/** Channel settings as read: secrets are never returned, only whether they are set and a mask. */
export const whatsappSettingsView = z.object({
  provedor: z.enum(PROVEDORES_WHATSAPP),
  phone_number_id: z.string().nullable(),
  access_token: z.string().nullable(), // masked, e.g. "••••••••3f9a"
  app_secret: z.string().nullable(), // masked
  webhook_verify_token: z.string().nullable(),
  api_version: z.string(),
  base_url: z.string(),
  webhook_url: z.string(),
});
export type WhatsappSettingsView = z.infer<typeof whatsappSettingsView>;

/** Update: a secret left out (or empty) keeps the stored one. */
export const whatsappSettingsBody = z.strictObject({
  provedor: z.enum(PROVEDORES_WHATSAPP, { error: 'Escolha o simulador ou a WhatsApp Cloud API.' }),
  phone_number_id: z
    .string()
    .trim()
    .regex(/^\d{5,30}$/, 'O Phone Number ID tem apenas dígitos.')
    .nullable()
    .optional(),
  access_token: z.string().trim().max(1024).optional(),
  app_secret: z.string().trim().max(256).optional(),
  webhook_verify_token: z.string().trim().min(8, 'Use ao menos 8 caracteres.').max(128).optional(),
  api_version: z
    .string()
    .trim()
    .regex(/^v\d+\.\d+$/, 'Use o formato v23.0.')
    .optional(),
  base_url: z.url({ protocol: /^https?$/, error: 'Informe uma URL http(s) válida.' }).optional(),
});
export type WhatsappSettingsBody = z.input<typeof whatsappSettingsBody>;
