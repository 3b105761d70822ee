import { z } from 'zod';
import { CARACTERES_DE_CONTROLE, SEM_CARACTERES_DE_CONTROLE } from './common.ts';
import { DEBITO_AUTOMATICO_STATUSES } from './debito-automatico.ts';
import { CANAIS } from './domain.ts';
import { COBRANCA_PIX_STATUSES } from './pix.ts';

// The customer's self-service portal (docs/produto.md §22): a public page reached by a personal link
// ({PUBLIC_URL}/p/{token}). Nothing about the customer is answered before the document check, which
// gives a short portal session bound to that link; every other route takes only that session.

/** The link's token as the page read it from its address (never logged: docs/decisions/029-portal.md). */
const token = z.string({ error: 'Link inválido.' }).min(1, 'Link inválido.').max(200, 'Link inválido.');

export const portalLinkBody = z.strictObject({ token });
export type PortalLinkBody = z.infer<typeof portalLinkBody>;

/** The creditor as every state of the page shows it, valid link or not. */
export const portalCredor = z
  .object({
    nome: z.string(),
    documento: z.string(),
    /** How to reach the company besides the portal (free text from the settings; may be empty). */
    contato: z.string(),
  })
  .meta({ id: 'PortalCredor' });
export type PortalCredor = z.infer<typeof portalCredor>;

export const PORTAL_LINK_SITUACOES = ['ativo', 'bloqueado', 'indisponivel'] as const;
export type PortalLinkSituacao = (typeof PORTAL_LINK_SITUACOES)[number];

/**
 * What the page may know before the check: whether the link can be used. Unknown, expired and revoked
 * links are all `indisponivel` (a guesser learns nothing from the difference).
 */
export const portalLinkResponse = z
  .object({
    situacao: z.enum(PORTAL_LINK_SITUACOES),
    credor: portalCredor,
    /** While `bloqueado`: when the document may be tried again. */
    bloqueado_ate: z.iso.datetime().nullable(),
  })
  .meta({ id: 'PortalLink' });
export type PortalLinkResponse = z.infer<typeof portalLinkResponse>;

export const portalSessaoBody = z.strictObject({
  token,
  documento: z
    .string({ error: 'Informe o CPF ou CNPJ.' })
    .trim()
    .min(1, 'Informe o CPF ou CNPJ.')
    .max(30, 'Informe um CPF ou CNPJ válido.'),
});
export type PortalSessaoBody = z.infer<typeof portalSessaoBody>;

/**
 * The portal session: sent back as `Authorization: Bearer <sessao>` on the other portal routes.
 * Wrong document → 422 `DOCUMENTO_NAO_CONFERE` (errors.documento says how many tries are left);
 * locked → 423 `LINK_BLOQUEADO` (ask `portal/link` for `bloqueado_ate`); unusable link → 404
 * `LINK_INDISPONIVEL`; an expired or unknown session on the other routes → 401 `SESSAO_INVALIDA`.
 */
export const portalSessaoResponse = z
  .object({ sessao: z.string(), expira_em: z.iso.datetime() })
  .meta({ id: 'PortalSessao' });
export type PortalSessaoResponse = z.infer<typeof portalSessaoResponse>;

/** One open debt at today's updated amount (reais, two decimals). */
export const portalConta = z
  .object({
    id: z.number().int(),
    descricao: z.string(),
    vencimento: z.iso.date(),
    dias_atraso: z.number().int(),
    principal: z.number(),
    multa: z.number(),
    juros: z.number(),
    total: z.number(),
    /** Its boleto (docs/conciliacao.md §1): the linha as printed, and the barcode drawn by the server. */
    boleto: z.object({ linha_digitavel: z.string(), codigo_barras_svg: z.string() }).nullable(),
  })
  .meta({ id: 'PortalConta' });
export type PortalConta = z.infer<typeof portalConta>;

export const portalParcela = z
  .object({
    numero: z.number().int(),
    vencimento: z.iso.date(),
    valor: z.number(),
    /** Instalments of an existing agreement: whether it was paid. */
    paga: z.boolean(),
  })
  .meta({ id: 'PortalParcela' });
export type PortalParcela = z.infer<typeof portalParcela>;

/** A PIX charge as the page shows it; `qr_svg` is the QR code of `pix_copia_e_cola`, drawn by the server. */
export const portalPix = z
  .object({
    txid: z.string(),
    valor: z.number(),
    pix_copia_e_cola: z.string(),
    qr_svg: z.string(),
    valida_ate: z.iso.datetime(),
    status: z.enum(COBRANCA_PIX_STATUSES),
    /**
     * The code is the agreement's journey-3 composite (docs/pix-automatico.md §2): paying it pays the
     * first instalment and authorises the automatic debit of the others.
     */
    autoriza_debito_automatico: z.boolean(),
  })
  .meta({ id: 'PortalPix' });
export type PortalPix = z.infer<typeof portalPix>;

