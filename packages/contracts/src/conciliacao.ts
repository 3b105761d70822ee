import { z } from 'zod';
import { ID_INVALIDO, ID_MAXIMO } from './common.ts';
import {
  FORMATOS_ARQUIVO_BANCARIO,
  REGRAS_CONCILIACAO,
  SITUACOES_LANCAMENTO,
  TIPOS_LANCAMENTO,
} from './domain.ts';
import { reaisField } from './operador.ts';

// Bank reconciliation (docs/conciliacao.md): boleto retornos and statements imported, each entry's
// outcome, and the review queue. Money is reais with two decimals.

const referencia = z.object({ id: z.number().int(), nome: z.string() });

export const lancamentoBancarioView = z
  .object({
    id: z.number().int(),
    /** The file's line the entry starts on. */
    linha: z.number().int(),
    tipo: z.enum(TIPOS_LANCAMENTO),
    /** The bank's movement code (CNAB) or TRNTYPE (OFX), and what it means. */
    codigo: z.string(),
    descricao: z.string(),
    nosso_numero: z.string().nullable(),
    fitid: z.string().nullable(),
    historico: z.string().nullable(),
    /** Paid (CNAB) or credited (OFX), reais. */
    valor: z.number(),
    /** What no receivable took yet, reais (the review queue's amount). */
    restante: z.number(),
    data: z.iso.date(),
    data_credito: z.iso.date().nullable(),
    situacao: z.enum(SITUACOES_LANCAMENTO),
    regra: z.enum(REGRAS_CONCILIACAO).nullable(),
    motivo: z.string(),
    cliente: referencia.nullable(),
    conta_id: z.number().int().nullable(),
  })
  .meta({ id: 'LancamentoBancario' });
export type LancamentoBancarioView = z.infer<typeof lancamentoBancarioView>;

export const arquivoBancarioView = z
  .object({
    id: z.number().int(),
    nome: z.string(),
    formato: z.enum(FORMATOS_ARQUIVO_BANCARIO),
    /** COMPE code, 3 digits. */
    banco: z.string(),
    conta: z.string().nullable(),
    importado_em: z.iso.datetime(),
    importado_por: referencia.nullable(),
    lancamentos: z.number().int(),
    liquidados: z.number().int(),
    /** Already recorded: a PIX we confirmed, a receivable paid before, an entry of an earlier file. */
    ja_liquidados: z.number().int(),
    em_revisao: z.number().int(),
    ignorados: z.number().int(),
  })
  .meta({ id: 'ArquivoBancario' });
export type ArquivoBancarioView = z.infer<typeof arquivoBancarioView>;

export const resultadoArquivoBancario = arquivoBancarioView
  .extend({
    /** True when these very bytes were imported before: nothing was written now. */
    repetido: z.boolean(),
    linhas: z.array(lancamentoBancarioView),
  })
  .meta({ id: 'ResultadoArquivoBancario' });
export type ResultadoArquivoBancario = z.infer<typeof resultadoArquivoBancario>;

/** A receivable an entry in review may pay, with its updated amount that day. */
export const candidatoConciliacao = z.object({
  cliente: referencia,
  conta_id: z.number().int(),
  descricao: z.string(),
  vencimento: z.iso.date(),
  valor_atualizado: z.number(),
  /** Entry minus updated amount, reais: 0 is an exact match. */
  diferenca: z.number(),
});
export type CandidatoConciliacao = z.infer<typeof candidatoConciliacao>;

export const itemRevisaoConciliacao = lancamentoBancarioView
  .extend({ arquivo: referencia, candidatos: z.array(candidatoConciliacao) })
  .meta({ id: 'ItemRevisaoConciliacao' });
export type ItemRevisaoConciliacao = z.infer<typeof itemRevisaoConciliacao>;

const idCampo = (mensagem: string) =>
  z.number({ error: mensagem }).int(mensagem).positive(mensagem).max(ID_MAXIMO, ID_INVALIDO);

/** A receivable (`conta_id`) or a customer's open receivables, oldest first (`cliente_id`): one of them. */
export const atribuirLancamentoBody = z
  .strictObject({
    conta_id: idCampo('Escolha a conta.').optional(),
    cliente_id: idCampo('Escolha o cliente.').optional(),
    valor: reaisField('o valor a atribuir'),
  })
  .refine((b) => (b.conta_id === undefined) !== (b.cliente_id === undefined), {
    message: 'Escolha uma conta ou um cliente (um dos dois).',
    path: ['conta_id'],
  });
export type AtribuirLancamentoBody = z.input<typeof atribuirLancamentoBody>;

export const descartarLancamentoBody = z.strictObject({
  motivo: z.string().trim().max(500, 'No máximo 500 caracteres.').optional(),
});
export type DescartarLancamentoBody = z.input<typeof descartarLancamentoBody>;

export const decisaoLancamentoResponse = z
  .object({
    lancamento: lancamentoBancarioView,
    /** Reais applied now (what `restante` went down by); 0 when discarded. */
    aplicado: z.number(),
    cliente_concluido: z.boolean(),
  })
  .meta({ id: 'DecisaoLancamento' });
export type DecisaoLancamentoResponse = z.infer<typeof decisaoLancamentoResponse>;
