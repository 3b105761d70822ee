import { z } from 'zod';

// PIX Automático on agreements (docs/pix-automatico.md): the recurrence at the PSP, each instalment's
// recurring charge and its attempts, as the agreement's view shows them.

/** The recurrence as we hold it: `pendente` until the PSP created it, then the PSP's status. */
export const RECORRENCIA_STATUSES = [
  'pendente',
  'criada',
  'aprovada',
  'rejeitada',
  'expirada',
  'cancelada',
] as const;
export type RecorrenciaStatus = (typeof RECORRENCIA_STATUSES)[number];
export const RECORRENCIA_CANCELADA_POR = ['cliente', 'operador', 'sistema'] as const;
export type RecorrenciaCanceladaPor = (typeof RECORRENCIA_CANCELADA_POR)[number];

/** An instalment's recurring charge: `pendente` until it is created at the PSP (D-10…D-2), then the PSP's status. */
export const COBRANCA_RECORRENTE_STATUSES = [
  'pendente',
  'criada',
  'ativa',
  'concluida',
  'expirada',
  'rejeitada',
  'cancelada',
] as const;
export type CobrancaRecorrenteStatus = (typeof COBRANCA_RECORRENTE_STATUSES)[number];
export const TENTATIVA_STATUSES = [
  'SOLICITADA',
  'AGENDADA',
  'PAGA',
  'CANCELADA',
  'REJEITADA',
  'EXPIRADA',
] as const;

/** Each step of an automatic debit, on the customer's timeline. */
export const DEBITO_EVENTOS = [
  'aguardando_aprovacao',
  'aprovado',
  'recusado',
  'expirado',
  'cancelado_pelo_cliente',
  'cancelado',
  'cobranca_criada',
  'tentativa_paga',
  'tentativa_recusada',
  'retentativa',
  'pix_avulso',
] as const;
export type DebitoEvento = (typeof DEBITO_EVENTOS)[number];

/** What the agreement shows: "Débito automático: ativo / aguardando aprovação / recusado / cancelado pelo cliente". */
export const DEBITO_AUTOMATICO_STATUSES = [
  'aguardando_aprovacao',
  'ativo',
  'recusado',
  'expirado',
  'cancelado_pelo_cliente',
  'cancelado',
] as const;
export type DebitoAutomaticoStatus = (typeof DEBITO_AUTOMATICO_STATUSES)[number];

export const tentativaView = z.object({
  data: z.string(),
  tipo: z.string(),
  status: z.enum(TENTATIVA_STATUSES),
});

// No `meta` id: a nullable reference has no type of its own in OpenAPI 3.0.
export const debitoAutomaticoView = z.object({
  status: z.enum(DEBITO_AUTOMATICO_STATUSES),
  id_rec: z.string().nullable(),
  jornada: z.string(),
  /** The journey-3 composite code: pays the first instalment and authorises the rest. */
  pix_copia_e_cola: z.string().nullable(),
  parcelas: z.array(
    z.object({
      numero: z.number().int(),
      conta_id: z.number().int(),
      vencimento: z.iso.date(),
      txid: z.string().nullable(),
      // Not nullable: OpenAPI 3.0 has no nullable enum; `pendente` says no charge yet.
      status: z.enum(COBRANCA_RECORRENTE_STATUSES),
      tentativas: z.array(tentativaView),
    }),
  ),
});
export type DebitoAutomaticoView = z.infer<typeof debitoAutomaticoView>;

/** Whether agreements may offer automatic debit now, and why not (the operator's dialog, the portal). */
export const debitoAutomaticoDisponibilidade = z
  .object({ disponivel: z.boolean(), motivo: z.string().nullable() })
  .meta({ id: 'DebitoAutomaticoDisponibilidade' });
export type DebitoAutomaticoDisponibilidade = z.infer<typeof debitoAutomaticoDisponibilidade>;

/** The payer's side on the embedded simulator (docs/pix-automatico.md §6). */
export const DEBITO_SIMULACOES = ['aprovar', 'recusar', 'cancelar', 'debitar', 'recusar_debito'] as const;
export type DebitoSimulacao = (typeof DEBITO_SIMULACOES)[number];
export const debitoSimulacaoBody = z.strictObject({
  acao: z.enum(DEBITO_SIMULACOES, { error: 'Escolha o que simular.' }),
});
