import { z } from 'zod';
import { CARACTERES_DE_CONTROLE, SEM_CARACTERES_DE_CONTROLE } from './common.ts';
import { CANAIS, type CANAIS_MENSAGEM, PROVEDORES_EMAIL, PROVEDORES_SMS } from './domain.ts';

// E-mail and SMS beside WhatsApp (docs/produto.md §12): the admin's settings of each channel, and each
// customer's state on each channel. Secrets are never answered, only a mask of whether they are set.

export const SEGURANCAS_CONEXAO = ['nenhuma', 'starttls', 'tls'] as const;
export type SegurancaConexao = (typeof SEGURANCAS_CONEXAO)[number];

const host = z
  .string({ error: 'Informe o servidor.' })
  .trim()
  .min(1, 'Informe o servidor.')
  .max(253, 'O endereço do servidor pode ter no máximo 253 caracteres.')
  .regex(/^[A-Za-z0-9.-]+$/, 'Informe só o nome ou o IP do servidor, sem "smtp://" nem porta.');
const porta = z
  .number({ error: 'Informe a porta.' })
  .int('A porta é um número inteiro.')
  .min(1, 'Use uma porta de 1 a 65535.')
  .max(65_535, 'Use uma porta de 1 a 65535.');
const seguranca = z.enum(SEGURANCAS_CONEXAO, {
  error: 'Escolha a segurança da conexão: nenhuma, STARTTLS ou TLS.',
});
const endereco = z
  .email({ error: 'Informe um e-mail válido.' })
  .trim()
  .max(254, 'O e-mail pode ter no máximo 254 caracteres.');
const dominio = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Informe um domínio como empresa.com.br.',
  );
const seletor = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'Use letras minúsculas, números e hífen no seletor (ex.: cobranca).');
/** A secret as the admin sends it: left out or empty keeps the stored one. */
const segredo = z.string().max(1024, 'No máximo 1024 caracteres.').optional();

/** A DNS record to publish, as the admin copies it to the DNS provider. */
export const registroDns = z.object({
  nome: z.string(),
  tipo: z.literal('TXT'),
  valor: z.string(),
  explicacao: z.string(),
});
export type RegistroDns = z.infer<typeof registroDns>;

export const emailSettingsView = z
  .object({
    provedor: z.enum(PROVEDORES_EMAIL),
    smtp: z.object({
      host: z.string().nullable(),
      porta: z.number().int(),
      seguranca: z.enum(SEGURANCAS_CONEXAO),
      usuario: z.string().nullable(),
      senha: z.string().nullable(), // masked
    }),
    remetente: z.object({ email: z.string().nullable(), nome: z.string() }),
    /** The private key never leaves the server: only whether there is one, and its public record. */
    dkim: z.object({
      dominio: z.string().nullable(),
      seletor: z.string(),
      configurada: z.boolean(),
    }),
    imap: z
      .object({
        host: z.string(),
        porta: z.number().int(),
        seguranca: z.enum(SEGURANCAS_CONEXAO),
        usuario: z.string(),
        senha: z.string().nullable(), // masked
        pasta: z.string(),
      })
      .nullable(),
    limite_por_minuto: z.number().int(),
    /** SPF, DKIM and DMARC records for the From domain (Gmail and Yahoo require them of bulk senders). */
    registros_dns: z.array(registroDns),
    /** The one-click unsubscribe URL's base (on PUBLIC_URL). */
    descadastro_url: z.string(),
  })
  .meta({ id: 'EmailSettings' });
export type EmailSettingsView = z.infer<typeof emailSettingsView>;

export const emailSettingsBody = z.strictObject({
  provedor: z.enum(PROVEDORES_EMAIL, { error: 'Escolha o simulador ou um servidor SMTP.' }),
  smtp: z
    .strictObject({
      host,
      porta,
      seguranca,
      usuario: z.string().trim().max(254).nullable().optional(),
      senha: segredo,
    })
    .optional(),
  remetente: z.strictObject({
    email: endereco,
    nome: z.string().trim().min(1, 'Informe o nome do remetente.').max(120, 'No máximo 120 caracteres.'),
  }),
  dkim: z
    .strictObject({
      dominio,
      seletor,
      /** PEM; left out keeps the stored key (or the one "Gerar chave DKIM" made). */
      chave_privada: z.string().max(8192, 'Chave grande demais.').optional(),
    })
    .nullable()
    .optional(),
  imap: z
    .strictObject({
      host,
      porta,
      seguranca,
      usuario: z.string().trim().min(1, 'Informe o usuário da caixa de entrada.').max(254),
      senha: segredo,
      pasta: z.string().trim().min(1, 'Informe a pasta (ex.: INBOX).').max(200).default('INBOX'),
    })
    .nullable()
    .optional(),
  limite_por_minuto: z
    .number({ error: 'Informe o limite de e-mails por minuto.' })
    .int()
    .min(1, 'Use de 1 a 6000 e-mails por minuto.')
    .max(6000, 'Use de 1 a 6000 e-mails por minuto.'),
});
export type EmailSettingsBody = z.input<typeof emailSettingsBody>;

