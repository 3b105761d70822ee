import {
  FORMATOS_ARQUIVO_BANCARIO,
  type FormatoArquivoBancario,
  REGRAS_CONCILIACAO,
  type RegraConciliacao,
  SITUACOES_LANCAMENTO,
  type SituacaoLancamento,
  TIPOS_LANCAMENTO,
  type TipoLancamento,
} from '@cobranca/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientes } from './clientes.ts';
import { centavos, createdAt, sqlList, timestamptz } from './columns.ts';
import { contasReceber } from './financeiro.ts';
import { pixRecebidos } from './pix.ts';
import { usuarios } from './usuarios.ts';

// Bank files imported and their entries (docs/conciliacao.md): boleto retornos and statements, each
// entry settled, recognised, ignored or left for review.

export const arquivosBancarios = pgTable(
  'arquivos_bancarios',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    formato: text('formato').$type<FormatoArquivoBancario>().notNull(),
    banco: text('banco').notNull(),
    conta: text('conta'),
    nome: text('nome').notNull(),
    /** SHA-256 of the bytes: the same file imported again writes nothing. */
    digest: text('digest').notNull(),
    tamanhoBytes: integer('tamanho_bytes').notNull(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    lancamentos: integer('lancamentos').notNull(),
    liquidados: integer('liquidados').notNull(),
    jaLiquidados: integer('ja_liquidados').notNull(),
    emRevisao: integer('em_revisao').notNull(),
    ignorados: integer('ignorados').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('arquivos_bancarios_digest_uq').on(t.digest),
    index('arquivos_bancarios_criado_idx').on(t.createdAt),
    check('arquivos_bancarios_formato_ck', sql.raw(`formato IN (${sqlList(FORMATOS_ARQUIVO_BANCARIO)})`)),
  ],
);

export const lancamentosBancarios = pgTable(
  'lancamentos_bancarios',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    arquivoId: integer('arquivo_id')
      .notNull()
      .references(() => arquivosBancarios.id, { onDelete: 'restrict' }),
    linha: integer('linha').notNull(),
    /** bank + nosso número + movement + date (CNAB), bank + account + FITID (OFX). */
    chave: text('chave').notNull(),
    /** A `repetido` entry: the entry of an earlier file (or earlier in this one) it repeats. */
    repeteId: integer('repete_id').references((): AnyPgColumn => lancamentosBancarios.id, {
      onDelete: 'restrict',
    }),
    tipo: text('tipo').$type<TipoLancamento>().notNull(),
    codigo: text('codigo').notNull(),
    descricao: text('descricao').notNull(),
    nossoNumero: text('nosso_numero'),
    valorCentavos: centavos('valor_centavos').notNull(),
    valorTituloCentavos: centavos('valor_titulo_centavos'),
    jurosMultaCentavos: centavos('juros_multa_centavos').notNull().default(0),
    descontoCentavos: centavos('desconto_centavos').notNull().default(0),
    data: date('data').notNull(),
    dataCredito: date('data_credito'),
    vencimento: date('vencimento'),
    historico: text('historico'),
    fitid: text('fitid'),
    /** The payer's CPF or CNPJ found in the entry (OFX memo), digits only. */
    documentoPagador: text('documento_pagador'),
    situacao: text('situacao').$type<SituacaoLancamento>().notNull(),
    regra: text('regra').$type<RegraConciliacao>(),
    /** Why it ended so, in pt-BR, for the file's result and the review queue. */
    motivo: text('motivo').notNull(),
    /** Of a credit, what no receivable took yet (the review queue's amount). */
    restanteCentavos: centavos('restante_centavos').notNull().default(0),
    clienteId: integer('cliente_id').references(() => clientes.id, { onDelete: 'restrict' }),
    contaId: integer('conta_id').references(() => contasReceber.id, { onDelete: 'restrict' }),
    pixRecebidoId: integer('pix_recebido_id').references(() => pixRecebidos.id, { onDelete: 'restrict' }),
    decididoPor: integer('decidido_por').references(() => usuarios.id, { onDelete: 'set null' }),
    decididoEm: timestamptz('decidido_em'),
    createdAt: createdAt(),
  },
  (t) => [
    // One entry per identity: an overlapping statement, or a retorno sent twice, never pays twice.
    uniqueIndex('lancamentos_bancarios_chave_uq').on(t.chave).where(sql`${t.situacao} <> 'repetido'`),
    index('lancamentos_bancarios_arquivo_idx').on(t.arquivoId, t.linha),
    // A PIX a statement entry recognised is claimed once: the matching looks for the claimed ones.
    index('lancamentos_bancarios_pix_idx').on(t.pixRecebidoId).where(sql`${t.pixRecebidoId} IS NOT NULL`),
    index('lancamentos_bancarios_revisao_idx').on(t.data, t.id).where(sql`${t.situacao} = 'em_revisao'`),
    check('lancamentos_bancarios_tipo_ck', sql.raw(`tipo IN (${sqlList(TIPOS_LANCAMENTO)})`)),
    check('lancamentos_bancarios_situacao_ck', sql.raw(`situacao IN (${sqlList(SITUACOES_LANCAMENTO)})`)),
    check(
      'lancamentos_bancarios_regra_ck',
      sql.raw(`regra IS NULL OR regra IN (${sqlList(REGRAS_CONCILIACAO)})`),
    ),
    check(
      'lancamentos_bancarios_valores_ck',
      sql`${t.valorCentavos} >= 0 AND ${t.restanteCentavos} BETWEEN 0 AND ${t.valorCentavos}`,
    ),
  ],
);
