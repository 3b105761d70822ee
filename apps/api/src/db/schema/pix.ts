import {
  COBRANCA_PIX_ORIGENS,
  COBRANCA_PIX_STATUSES,
  COBRANCA_PIX_TIPOS,
  type CobrancaPixStatus,
  PIX_PROVEDORES,
  PIX_RECEBIDO_SITUACOES,
  type PixProvedor,
  type PixRecebidoSituacao,
} from '@cobranca/contracts';
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
import { centavos, createdAt, sqlList, timestamptz } from './columns.ts';
import { contasReceber } from './financeiro.ts';
import { mensagens } from './mensagens.ts';
import { usuarios } from './usuarios.ts';

// PIX charges at the payment provider and the PIX it confirmed (docs/produto.md §21).

export const PIX_RECEBIDO_ORIGENS = ['webhook', 'conciliacao', 'simulador'] as const;
export type PixRecebidoOrigem = (typeof PIX_RECEBIDO_ORIGENS)[number];
export const PIX_NOTIFICACAO_STATUSES = ['pendente', 'processada'] as const;

export const cobrancasPix = pgTable(
  'cobrancas_pix',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Ours, 26–35 letters and digits, unique per receiver (API Pix). */
    txid: text('txid').notNull(),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'restrict' }),
    provedor: text('provedor').$type<PixProvedor>().notNull(),
    tipo: text('tipo').$type<(typeof COBRANCA_PIX_TIPOS)[number]>().notNull(),
    origem: text('origem').$type<(typeof COBRANCA_PIX_ORIGENS)[number]>().notNull(),
    status: text('status').$type<CobrancaPixStatus>().notNull().default('ativa'),
    /** cob: the amount to pay; cobv: the principal the PSP adds encargos to after `vencimento`. */
    valorCentavos: centavos('valor_centavos').notNull(),
    vencimento: date('vencimento'),
    validaAte: timestamptz('valida_ate').notNull(),
    /** null only for a recurring charge (`cobr`): the payer's bank debits it, there is nothing to copy. */
    pixCopiaECola: text('pix_copia_e_cola'),
    location: text('location'),
    mensagemId: integer('mensagem_id').references(() => mensagens.id, { onDelete: 'set null' }),
    criadaPor: integer('criada_por').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    pagaEm: timestamptz('paga_em'),
    removidaEm: timestamptz('removida_em'),
    /** Removed here, still to be removed at the PSP (retried by the engine). */
    remocaoPendente: boolean('remocao_pendente').notNull().default(false),
  },
  (t) => [
    uniqueIndex('cobrancas_pix_txid_uq').on(t.txid),
    index('cobrancas_pix_cliente_idx').on(t.clienteId, t.createdAt),
    index('cobrancas_pix_ativas_idx').on(t.clienteId).where(sql`${t.status} = 'ativa'`),
    index('cobrancas_pix_remocao_idx').on(t.id).where(sql`${t.remocaoPendente}`),
    check('cobrancas_pix_txid_ck', sql`${t.txid} ~ '^[A-Za-z0-9]{26,35}$'`),
    check('cobrancas_pix_provedor_ck', sql.raw(`provedor IN (${sqlList(PIX_PROVEDORES)})`)),
    check('cobrancas_pix_tipo_ck', sql.raw(`tipo IN (${sqlList(COBRANCA_PIX_TIPOS)})`)),
    check('cobrancas_pix_origem_ck', sql.raw(`origem IN (${sqlList(COBRANCA_PIX_ORIGENS)})`)),
    check('cobrancas_pix_status_ck', sql.raw(`status IN (${sqlList(COBRANCA_PIX_STATUSES)})`)),
    check('cobrancas_pix_valor_ck', sql`${t.valorCentavos} > 0`),
    check('cobrancas_pix_cobv_ck', sql`${t.tipo} <> 'cobv' OR ${t.vencimento} IS NOT NULL`),
    check(
      'cobrancas_pix_copia_e_cola_ck',
      sql`(${t.tipo} = 'cobr') = (${t.pixCopiaECola} IS NULL) AND (${t.tipo} <> 'cobr' OR ${t.vencimento} IS NOT NULL)`,
    ),
  ],
);

/** The receivables a charge settles, oldest first when it pays only part of them. */
export const cobrancaPixContas = pgTable(
  'cobranca_pix_contas',
  {
    cobrancaId: integer('cobranca_id')
      .notNull()
      .references(() => cobrancasPix.id, { onDelete: 'cascade' }),
    contaId: integer('conta_id')
      .notNull()
      .references(() => contasReceber.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.cobrancaId, t.contaId] }),
    index('cobranca_pix_contas_conta_idx').on(t.contaId),
  ],
);

/** A PIX the provider confirmed; one row per endToEndId, so a replay records nothing more. */
export const pixRecebidos = pgTable(
  'pix_recebidos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    endToEndId: text('end_to_end_id').notNull(),
    txid: text('txid'),
    cobrancaId: integer('cobranca_id').references(() => cobrancasPix.id, { onDelete: 'set null' }),
    clienteId: integer('cliente_id').references(() => clientes.id, { onDelete: 'restrict' }),
    valorCentavos: centavos('valor_centavos').notNull(),
    /** What found no open debt to settle: an unmatched credit an admin assigns. */
    creditoCentavos: centavos('credito_centavos').notNull().default(0),
    horario: timestamptz('horario').notNull(),
    pagadorNome: text('pagador_nome'),
    pagadorDocumento: text('pagador_documento'),
    situacao: text('situacao').$type<PixRecebidoSituacao>().notNull(),
    origem: text('origem').$type<PixRecebidoOrigem>().notNull(),
    atribuidoPor: integer('atribuido_por').references(() => usuarios.id, { onDelete: 'set null' }),
    atribuidoEm: timestamptz('atribuido_em'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pix_recebidos_e2e_uq').on(t.endToEndId),
    index('pix_recebidos_cliente_idx').on(t.clienteId),
    index('pix_recebidos_credito_idx').on(t.createdAt).where(sql`${t.creditoCentavos} > 0`),
    check('pix_recebidos_situacao_ck', sql.raw(`situacao IN (${sqlList(PIX_RECEBIDO_SITUACOES)})`)),
    check('pix_recebidos_origem_ck', sql.raw(`origem IN (${sqlList(PIX_RECEBIDO_ORIGENS)})`)),
    check(
      'pix_recebidos_valores_ck',
      sql`${t.valorCentavos} > 0 AND ${t.creditoCentavos} BETWEEN 0 AND ${t.valorCentavos}`,
    ),
  ],
);

/**
 * A PSP notification, stored before answering with its confirmation job: each endToEndId is confirmed
 * with the PSP later (the webhook is only a hint); the job retries while the PSP is down.
 */
export const pixNotificacoes = pgTable(
  'pix_notificacoes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    endToEndId: text('end_to_end_id').notNull(),
    txid: text('txid'),
    status: text('status').$type<(typeof PIX_NOTIFICACAO_STATUSES)[number]>().notNull().default('pendente'),
    erro: text('erro'),
    recebidaEm: createdAt(),
    processadaEm: timestamptz('processada_em'),
  },
  (t) => [
    uniqueIndex('pix_notificacoes_e2e_uq').on(t.endToEndId),
    // The health panel's count and oldest pending notification.
    index('pix_notificacoes_pendentes_idx').on(t.recebidaEm).where(sql`${t.status} = 'pendente'`),
    check('pix_notificacoes_status_ck', sql.raw(`status IN (${sqlList(PIX_NOTIFICACAO_STATUSES)})`)),
  ],
);