export const emailDkimBody = z.strictObject({ dominio: dominio.optional(), seletor: seletor.optional() });
export const emailDkimResponse = z.object({
  dominio: z.string(),
  seletor: z.string(),
  registro: registroDns,
});

export const verificacaoCanal = z.object({
  ok: z.boolean(),
  /** pt-BR: what failed, per part checked (null when it worked or was not checked). */
  erros: z.array(z.object({ parte: z.string(), erro: z.string() })),
});
export type VerificacaoCanal = z.infer<typeof verificacaoCanal>;

export const smsSettingsView = z
  .object({
    provedor: z.enum(PROVEDORES_SMS),
    base_url: z.string(),
    token: z.string().nullable(), // masked
    remetente: z.string().nullable(),
    /** The full URL (secret segment included) to subscribe at Zenvia for delivery reports and replies. */
    webhook_url: z.string(),
  })
  .meta({ id: 'SmsSettings' });
export type SmsSettingsView = z.infer<typeof smsSettingsView>;

export const smsSettingsBody = z.strictObject({
  provedor: z.enum(PROVEDORES_SMS, { error: 'Escolha o simulador ou a Zenvia.' }),
  base_url: z.url({ protocol: /^https?$/, error: 'Informe uma URL http(s) válida.' }).optional(),
  token: segredo,
  remetente: z.string().trim().max(40, 'No máximo 40 caracteres.').nullable().optional(),
});
export type SmsSettingsBody = z.input<typeof smsSettingsBody>;

/** A customer's state on one channel: where it goes, and why it cannot (opt-out, bounce, missing). */
export const canalCliente = z.object({
  canal: z.enum(CANAIS),
  disponivel: z.boolean(),
  endereco: z.string().nullable(),
  opt_out_em: z.iso.datetime().nullable(),
  devolvido_em: z.iso.datetime().nullable(),
  /** pt-BR: why it is not available (null when it is). */
  motivo: z.string().nullable(),
});
export type CanalCliente = z.infer<typeof canalCliente>;

export const canalPreferidoBody = z.strictObject({
  canal: z.enum(CANAIS, { error: 'Escolha WhatsApp, e-mail ou SMS.' }).nullable(),
});

// ── The simulator's outbox (admin, simulator mode): each e-mail and SMS "sent", and what to simulate ──
export const CANAIS_SIMULADOS = ['email', 'sms'] as const;

export const saidaSimuladaQuery = z.object({
  canal: z.enum(CANAIS_SIMULADOS).optional(),
  /** The id of the last item of the previous page (items come newest first). */
  antes_de: z.coerce.number().int().positive().optional(),
  limite: z.coerce.number().int().min(1).max(100).default(50),
});

export const saidaSimulada = z
  .object({
    id: z.number().int(),
    canal: z.enum(CANAIS_SIMULADOS),
    para: z.string(),
    assunto: z.string().nullable(),
    /** The text as sent (an e-mail's plain-text part). */
    texto: z.string(),
    status: z.string(),
    enviada_em: z.iso.datetime().nullable(),
    cliente: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  })
  .meta({ id: 'SaidaSimulada' });
export type SaidaSimulada = z.infer<typeof saidaSimulada>;

export const saidaSimuladaResponse = z.object({
  itens: z.array(saidaSimulada),
  /** Pass as `antes_de` for the next page; null at the end. */
  proximo: z.number().int().nullable(),
});

/** One e-mail as sent: its HTML part (shown sandboxed) beside the text part. */
export const saidaSimuladaDetalhe = saidaSimulada.extend({ html: z.string().nullable() });

export const simularRespostaSaidaBody = z.strictObject({
  texto: z
    .string()
    .trim()
    .min(1, 'Escreva a resposta do cliente.')
    .max(4096, 'No máximo 4096 caracteres.')
    .regex(SEM_CARACTERES_DE_CONTROLE, CARACTERES_DE_CONTROLE),
});
export const simularDevolucaoBody = z.strictObject({
  /** true: 5.1.1 (address does not exist); false: 4.2.2 (mailbox full, retried later). */
  permanente: z.boolean(),
});

/** How each channel is named to people (screens, exports, audit entries). */
export const CANAL_ROTULOS = {
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  sms: 'SMS',
  portal: 'Portal',
} as const satisfies Record<(typeof CANAIS_MENSAGEM)[number], string>;
