import { z } from 'zod';
import { ID_INVALIDO, ID_MAXIMO, pageQuery } from './common.ts';
import { CLIENTE_STATUSES } from './domain.ts';
import { USER_STATUSES } from './roles.ts';

// ── Dashboard (docs/produto.md §15) ─────────────────────────────────────────────
/** Money in reais with two decimals; percentages with one decimal. */
export const adminDashboardResponse = z.object({
  valores_em_aberto: z.number(),
  valores_cobrados: z.number(),
  /** valores_cobrados split: payments recorded from a confirmed PIX (docs/produto.md §21) … */
  valores_cobrados_pix_automatico: z.number(),
  /** … and the ones registered by hand; the two add up to valores_cobrados. */
  valores_cobrados_manual: z.number(),
  percentual_cobrancas_mes: z.number(),
  mensagens_enviadas: z.number().int(),
  mensagens_recebidas: z.number().int(),
  taxa_resposta: z.number(),
});
export type AdminDashboard = z.infer<typeof adminDashboardResponse>;

export const dashboardOperador = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  contatos_mes: z.number().int(),
});
export const dashboardOperadoresResponse = z.array(dashboardOperador);
export type DashboardOperador = z.infer<typeof dashboardOperador>;

export const graficoMensalItem = z.object({
  mes: z.string().regex(/^\d{4}-\d{2}$/),
  enviadas: z.number().int(),
  recebidas: z.number().int(),
  valor_cobrado: z.number(),
  valor_vencido: z.number(),
});
export const graficoMensalResponse = z.array(graficoMensalItem);
export type GraficoMensalItem = z.infer<typeof graficoMensalItem>;

// ── Customers, admin view ───────────────────────────────────────────────────────
export const operadorRef = z.object({ id: z.number().int(), name: z.string() });

export const clienteAdmin = z
  .object({
    id: z.number().int(),
    nome: z.string(),
    documento: z.string(),
    telefone: z.string().nullable(),
    status: z.enum(CLIENTE_STATUSES),
    numero_chamadas: z.number().int(),
    total_em_aberto: z.number(),
    operador: operadorRef.nullable(),
  })
  .meta({ id: 'ClienteAdmin' });
export type ClienteAdmin = z.infer<typeof clienteAdmin>;

export const clientesAdminQuery = pageQuery.extend({
  busca: z.string().trim().max(120, 'A busca pode ter no máximo 120 caracteres.').optional(),
});

export const clienteStatusParam = z.object({
  status: z.enum(CLIENTE_STATUSES, { error: `Status desconhecido. Use: ${CLIENTE_STATUSES.join(', ')}.` }),
});

/** Reassign a customer to another operator, or to nobody (null). */
export const reatribuirOperadorBody = z.strictObject({
  operador_id: z
    .number({ error: 'Informe o operador.' })
    .int()
    .positive()
    .max(ID_MAXIMO, ID_INVALIDO)
    .nullable(),
});

// ── Audit log ───────────────────────────────────────────────────────────────────
export const logEntry = z
  .object({
    id: z.number().int(),
    created_at: z.iso.datetime(),
    acao: z.string(),
    descricao: z.string(),
    usuario: operadorRef.nullable(),
    ip: z.string().nullable(),
    entidade: z.string().nullable(),
    entidade_id: z.string().nullable(),
    detalhes: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'LogEntry' });
export type LogEntry = z.infer<typeof logEntry>;

const isoDate = z.iso.date('Use uma data no formato AAAA-MM-DD.');

/** Filters: action, user, and a date range of São Paulo calendar days (inclusive). */
export const logsQuery = pageQuery
  .extend({
    acao: z.string().trim().max(80).optional(),
    usuario_id: z.coerce
      .number({ error: 'Usuário inválido.' })
      .int()
      .positive()
      .max(ID_MAXIMO, ID_INVALIDO)
      .optional(),
    de: isoDate.optional(),
    ate: isoDate.optional(),
  })
  .refine((q) => !q.de || !q.ate || q.de <= q.ate, {
    message: 'A data inicial deve ser anterior à final.',
    path: ['ate'],
  });

export const logAcoesResponse = z.array(z.string());
