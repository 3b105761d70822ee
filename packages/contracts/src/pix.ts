import { z } from 'zod';
import { ID_INVALIDO, ID_MAXIMO } from './common.ts';
import { clienteDetalhe } from './operador.ts';

// PIX payments through a payment provider (docs/produto.md §21): the provider settings, the charges a
// customer can pay, and what the workspace shows of them.

export const PIX_PROVEDORES = ['simulador', 'api_pix'] as const;
export type PixProvedor = (typeof PIX_PROVEDORES)[number];

export const PIX_CONEXAO_STATUSES = ['conectado', 'erro', 'nao_verificado'] as const;

/** The provider's last known state (the simulator is always `conectado`). */
export const pixStatus = z
  .object({
    provedor: z.enum(PIX_PROVEDORES),
    status: z.enum(PIX_CONEXAO_STATUSES),
    /** pt-BR: what the PSP answered, or what to fix. */
    mensagem: z.string().nullable(),
    verificado_em: z.iso.datetime().nullable(),
    /**
     * Whether the PSP answers PIX Automático (`/rec`, `/cobr`) with these credentials; null until
     * verified (the simulator: always true).
     */
    recorrencias: z.boolean().nullable(),
  })
  .meta({ id: 'PixStatus' });
export type PixStatus = z.infer<typeof pixStatus>;

export const CERTIFICADO_FORMATOS = ['pem', 'pkcs12'] as const;

/** `recebedor.tipoConta` of a recurring charge (`PUT /cobr/{txid}`, API Pix 2.9). */
export const TIPOS_CONTA_RECEBEDOR = ['CORRENTE', 'POUPANCA', 'PAGAMENTO'] as const;
export type TipoContaRecebedor = (typeof TIPOS_CONTA_RECEBEDOR)[number];

/** The receiver's account the PSP credits PIX Automático debits to (docs/decisions/043-pix-automatico.md). */
export const contaRecebedorView = z.object({
  agencia: z.string().nullable(),
  conta: z.string(),
  tipo_conta: z.enum(TIPOS_CONTA_RECEBEDOR),
});
export type ContaRecebedorView = z.infer<typeof contaRecebedorView>;

/** Provider settings as read: secrets never come back, only a mask; the certificate only by its expiry. */
export const pixSettingsView = z
  .object({
    provedor: z.enum(PIX_PROVEDORES),
    chave: z.string(),
    base_url: z.string().nullable(),
    token_url: z.string().nullable(),
    client_id: z.string().nullable(),
    client_secret: z.string().nullable(), // masked, e.g. "••••••••3f9a"
    certificado: z
      .object({ formato: z.enum(CERTIFICADO_FORMATOS), valido_ate: z.iso.datetime().nullable() })
      .nullable(),
    webhook_url: z.string().nullable(),
    validade_apos_vencimento_dias: z.number().int(),
    /** null until an admin gives it; PIX Automático needs it. */
    conta_recebedor: contaRecebedorView.nullable(),
    status: pixStatus,
  })
  .meta({ id: 'PixSettings' });
export type PixSettingsView = z.infer<typeof pixSettingsView>;

const urlHttp = (mensagem: string) => z.url({ protocol: /^https?$/, error: mensagem });

const CONTA_OBRIGATORIA = 'Informe a conta (até 20 caracteres).';

// The API Pix takes agencia ≤ 4 and conta ≤ 20 characters; a check digit may follow a "-".
const contaRecebedorBody = z.strictObject({
  agencia: z
    .string({ error: 'A agência tem até 4 dígitos.' })
    .trim()
    .regex(/^\d{1,4}$/, 'A agência tem até 4 dígitos.')
    .nullable()
    .optional(),
  conta: z
    .string({ error: CONTA_OBRIGATORIA })
    .trim()
    .min(1, { error: CONTA_OBRIGATORIA, abort: true })
    .max(20, { error: CONTA_OBRIGATORIA, abort: true })
    .regex(
      /^\d+(?:-?[0-9A-Za-z])?$/,
      'Use só dígitos na conta, com o dígito verificador após "-" (ex.: 12345-6).',
    ),
  tipo_conta: z.enum(TIPOS_CONTA_RECEBEDOR, { error: 'Escolha o tipo da conta.' }),
});

/**
 * Update. A secret or certificate left out keeps the stored one; sending a PEM pair replaces a PKCS#12
 * and the other way round.
 */
export const pixSettingsBody = z.strictObject({
  provedor: z.enum(PIX_PROVEDORES, { error: 'Escolha o simulador ou a API Pix de um PSP.' }),
  chave: z.string().trim().max(77, 'A chave PIX tem no máximo 77 caracteres.').optional(),
  base_url: urlHttp('Informe a URL base da API Pix (https://…/v2).').nullable().optional(),
  token_url: urlHttp('Informe a URL de token do PSP (https://…).').nullable().optional(),
  client_id: z.string().trim().max(256).nullable().optional(),
  client_secret: z.string().trim().max(1024).optional(),
  certificado_pem: z.string().trim().max(20_000).optional(),
  chave_privada_pem: z.string().trim().max(20_000).optional(),
  pkcs12_base64: z.string().trim().max(40_000).optional(),
  pkcs12_senha: z.string().max(256).optional(),
  webhook_url: urlHttp('Informe o endereço público deste sistema (https://…).').nullable().optional(),
  validade_apos_vencimento_dias: z
    .number({ error: 'Informe os dias de validade após o vencimento.' })
    .int()
    .min(0, 'Use de 0 a 365 dias.')
    .max(365, 'Use de 0 a 365 dias.')
    .optional(),
  /** Left out keeps the stored account; null clears it. */
  conta_recebedor: contaRecebedorBody.nullable().optional(),
});
export type PixSettingsBody = z.input<typeof pixSettingsBody>;

