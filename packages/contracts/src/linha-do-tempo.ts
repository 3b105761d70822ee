import { z } from 'zod';
import { operadorRef } from './admin.ts';
import { CARACTERES_DE_CONTROLE, ID_INVALIDO, ID_MAXIMO, SEM_CARACTERES_DE_CONTROLE } from './common.ts';
import { DEBITO_EVENTOS } from './debito-automatico.ts';
import {
  CANAIS_MENSAGEM,
  CHAMADA_RESULTADOS,
  CLIENTE_STATUSES,
  FORMAS_PAGAMENTO,
  MENSAGEM_DIRECOES,
  MENSAGEM_ORIGENS,
  MENSAGEM_STATUSES,
  NEGOCIACAO_STATUSES,
  PROMESSA_STATUSES,
} from './domain.ts';
import { chaveEtiqueta, ETIQUETA_TAMANHO_MAXIMO, ETIQUETAS_MAXIMO, textoDeEtiqueta } from './etiquetas.ts';

// The customer timeline, internal notes and tags of the operator workspace (docs/produto.md §5,
// decision 022). Money on the wire is reais with two decimals, as everywhere in the operator area.

// ── Tags (etiquetas) ────────────────────────────────────────────────────────────
export const etiquetasBody = z.strictObject({
  etiquetas: z
    .array(
      textoDeEtiqueta({
        tipo: 'Cada etiqueta deve ser um texto.',
        tamanho: `Cada etiqueta pode ter no máximo ${ETIQUETA_TAMANHO_MAXIMO} caracteres.`,
      }),
      { error: 'Envie a lista de etiquetas.' },
    )
    .max(ETIQUETAS_MAXIMO, `Use no máximo ${ETIQUETAS_MAXIMO} etiquetas.`)
    .superRefine((etiquetas, ctx) => {
      const vistas = new Set<string>();
      for (const etiqueta of etiquetas) {
        const chave = chaveEtiqueta(etiqueta);
        if (vistas.has(chave))
          ctx.addIssue({ code: 'custom', message: `A etiqueta "${etiqueta}" está repetida.` });
        vistas.add(chave);
      }
    }),
});
export type EtiquetasBody = z.input<typeof etiquetasBody>;
export const etiquetasResponse = z.object({ etiquetas: z.array(z.string()) });

// ── Internal notes ──────────────────────────────────────────────────────────────
export const NOTA_TAMANHO_MAXIMO = 2000;
/** How long the author may still delete a note (an admin may at any time). */
export const NOTA_PRAZO_EXCLUSAO_MINUTOS = 15;

export const notaBody = z.strictObject({
  texto: z
    .string({ error: 'Escreva a nota.' })
    .trim()
    .min(1, 'Escreva a nota.')
    .max(NOTA_TAMANHO_MAXIMO, `A nota pode ter no máximo ${NOTA_TAMANHO_MAXIMO} caracteres.`)
    .regex(SEM_CARACTERES_DE_CONTROLE, CARACTERES_DE_CONTROLE),
});
export type NotaBody = z.input<typeof notaBody>;

export const notaParams = z.object({
  id: z.coerce
    .number({ error: ID_INVALIDO })
    .int(ID_INVALIDO)
    .positive(ID_INVALIDO)
    .max(ID_MAXIMO, ID_INVALIDO),
  notaId: z.coerce
    .number({ error: ID_INVALIDO })
    .int(ID_INVALIDO)
    .positive(ID_INVALIDO)
    .max(ID_MAXIMO, ID_INVALIDO),
});

// ── Timeline ────────────────────────────────────────────────────────────────────
/**
 * Kinds of timeline entries. A promise and an agreement give two entries each (made, then resolved),
 * so each kind has one entry per id and (time, kind, id) orders the whole timeline without ties. The
 * order here is the order of cause and effect among entries of one instant (a payment, then the
 * promise it kept, then the conclusion): the timeline shows the later ones first.
 */
export const LINHA_DO_TEMPO_TIPOS = [
  'mensagem',
  'chamada',
  'promessa',
  'negociacao',
  'pagamento',
  'promessa_resolvida',
  'negociacao_encerrada',
  'status',
  'nota',
  'movimento_bancario',
  'debito_automatico',
] as const;
export type LinhaDoTempoTipo = (typeof LINHA_DO_TEMPO_TIPOS)[number];

/** What changed the customer's status or owner, from the audit log of its actions. */
export const STATUS_ACOES = [
  'cliente.assumido',
  'cliente.pausado',
  'cliente.reativado',
  'cliente.resposta_recebida',
  'cliente.opt_out',
  'cliente.operador_alterado',
  'cliente.concluido',
] as const;
export type StatusAcao = (typeof STATUS_ACOES)[number];

export const LINHA_DO_TEMPO_LIMITE_PADRAO = 50;
export const LINHA_DO_TEMPO_LIMITE_MAXIMO = 100;

// "2026-11-24T03:26:29.123456Z~mensagem~42": the last entry of the page before (microseconds, as stored).
const CURSOR = new RegExp(
  `^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,6})?Z)~(${LINHA_DO_TEMPO_TIPOS.join('|')})~([1-9]\\d{0,18})$`,
);
export type CursorLinhaDoTempo = { em: string; tipo: LinhaDoTempoTipo; id: number };

