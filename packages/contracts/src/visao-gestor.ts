import { z } from 'zod';
import { TEMPLATE_TIPOS } from './domain.ts';
import { USER_STATUSES } from './roles.ts';

// ── The team lead's view on the admin dashboard (docs/produto.md §15, docs/decisions/021) ──
// Money in reais with two decimals (summed in cents); dates are calendar days in the configured zone.

/** The longest period the view accepts: a leap year. */
export const PERIODO_MAXIMO_DIAS = 366;
export const DIAS_APOS_ENVIO_PADRAO = 7;
export const DIAS_APOS_ENVIO_MAXIMO = 30;

const dataIso = z.iso.date('Use uma data no formato AAAA-MM-DD.');
const diaUtc = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/** Inclusive day count of a period, `de` and `ate` included. */
export const diasDoPeriodo = (de: string, ate: string): number => diaUtc(ate) - diaUtc(de) + 1;

type ComPeriodo = { de?: string | undefined; ate?: string | undefined };

/** Both dates or neither, in order, at most PERIODO_MAXIMO_DIAS days (422 in pt-BR on `ate`). */
const validarPeriodo = <T extends z.ZodType<ComPeriodo>>(schema: T) =>
  schema
    .refine((q) => (q.de === undefined) === (q.ate === undefined), {
      message: 'Informe a data inicial e a final do período.',
      path: ['ate'],
    })
    .refine((q) => !q.de || !q.ate || q.de <= q.ate, {
      message: 'A data inicial deve ser anterior ou igual à final.',
      path: ['ate'],
    })
    .refine((q) => !q.de || !q.ate || diasDoPeriodo(q.de, q.ate) <= PERIODO_MAXIMO_DIAS, {
      message: `O período pode ter no máximo ${PERIODO_MAXIMO_DIAS} dias.`,
      path: ['ate'],
    });

/** `de`/`ate` (inclusive calendar days); without them the period is this month. */
export const periodoQuery = validarPeriodo(z.object({ de: dataIso.optional(), ate: dataIso.optional() }));
export type PeriodoQuery = z.infer<typeof periodoQuery>;

/** The period plus `dias`: how many days after a message a payment still counts for it. */
export const recuperacaoReguaQuery = validarPeriodo(
  z.object({
    de: dataIso.optional(),
    ate: dataIso.optional(),
    dias: z.coerce
      .number({ error: 'Informe o número de dias.' })
      .int('Use um número inteiro de dias.')
      .min(1, `Use de 1 a ${DIAS_APOS_ENVIO_MAXIMO} dias.`)
      .max(DIAS_APOS_ENVIO_MAXIMO, `Use de 1 a ${DIAS_APOS_ENVIO_MAXIMO} dias.`)
      .default(DIAS_APOS_ENVIO_PADRAO),
  }),
);
export type RecuperacaoReguaQuery = z.infer<typeof recuperacaoReguaQuery>;

const periodo = z.object({ de: z.iso.date(), ate: z.iso.date() });

export const FAIXAS_ATRASO = ['0-30', '31-60', '61-90', '90+'] as const;
export type FaixaAtraso = (typeof FAIXAS_ATRASO)[number];

/** Open receivables today by days overdue; `valor` is the open principal (valor − valor_pago). */
export const carteiraAtrasoResponse = z.object({
  hoje: z.iso.date(),
  faixas: z.array(
    z.object({
      faixa: z.enum(FAIXAS_ATRASO),
      contas: z.number().int(),
      clientes: z.number().int(),
      valor: z.number(),
    }),
  ),
  total_contas: z.number().int(),
  total_valor: z.number(),
  /** Over five years past due: never collected, outside the buckets and the total (docs/produto.md §7). */
  prescritas: z.object({ contas: z.number().int(), clientes: z.number().int(), valor: z.number() }),
});
export type CarteiraAtraso = z.infer<typeof carteiraAtrasoResponse>;

const recuperacao = z.object({
  valor_cobrado: z.number(),
  pagamentos: z.number().int(),
  clientes_concluidos: z.number().int(),
  promessas_cumpridas: z.number().int(),
  promessas_quebradas: z.number().int(),
});

/** Per operator who recorded it; `sem_operador` holds what no operator recorded (confirmed PIX, removed user). */
export const recuperacaoOperadoresResponse = z.object({
  periodo,
  operadores: z.array(
    recuperacao.extend({ id: z.number().int(), name: z.string(), status: z.enum(USER_STATUSES) }),
  ),
  sem_operador: recuperacao,
  /** Σ payments in the period = Σ operadores + sem_operador. */
  total: recuperacao,
});
export type RecuperacaoOperadores = z.infer<typeof recuperacaoOperadoresResponse>;
export type RecuperacaoOperador = RecuperacaoOperadores['operadores'][number];

/** Régua messages sent in the period, per step and template, with the payments each was the last touch of. */
export const recuperacaoReguaResponse = z.object({
  periodo,
  dias: z.number().int(),
  etapas: z.array(
    z.object({
      etapa_dias: z.number().int(),
      template_tipo: z.enum(TEMPLATE_TIPOS).nullable(),
      mensagens: z.number().int(),
      clientes_pagaram: z.number().int(),
      valor_pago: z.number(),
    }),
  ),
  total: z.object({
    mensagens: z.number().int(),
    clientes_pagaram: z.number().int(),
    valor_pago: z.number(),
  }),
});
export type RecuperacaoRegua = z.infer<typeof recuperacaoReguaResponse>;
export type RecuperacaoReguaEtapa = RecuperacaoRegua['etapas'][number];

/**
 * An agreement is broken when an instalment is still open this many calendar days after its due date
 * (docs/pix-automatico.md §7, "Acordos cumpridos e quebrados").
 */
export const DIAS_ACORDO_QUEBRADO = 30;

const mantidosQuebrados = z.object({ mantidos: z.number().int(), quebrados: z.number().int() });

/**
 * Agreements of 2+ instalments created in the period, kept or broken as of `hoje`, with and without an
 * approved PIX Automático recurrence; cancelled ones count in neither.
 */
export const acordosDebitoResponse = z.object({
  periodo,
  hoje: z.iso.date(),
  acordos: z.object({ com_debito: mantidosQuebrados, sem_debito: mantidosQuebrados }),
});
export type AcordosDebito = z.infer<typeof acordosDebitoResponse>;
export type AcordosGrupo = AcordosDebito['acordos']['com_debito'];