/** `cobr`: an instalment's recurring charge under PIX Automático (docs/pix-automatico.md): nothing to copy. */
export const COBRANCA_PIX_TIPOS = ['cob', 'cobv', 'cobr'] as const;
export const COBRANCA_PIX_STATUSES = ['ativa', 'paga', 'removida', 'expirada'] as const;
export type CobrancaPixStatus = (typeof COBRANCA_PIX_STATUSES)[number];
export const COBRANCA_PIX_ORIGENS = ['operador', 'regua', 'acordo', 'portal', 'debito_automatico'] as const;

/** A charge at the provider: what the customer pays and what it settles. */
export const cobrancaPixView = z
  .object({
    txid: z.string(),
    tipo: z.enum(COBRANCA_PIX_TIPOS),
    /** Reais the customer pays today (cob), or the principal the cobv adds its encargos to. */
    valor: z.number(),
    /** cobv only: the due date and the last day it can be paid. */
    vencimento: z.iso.date().nullable(),
    valida_ate: z.iso.datetime(),
    status: z.enum(COBRANCA_PIX_STATUSES),
    origem: z.enum(COBRANCA_PIX_ORIGENS),
    /** null for a recurring charge (`cobr`): the payer's bank debits it. */
    pix_copia_e_cola: z.string().nullable(),
    contas_ids: z.array(z.number().int()),
    created_at: z.iso.datetime(),
    paga_em: z.iso.datetime().nullable(),
  })
  .meta({ id: 'CobrancaPix' });
export type CobrancaPixView = z.infer<typeof cobrancaPixView>;

export const cobrancasPixResponse = z.object({
  provedor: z.enum(PIX_PROVEDORES),
  cobrancas: z.array(cobrancaPixView),
});
export type CobrancasPixResponse = z.infer<typeof cobrancasPixResponse>;

export const novaCobrancaPixBody = z.strictObject({
  /** Default: every open receivable of the customer. */
  conta_ids: z
    .array(z.number().int().positive(), { error: 'Escolha as contas da cobrança.' })
    .min(1, 'Escolha ao menos uma conta.')
    .max(200, 'No máximo 200 contas por cobrança.')
    .optional(),
});
export type NovaCobrancaPixBody = z.input<typeof novaCobrancaPixBody>;

export const simularPagamentoPixResponse = z.object({
  cobranca: cobrancaPixView,
  cliente: clienteDetalhe,
});
export type SimularPagamentoPixResponse = z.infer<typeof simularPagamentoPixResponse>;

// ── Unmatched credits (docs/produto.md §21) ─────────────────────────────────────────────────────

/** `sem_correspondencia`: no debt took it; `conciliado`: settled a charge; `atribuido`: an admin assigned all of it. */
export const PIX_RECEBIDO_SITUACOES = ['conciliado', 'sem_correspondencia', 'atribuido'] as const;
export type PixRecebidoSituacao = (typeof PIX_RECEBIDO_SITUACOES)[number];

/** A confirmed PIX with what no debt took yet (`credito`, reais): an admin assigns it to a customer. */
export const creditoPixView = z
  .object({
    id: z.number().int(),
    end_to_end_id: z.string(),
    txid: z.string().nullable(),
    /** The whole PIX, reais. */
    valor: z.number(),
    /** What is still unassigned, reais; never negative. */
    credito: z.number(),
    horario: z.iso.datetime(),
    /** As the PSP reported them; null when it reported neither. */
    pagador: z.object({ nome: z.string().nullable(), documento: z.string().nullable() }).nullable(),
    /** The customer of the charge it paid, or the one it was assigned to; null when unknown. */
    cliente: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
    situacao: z.enum(PIX_RECEBIDO_SITUACOES),
  })
  .meta({ id: 'CreditoPix' });
export type CreditoPixView = z.infer<typeof creditoPixView>;

export const atribuirCreditoPixBody = z.strictObject({
  cliente_id: z
    .number({ error: 'Escolha o cliente.' })
    .int('Escolha o cliente.')
    .positive('Escolha o cliente.')
    .max(ID_MAXIMO, ID_INVALIDO),
});
export type AtribuirCreditoPixBody = z.input<typeof atribuirCreditoPixBody>;

/** One receivable the credit paid (reais), principal and encargos apart. */
export const pagamentoDoCredito = z.object({
  conta_id: z.number().int(),
  valor: z.number(),
  principal: z.number(),
  multa: z.number(),
  juros: z.number(),
  quitada: z.boolean(),
});

export const atribuicaoCreditoPixResponse = z
  .object({
    credito: creditoPixView,
    /** Reais applied now (what `credito` went down by). */
    aplicado: z.number(),
    /** The receivables paid, oldest first. */
    pagamentos: z.array(pagamentoDoCredito),
    cliente_concluido: z.boolean(),
  })
  .meta({ id: 'AtribuicaoCreditoPix' });
export type AtribuicaoCreditoPixResponse = z.infer<typeof atribuicaoCreditoPixResponse>;
