import {
  CHAMADA_RESULTADOS,
  type ChamadaResultado,
  CONTA_ORIGENS,
  CONTA_STATUSES,
  type ContaOrigem,
  type ContaStatus,
  FORMAS_PAGAMENTO,
  type FormaPagamento,
  NEGOCIACAO_STATUSES,
  type NegociacaoStatus,
  PROMESSA_STATUSES,
  type PromessaStatus,
} from '@cobranca/contracts';
import { FORMATO_CHAVE_NFE } from '@cobranca/dominio';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientes } from './clientes.ts';
import { centavos, createdAt, sqlList, timestamptz, updatedAt } from './columns.ts';
import { lancamentosBancarios } from './conciliacao.ts';
import { importacoes } from './importacoes.ts';
import { pixRecebidos } from './pix.ts';
import { usuarios } from './usuarios.ts';

export const negociacoes = pgTable(
  'negociacoes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'restrict' }),
    operadorId: integer('operador_id').references(() => usuarios.id, { onDelete: 'set null' }),
    status: text('status').$type<NegociacaoStatus>().notNull().default('ativa'),
    /** Updated amount of the covered receivables: principal + encargos (docs/produto.md §7). */
    valorOriginalCentavos: centavos('valor_original_centavos').notNull(),
    encargosCentavos: centavos('encargos_centavos').notNull().default(0),
    descontoCentavos: centavos('desconto_centavos').notNull().default(0),
    /** The part of the discount that waived encargos (the discount takes them first). */
    encargosDispensadosCentavos: centavos('encargos_dispensados_centavos').notNull().default(0),
    valorTotalCentavos: centavos('valor_total_centavos').notNull(),
    parcelas: integer('parcelas').notNull(),
    primeiroVencimento: date('primeiro_vencimento').notNull(),
    intervaloDias: integer('intervalo_dias').notNull(),
    /** Due on the same day of each month (an agreement with automatic debit, docs/pix-automatico.md §1). */
    mensal: boolean('mensal').notNull().default(false),
    observacao: text('observacao'),
    encerradaEm: timestamptz('encerrada_em'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('negociacoes_cliente_idx').on(t.clienteId, t.createdAt),
    index('negociacoes_status_idx').on(t.status),
    check('negociacoes_status_ck', sql.raw(`status IN (${sqlList(NEGOCIACAO_STATUSES)})`)),
    check('negociacoes_parcelas_ck', sql`${t.parcelas} BETWEEN 1 AND 24`),
    check(
      'negociacoes_valores_ck',
      sql`${t.descontoCentavos} >= 0 AND ${t.valorTotalCentavos} >= 0 AND ${t.encargosDispensadosCentavos} BETWEEN 0 AND LEAST(${t.encargosCentavos}, ${t.descontoCentavos})`,
    ),
  ],
);

