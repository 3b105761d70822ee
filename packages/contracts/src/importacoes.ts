import { z } from 'zod';
import { IMPORTACAO_STATUSES, IMPORTACAO_TIPOS } from './domain.ts';

// Imports (docs/produto.md §14): customers from CSV, receivables from NF-e XML.

/** 20 MB per upload (docs/produto.md §14), checked by the web before sending and enforced by the API. */
export const IMPORTACAO_TAMANHO_MAXIMO_BYTES = 20 * 1024 * 1024;

/** At most this many problems are kept per import; the report says how many more there were. */
export const IMPORTACAO_ERROS_MAXIMO = 1000;

/** The columns of `template_clientes.csv`, in order; the help text of the import screen. */
export const CSV_CLIENTES_COLUNAS = [
  { nome: 'nome', obrigatoria: true, ajuda: 'Nome da pessoa ou razão social' },
  { nome: 'documento', obrigatoria: true, ajuda: 'CPF ou CNPJ, com ou sem pontuação' },
  { nome: 'telefone', obrigatoria: false, ajuda: 'Celular com DDD, ex.: (11) 98765-4321' },
  { nome: 'email', obrigatoria: false, ajuda: 'E-mail de contato' },
  { nome: 'descricao', obrigatoria: false, ajuda: 'Descrição da conta a receber' },
  { nome: 'valor', obrigatoria: false, ajuda: 'Valor em reais, ex.: 1.234,56' },
  { nome: 'vencimento', obrigatoria: false, ajuda: 'Data de vencimento, ex.: 31/12/2026' },
  { nome: 'banco', obrigatoria: false, ajuda: 'Banco do boleto, 3 dígitos, ex.: 341' },
  { nome: 'nosso_numero', obrigatoria: false, ajuda: 'Nosso número do boleto no banco' },
  { nome: 'linha_digitavel', obrigatoria: false, ajuda: 'Linha digitável do boleto, 47 dígitos' },
  { nome: 'codigo_barras', obrigatoria: false, ajuda: 'Código de barras do boleto, 44 dígitos' },
] as const;

export const importacaoErro = z.object({
  linha: z.number().int().optional(),
  arquivo: z.string().optional(),
  campo: z.string().optional(),
  mensagem: z.string(),
});
export type ImportacaoErro = z.infer<typeof importacaoErro>;

const totais = {
  criados: z.number().int(),
  atualizados: z.number().int(),
  ignorados: z.number().int(),
  rejeitados: z.number().int(),
  contas_criadas: z.number().int(),
};

/** The answer of both import calls. */
export const importacaoRelatorio = z
  .object({
    importacao_id: z.number().int(),
    tipo: z.enum(IMPORTACAO_TIPOS),
    status: z.enum(IMPORTACAO_STATUSES),
    arquivo_nome: z.string(),
    ...totais,
    erros: z.array(importacaoErro),
    erros_omitidos: z.number().int(),
  })
  .meta({ id: 'ImportacaoRelatorio' });
export type ImportacaoRelatorio = z.infer<typeof importacaoRelatorio>;

export const importacaoResumo = z.object({
  id: z.number().int(),
  tipo: z.enum(IMPORTACAO_TIPOS),
  status: z.enum(IMPORTACAO_STATUSES),
  arquivo_nome: z.string(),
  usuario: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  ...totais,
  created_at: z.string(),
  concluida_em: z.string().nullable(),
});
export type ImportacaoResumo = z.infer<typeof importacaoResumo>;

export const importacaoDetalhe = importacaoResumo.extend({
  erros: z.array(importacaoErro),
  erros_omitidos: z.number().int(),
});
export type ImportacaoDetalhe = z.infer<typeof importacaoDetalhe>;