export const lerCursorLinhaDoTempo = (cursor: string): CursorLinhaDoTempo | null => {
  const m = CURSOR.exec(cursor);
  if (!m?.[1] || !m[2] || !m[3]) return null;
  const id = Number(m[3]);
  if (!Number.isSafeInteger(id) || Number.isNaN(Date.parse(m[1]))) return null;
  return { em: m[1], tipo: m[2] as LinhaDoTempoTipo, id };
};

export const linhaDoTempoQuery = z.object({
  antes: z
    .string()
    .max(80, 'Cursor inválido.')
    .transform((valor, ctx) => {
      const cursor = lerCursorLinhaDoTempo(valor);
      if (!cursor) {
        ctx.addIssue({
          code: 'custom',
          message: 'Cursor inválido: use o valor de "proximo" da página anterior.',
        });
        return z.NEVER;
      }
      return cursor;
    })
    .optional(),
  limite: z.coerce
    .number({ error: 'O limite deve ser um número.' })
    .int('O limite deve ser um número inteiro.')
    .min(1, 'O limite mínimo é 1.')
    .max(LINHA_DO_TEMPO_LIMITE_MAXIMO, `O limite máximo é ${LINHA_DO_TEMPO_LIMITE_MAXIMO}.`)
    .default(LINHA_DO_TEMPO_LIMITE_PADRAO),
});

const base = {
  /** This entry's cursor: unique in the timeline, and what `antes` takes to continue after it. */
  chave: z.string(),
  id: z.number().int(),
  em: z.iso.datetime(),
  /** Who did it (null for the system, the customer, or a deleted user). */
  autor: operadorRef.nullable(),
};

export const notaItem = z.object({
  ...base,
  tipo: z.literal('nota'),
  texto: z.string(),
  /** Until when the caller may delete it (the author, for 15 minutes); null when they may not. */
  excluivel_ate: z.iso.datetime().nullable(),
});
export type NotaItem = z.infer<typeof notaItem>;

export const linhaDoTempoItem = z
  .discriminatedUnion('tipo', [
    z.object({
      ...base,
      tipo: z.literal('mensagem'),
      direcao: z.enum(MENSAGEM_DIRECOES),
      origem: z.enum(MENSAGEM_ORIGENS),
      status: z.enum(MENSAGEM_STATUSES),
      canal: z.enum(CANAIS_MENSAGEM),
      conteudo: z.string(),
      erro: z.string().nullable(),
      /** A pending message's next attempt after a failure (as in the thread), else null. */
      proxima_tentativa_em: z.iso.datetime().nullable(),
    }),
    z.object({
      ...base,
      tipo: z.literal('chamada'),
      resultado: z.enum(CHAMADA_RESULTADOS),
      observacao: z.string().nullable(),
    }),
    z.object({
      ...base,
      tipo: z.literal('promessa'),
      data: z.iso.date(),
      valor: z.number(),
    }),
    z.object({
      ...base,
      tipo: z.literal('promessa_resolvida'),
      data: z.iso.date(),
      valor: z.number(),
      status: z.enum(PROMESSA_STATUSES),
    }),
    z.object({
      ...base,
      tipo: z.literal('negociacao'),
      valor_total: z.number(),
      parcelas: z.number().int(),
    }),
    z.object({
      ...base,
      tipo: z.literal('negociacao_encerrada'),
      valor_total: z.number(),
      parcelas: z.number().int(),
      status: z.enum(NEGOCIACAO_STATUSES),
    }),
    z.object({
      ...base,
      tipo: z.literal('pagamento'),
      valor: z.number(),
      data: z.iso.date(),
      forma: z.enum(FORMAS_PAGAMENTO),
      /** Confirmed by the PSP (docs/produto.md §21), not recorded by hand. */
      pix_automatico: z.boolean(),
      /** Settled from a bank file (docs/conciliacao.md): a retorno or a statement. */
      conciliado: z.boolean(),
    }),
    z.object({
      ...base,
      tipo: z.literal('movimento_bancario'),
      /** What the bank's retorno said of a boleto that moved no money: entrada, rejeição, baixa. */
      descricao: z.string(),
      nosso_numero: z.string().nullable(),
      conta_id: z.number().int().nullable(),
      data: z.iso.date(),
    }),
    z.object({
      ...base,
      tipo: z.literal('debito_automatico'),
      /** A step of an agreement's PIX Automático (docs/pix-automatico.md §5). */
      evento: z.enum(DEBITO_EVENTOS),
      negociacao_id: z.number().int(),
      conta_id: z.number().int().nullable(),
      detalhe: z.string().nullable(),
    }),
    z.object({
      ...base,
      tipo: z.literal('status'),
      acao: z.enum(STATUS_ACOES),
      // Absent (not null) when the action changed no status: OpenAPI 3.0 has no nullable enum.
      status_anterior: z.enum(CLIENTE_STATUSES).optional(),
      status_novo: z.enum(CLIENTE_STATUSES).optional(),
      /** The pause reason, the opt-out message. */
      detalhe: z.string().nullable(),
    }),
    notaItem,
  ])
  .meta({ id: 'LinhaDoTempoItem' });
export type LinhaDoTempoItem = z.infer<typeof linhaDoTempoItem>;

export const linhaDoTempoResponse = z.object({
  /** Newest first. */
  itens: z.array(linhaDoTempoItem),
  /** `antes` for the next (older) page; null when this page is the last. */
  proximo: z.string().nullable(),
});
export type LinhaDoTempoResponse = z.infer<typeof linhaDoTempoResponse>;

export const notaResponse = z.object({ nota: notaItem });