export const contasReceber = pgTable(
  'contas_receber',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // Financial history is never cascaded away: deleting a customer with receivables must fail.
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'restrict' }),
    origem: text('origem').$type<ContaOrigem>().notNull(),
    chaveNfe: text('chave_nfe'), // 44-character NF-e access key (alphanumeric CNPJ from layout PL_010)
    numeroParcela: text('numero_parcela'), // nDup, or the agreement instalment number
    negociacaoId: integer('negociacao_id').references(() => negociacoes.id, { onDelete: 'set null' }),
    importacaoId: integer('importacao_id').references(() => importacoes.id, { onDelete: 'set null' }),
    descricao: text('descricao').notNull(),
    valorCentavos: centavos('valor_centavos').notNull(),
    vencimento: date('vencimento').notNull(),
    status: text('status').$type<ContaStatus>().notNull().default('aberta'),
    /** Principal paid; encargos paid are in each payment's parts. */
    valorPagoCentavos: centavos('valor_pago_centavos').notNull().default(0),
    pagoEm: date('pago_em'),
    // Encargos a partial payment of an overdue receivable left unpaid, as of encargos_ate; juros on the
    // remaining principal run from that date (docs/produto.md §7).
    multaPendenteCentavos: centavos('multa_pendente_centavos').notNull().default(0),
    jurosPendentesCentavos: centavos('juros_pendentes_centavos').notNull().default(0),
    encargosAte: date('encargos_ate'),
    /** When planning looks at it again: its next régua step's date ('-infinity' now, 'infinity' never). */
    reguaProximaEm: date('regua_proxima_em').notNull().default(sql`'-infinity'`),
    /** The boleto of the receivable (docs/conciliacao.md §1): its bank, nosso número and numbers. */
    banco: text('banco'),
    nossoNumero: text('nosso_numero'),
    linhaDigitavel: text('linha_digitavel'),
    codigoBarras: text('codigo_barras'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Re-importing the same NF-e never duplicates an instalment.
    uniqueIndex('contas_receber_nfe_parcela_uq')
      .on(t.chaveNfe, t.numeroParcela)
      .where(sql`${t.chaveNfe} IS NOT NULL`),
    // Re-importing the same CSV row adds nothing: one receivable per customer, due date, amount, text.
    uniqueIndex('contas_receber_csv_uq')
      .on(t.clienteId, t.vencimento, t.valorCentavos, t.descricao)
      .where(sql`${t.origem} = 'importacao_csv'`),
    index('contas_receber_cliente_status_venc_idx').on(t.clienteId, t.status, t.vencimento),
    // Engine planning, overdue counts and the dashboard all read open receivables by due date; with the
    // id next, the operator's overdue list (by due date, then id) stops after its page (migration 0030).
    index('contas_receber_abertas_venc_idx')
      .on(t.vencimento, t.id, t.clienteId)
      .where(sql`${t.status} = 'aberta'`),
    // Open totals per customer (receivables summary, lists, dashboard) and the updated amounts of a list
    // page's customers (their pending encargos too) read from the index alone (migration 0031).
    index('contas_receber_abertas_cliente_idx')
      .on(
        t.clienteId,
        t.vencimento,
        t.valorCentavos,
        t.valorPagoCentavos,
        t.multaPendenteCentavos,
        t.jurosPendentesCentavos,
        t.encargosAte,
      )
      .where(sql`${t.status} = 'aberta'`),
    // "Due this month" and the monthly chart over every status, from the index alone.
    index('contas_receber_vencimento_idx').on(t.vencimento, t.status, t.valorCentavos, t.valorPagoCentavos),
    // Planning reads only the open receivables whose next step may be due (migration 0016).
    index('contas_receber_regua_proxima_idx').on(t.reguaProximaEm).where(sql`${t.status} = 'aberta'`),
    // The prescribed ones apart (the team lead's aging, the admin's list): few rows, from the index alone.
    index('contas_receber_prescritas_idx')
      .on(t.clienteId, t.valorCentavos, t.valorPagoCentavos)
      .where(sql`${t.status} = 'prescrita'`),
    index('contas_receber_pago_em_idx').on(t.pagoEm).where(sql`${t.pagoEm} IS NOT NULL`),
    index('contas_receber_negociacao_idx').on(t.negociacaoId).where(sql`${t.negociacaoId} IS NOT NULL`),
    // A retorno's liquidação finds its receivable by bank and nosso número (compared without leading zeros).
    uniqueIndex('contas_receber_boleto_uq')
      .on(t.banco, t.nossoNumero)
      .where(sql`${t.nossoNumero} IS NOT NULL`),
    check(
      'contas_receber_boleto_ck',
      sql`(${t.nossoNumero} IS NULL OR ${t.banco} IS NOT NULL) AND ${t.banco} ~ '^[0-9]{3}$'`,
    ),
    check('contas_receber_origem_ck', sql.raw(`origem IN (${sqlList(CONTA_ORIGENS)})`)),
    check('contas_receber_status_ck', sql.raw(`status IN (${sqlList(CONTA_STATUSES)})`)),
    check('contas_receber_chave_nfe_ck', sql`${t.chaveNfe} ~ ${sql.raw(`'${FORMATO_CHAVE_NFE}'`)}`),
    check('contas_receber_paga_ck', sql`${t.status} <> 'paga' OR ${t.pagoEm} IS NOT NULL`),
    check(
      'contas_receber_valores_ck',
      sql`${t.valorCentavos} > 0 AND ${t.valorPagoCentavos} >= 0 AND ${t.valorPagoCentavos} <= ${t.valorCentavos}`,
    ),
    check(
      'contas_receber_encargos_ck',
      sql`${t.multaPendenteCentavos} >= 0 AND ${t.jurosPendentesCentavos} >= 0 AND (${t.encargosAte} IS NOT NULL OR (${t.multaPendenteCentavos} = 0 AND ${t.jurosPendentesCentavos} = 0))`,
    ),
  ],
);