export const portalResumo = z
  .object({
    credor: portalCredor,
    /** First name only: enough to greet, nothing more. */
    primeiro_nome: z.string(),
    contas: z.array(portalConta),
    /** Sum of `contas[].total`. */
    total: z.number(),
    /** The customer's agreement in progress, if any: its open and paid instalments. */
    acordo: z.object({ id: z.number().int(), parcelas: z.array(portalParcela) }).nullable(),
    /** The customer already asked for a person and waits in the queue. */
    aguardando_atendimento: z.boolean(),
    opt_out_em: z.iso.datetime().nullable(),
    /** The channel the customer chose to be reached on first (null: the creditor's order). */
    canal_preferido: z.enum(CANAIS).nullable(),
    /** The channels the customer can be reached on now, WhatsApp, e-mail, SMS in order. */
    canais_disponiveis: z.array(z.enum(CANAIS)),
  })
  .meta({ id: 'PortalResumo' });
export type PortalResumo = z.infer<typeof portalResumo>;

/** Pay everything open now (no body), or the agreement's next instalment when there is one. */
export const portalPixResponse = z.object({ pix: portalPix }).meta({ id: 'PortalPixResponse' });
export type PortalPixResponse = z.infer<typeof portalPixResponse>;

export const portalTxidParam = z.object({
  txid: z.string().regex(/^[a-zA-Z0-9]{26,35}$/, 'Cobrança não encontrada.'),
});

export const portalPlano = z
  .object({
    parcelas: z.number().int(),
    valor_original: z.number(),
    desconto: z.number(),
    total: z.number(),
    lista: z.array(portalParcela),
    /** The plan may be chosen with automatic debit (PIX Automático, docs/pix-automatico.md §1). */
    debito_automatico_disponivel: z.boolean(),
    /**
     * The instalments with automatic debit, when available: due on the same day of each month, the
     * remainder cents on the first (the same total as `lista`).
     */
    lista_debito_automatico: z.array(portalParcela).nullable(),
  })
  .meta({ id: 'PortalPlano' });
export type PortalPlano = z.infer<typeof portalPlano>;

export const portalPlanosResponse = z
  .object({
    planos: z.array(portalPlano),
    /** pt-BR: why there is no plan to offer (nothing open, an agreement already running). */
    motivo: z.string().nullable(),
  })
  .meta({ id: 'PortalPlanos' });
export type PortalPlanosResponse = z.infer<typeof portalPlanosResponse>;

export const portalAcordoBody = z.strictObject({
  parcelas: z
    .number({ error: 'Escolha um dos planos.' })
    .int('Escolha um dos planos.')
    .min(1, 'Escolha um dos planos.')
    .max(24, 'Escolha um dos planos.'),
  /** Instalments 2…N by PIX Automático; only on a plan with `debito_automatico_disponivel`. */
  debito_automatico: z.boolean({ error: 'Informe se quer o débito automático.' }).default(false),
});
export type PortalAcordoBody = z.infer<typeof portalAcordoBody>;

/** The agreement made, and the first instalment's PIX. */
/** The first instalment's PIX: made by a job after the agreement commits (docs/efeitos-colaterais.md). */
const pixDoAcordo = {
  // Left out until the job made it, or when the PSP could not (OpenAPI 3.0 has no nullable reference).
  pix: portalPix.optional(),
  /** The agreement's jobs are still at work: ask again in a moment. */
  gerando: z.boolean(),
  /**
   * The agreement's automatic debit, if it has one. `pix_copia_e_cola`: the composite code (also in
   * `pix`) while the customer has yet to authorise it; null while it is being made, and after.
   */
  debito_automatico: z
    .object({ status: z.enum(DEBITO_AUTOMATICO_STATUSES), pix_copia_e_cola: z.string().nullable() })
    .nullable(),
};

export const portalAcordoResponse = z
  .object({
    acordo: z.object({ id: z.number().int(), total: z.number(), parcelas: z.array(portalParcela) }),
    ...pixDoAcordo,
  })
  .meta({ id: 'PortalAcordo' });
export type PortalAcordoResponse = z.infer<typeof portalAcordoResponse>;

export const portalAcordoPixResponse = z.object(pixDoAcordo).meta({ id: 'PortalAcordoPix' });
export type PortalAcordoPixResponse = z.infer<typeof portalAcordoPixResponse>;

export const portalAtendenteBody = z.strictObject({
  mensagem: z
    .string({ error: 'Escreva a sua mensagem.' })
    .trim()
    .min(2, 'Escreva a sua mensagem.')
    .max(1000, 'A mensagem pode ter no máximo 1000 caracteres.')
    .regex(SEM_CARACTERES_DE_CONTROLE, CARACTERES_DE_CONTROLE),
});
export type PortalAtendenteBody = z.infer<typeof portalAtendenteBody>;

export const portalOptOutResponse = z.object({ opt_out_em: z.iso.datetime() }).meta({ id: 'PortalOptOut' });
export type PortalOptOutResponse = z.infer<typeof portalOptOutResponse>;

/** The customer's choice of the channel tried first (null: the creditor's order). */
export const portalCanalPreferidoBody = z.strictObject({
  canal: z.enum(CANAIS, { error: 'Escolha WhatsApp, e-mail ou SMS.' }).nullable(),
});
export const portalCanalPreferidoResponse = z.object({ canal_preferido: z.enum(CANAIS).nullable() });
