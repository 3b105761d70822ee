import { z } from 'zod';
import { ateDuasCasas, DUAS_CASAS, ID_INVALIDO, ID_MAXIMO, pageQuery } from './common.ts';
import { CLIENTE_STATUSES } from './domain.ts';
import { ETIQUETA_TAMANHO_MAXIMO, textoDeEtiqueta } from './etiquetas.ts';
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

// ── Customer lists: order and filters shared by the admin and operator lists ────
/** Whitelisted sort keys; every order ends with the id, so pages never repeat or skip a row. */
export const CLIENTES_ORDENS = [
  'nome',
  'dias_atraso',
  'total_em_aberto',
  'numero_chamadas',
  'ultima_mensagem',
  'ultima_resposta',
  'aguardando_desde',
  'recuperado',
  'concluido_em',
] as const;
export type ClientesOrdem = (typeof CLIENTES_ORDENS)[number];
export const SENTIDOS = ['asc', 'desc'] as const;
export type Sentido = (typeof SENTIDOS)[number];
/** "Última resposta" filter: replied in the last 24 h, in the last 7 days, or never replied. */
export const FILTROS_RESPOSTA = ['24h', '7d', 'sem'] as const;
export type FiltroResposta = (typeof FILTROS_RESPOSTA)[number];

const diasQuery = (campo: string) =>
  z.coerce
    .number({ error: `${campo} deve ser um número.` })
    .int(`${campo} deve ser um número inteiro de dias.`)
    .min(0, `${campo} não pode ser negativo.`)
    .max(36_500, `${campo} fora do intervalo.`)
    .optional();

const reaisQuery = (campo: string) =>
  z.coerce
    .number({ error: `${campo} deve ser um número.` })
    .min(0, `${campo} não pode ser negativo.`)
    .max(1_000_000_000, `${campo} alto demais.`)
    .refine(ateDuasCasas, DUAS_CASAS)
    .optional();

/** The order and filters every customer list takes (`?ordem=&sentido=&atraso_min=…`). */
export const filtrosClientesShape = {
  busca: z.string().trim().max(120, 'A busca pode ter no máximo 120 caracteres.').optional(),
  ordem: z
    .enum(CLIENTES_ORDENS, { error: `Ordenação desconhecida. Use: ${CLIENTES_ORDENS.join(', ')}.` })
    .optional(),
  sentido: z.enum(SENTIDOS, { error: 'Use asc ou desc.' }).optional(),
  atraso_min: diasQuery('O atraso mínimo'),
  atraso_max: diasQuery('O atraso máximo'),
  /** Open principal in reais (without fines and interest, which are computed per day). */
  valor_min: reaisQuery('O valor mínimo'),
  valor_max: reaisQuery('O valor máximo'),
  resposta: z
    .enum(FILTROS_RESPOSTA, {
      error: `Filtro de resposta desconhecido. Use: ${FILTROS_RESPOSTA.join(', ')}.`,
    })
    .optional(),
  /** Customers with this tag, ignoring case (tags are unique ignoring case, decision 022). */
  etiqueta: textoDeEtiqueta({
    tipo: 'Filtre por uma etiqueta só.',
    tamanho: `A etiqueta pode ter no máximo ${ETIQUETA_TAMANHO_MAXIMO} caracteres.`,
  }).optional(),
};

type Faixas = { atraso_min?: number; atraso_max?: number; valor_min?: number; valor_max?: number };
const faixaValida = (min: number | undefined, max: number | undefined) =>
  min === undefined || max === undefined || min <= max;

/** Both ranges of a customer list query: the minimum may not pass the maximum. */
export const comFaixasValidas = <T extends z.ZodType<Faixas>>(schema: T) =>
  schema
    .refine((q) => faixaValida(q.atraso_min, q.atraso_max), {
      message: 'O atraso mínimo deve ser menor ou igual ao máximo.',
      path: ['atraso_max'],
    })
    .refine((q) => faixaValida(q.valor_min, q.valor_max), {
      message: 'O valor mínimo deve ser menor ou igual ao máximo.',
      path: ['valor_max'],
    });

export const clientesAdminQuery = comFaixasValidas(
  pageQuery.extend({
    ...filtrosClientesShape,
    operador_id: z.coerce
      .number({ error: 'Operador inválido.' })
      .int()
      .positive()
      .max(ID_MAXIMO, ID_INVALIDO)
      .optional(),
  }),
);

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