/** The receivables an agreement replaced (they become `negociada`). */
export const negociacaoContas = pgTable(
  'negociacao_contas',
  {
    negociacaoId: integer('negociacao_id')
      .notNull()
      .references(() => negociacoes.id, { onDelete: 'cascade' }),
    contaId: integer('conta_id')
      .notNull()
      .references(() => contasReceber.id, { onDelete: 'restrict' }),
    valorCentavos: centavos('valor_centavos').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.negociacaoId, t.contaId] }),
    index('negociacao_contas_conta_idx').on(t.contaId),
  ],
);

export const pagamentos = pgTable(
  'pagamentos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'restrict' }),
    contaId: integer('conta_id')
      .notNull()
      .references(() => contasReceber.id, { onDelete: 'restrict' }),
    operadorId: integer('operador_id').references(() => usuarios.id, { onDelete: 'set null' }),
    valorCentavos: centavos('valor_centavos').notNull(),
    // How the payment was split (juros, then multa, then principal: docs/produto.md §7).
    principalCentavos: centavos('principal_centavos').notNull(),
    multaCentavos: centavos('multa_centavos').notNull().default(0),
    jurosCentavos: centavos('juros_centavos').notNull().default(0),
    data: date('data').notNull(),
    forma: text('forma').$type<FormaPagamento>().notNull(),
    observacao: text('observacao'),
    /** The confirmed PIX that paid it; null for a payment recorded by hand. */
    pixRecebidoId: integer('pix_recebido_id').references(() => pixRecebidos.id, { onDelete: 'restrict' }),
    /** The bank file's entry that paid it (docs/conciliacao.md). */
    lancamentoBancarioId: integer('lancamento_bancario_id').references(() => lancamentosBancarios.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    // With the amount and the time recorded: a list's "recuperado" and "concluído em" from the index alone.
    index('pagamentos_cliente_idx').on(t.clienteId, t.data, t.valorCentavos, t.createdAt),
    index('pagamentos_pix_idx').on(t.pixRecebidoId).where(sql`${t.pixRecebidoId} IS NOT NULL`),
    index('pagamentos_lancamento_idx')
      .on(t.lancamentoBancarioId)
      .where(sql`${t.lancamentoBancarioId} IS NOT NULL`),
    index('pagamentos_data_idx').on(t.data),
    index('pagamentos_conta_idx').on(t.contaId),
    check('pagamentos_forma_ck', sql.raw(`forma IN (${sqlList(FORMAS_PAGAMENTO)})`)),
    check('pagamentos_valor_ck', sql`${t.valorCentavos} > 0`),
    check(
      'pagamentos_partes_ck',
      sql`${t.principalCentavos} >= 0 AND ${t.multaCentavos} >= 0 AND ${t.jurosCentavos} >= 0 AND ${t.principalCentavos} + ${t.multaCentavos} + ${t.jurosCentavos} = ${t.valorCentavos}`,
    ),
  ],
);

export const promessas = pgTable(
  'promessas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    operadorId: integer('operador_id').references(() => usuarios.id, { onDelete: 'set null' }),
    data: date('data').notNull(),
    valorCentavos: centavos('valor_centavos').notNull(),
    status: text('status').$type<PromessaStatus>().notNull().default('pendente'),
    resolvidaEm: timestamptz('resolvida_em'),
    createdAt: createdAt(),
  },
  (t) => [
    index('promessas_cliente_idx').on(t.clienteId, t.createdAt),
    index('promessas_pendentes_data_idx').on(t.data).where(sql`${t.status} = 'pendente'`),
    // One pending promise per customer and date, whatever reaches the database (decision 012).
    uniqueIndex('promessas_pendente_cliente_data_uq')
      .on(t.clienteId, t.data)
      .where(sql`${t.status} = 'pendente'`),
    check('promessas_status_ck', sql.raw(`status IN (${sqlList(PROMESSA_STATUSES)})`)),
    check('promessas_valor_ck', sql`${t.valorCentavos} > 0`),
  ],
);

export const chamadas = pgTable(
  'chamadas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    operadorId: integer('operador_id').references(() => usuarios.id, { onDelete: 'set null' }),
    resultado: text('resultado').$type<ChamadaResultado>().notNull(),
    observacao: text('observacao'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chamadas_cliente_idx').on(t.clienteId, t.createdAt),
    index('chamadas_operador_idx').on(t.operadorId, t.createdAt),
    check('chamadas_resultado_ck', sql.raw(`resultado IN (${sqlList(CHAMADA_RESULTADOS)})`)),
  ],
);
