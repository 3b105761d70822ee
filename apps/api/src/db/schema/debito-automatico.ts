import {
  COBRANCA_RECORRENTE_STATUSES,
  type CobrancaRecorrenteStatus,
  DEBITO_EVENTOS,
  type DebitoEvento,
  PIX_PROVEDORES,
  type PixProvedor,
  RECORRENCIA_CANCELADA_POR,
  RECORRENCIA_STATUSES,
  type RecorrenciaCanceladaPor,
  type RecorrenciaStatus,
  type TENTATIVA_STATUSES,
} from '@cobranca/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientes } from './clientes.ts';
import { centavos, createdAt, sqlList, timestamptz, updatedAt } from './columns.ts';
import { contasReceber, negociacoes } from './financeiro.ts';
import { cobrancasPix } from './pix.ts';

// PIX Automático on agreements (docs/pix-automatico.md, decision 043): the recurrence at the PSP that
// debits instalments 2…N, and each instalment's recurring charge (a `cobr` row of cobrancas_pix).

export const POLITICAS_RETENTATIVA = ['NAO_PERMITE', 'PERMITE_3R_7D'] as const;

export type TentativaArmazenada = {
  data: string;
  tipo: string;
  status: (typeof TENTATIVA_STATUSES)[number];
  end_to_end_id: string | null;
};

export const recorrenciasPix = pgTable(
  'recorrencias_pix',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    negociacaoId: integer('negociacao_id')
      .notNull()
      .references(() => negociacoes.id, { onDelete: 'restrict' }),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'restrict' }),
    provedor: text('provedor').$type<PixProvedor>().notNull(),
    status: text('status').$type<RecorrenciaStatus>().notNull().default('pendente'),
    /** The PSP's id (29 characters), once created. */
    idRec: text('id_rec'),
    /** The recurrence's location, created before it: a retried creation finds the recurrence by it. */
    locId: integer('loc_id'),
    location: text('location'),
    jornada: text('jornada').notNull().default('JORNADA_3'),
    /** Journey 3: the first instalment's immediate charge, paid with the approval. */
    txidJornada: text('txid_jornada'),
    pixCopiaECola: text('pix_copia_e_cola'),
    valorCentavos: centavos('valor_centavos').notNull(),
    politica: text('politica')
      .$type<(typeof POLITICAS_RETENTATIVA)[number]>()
      .notNull()
      .default('PERMITE_3R_7D'),
    dataInicial: date('data_inicial').notNull(),
    dataFinal: date('data_final').notNull(),
    canceladaPor: text('cancelada_por').$type<RecorrenciaCanceladaPor>(),
    /** The PSP's reason (rejection or cancellation code and text), or ours. */
    motivo: text('motivo'),
    aprovadaEm: timestamptz('aprovada_em'),
    encerradaEm: timestamptz('encerrada_em'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('recorrencias_pix_id_rec_uq').on(t.idRec),
    // One recurrence in force per agreement; a cancelled one stays as history.
    uniqueIndex('recorrencias_pix_vigente_uq')
      .on(t.negociacaoId)
      .where(sql`${t.status} IN ('pendente', 'criada', 'aprovada')`),
    index('recorrencias_pix_cliente_idx').on(t.clienteId),
    check('recorrencias_pix_status_ck', sql.raw(`status IN (${sqlList(RECORRENCIA_STATUSES)})`)),
    check('recorrencias_pix_provedor_ck', sql.raw(`provedor IN (${sqlList(PIX_PROVEDORES)})`)),
    check('recorrencias_pix_politica_ck', sql.raw(`politica IN (${sqlList(POLITICAS_RETENTATIVA)})`)),
    check(
      'recorrencias_pix_cancelada_por_ck',
      sql.raw(`cancelada_por IS NULL OR cancelada_por IN (${sqlList(RECORRENCIA_CANCELADA_POR)})`),
    ),
    check('recorrencias_pix_valor_ck', sql`${t.valorCentavos} > 0`),
    check('recorrencias_pix_id_rec_ck', sql`${t.idRec} IS NULL OR ${t.idRec} ~ '^[A-Za-z0-9]{29}$'`),
  ],
);

/** An instalment's recurring charge: the PIX charge row (`tipo` cobr) and what the PSP says of it. */
export const cobrancasRecorrentes = pgTable(
  'cobrancas_recorrentes',
  {
    cobrancaId: integer('cobranca_id')
      .primaryKey()
      .references(() => cobrancasPix.id, { onDelete: 'cascade' }),
    recorrenciaId: integer('recorrencia_id')
      .notNull()
      .references(() => recorrenciasPix.id, { onDelete: 'restrict' }),
    contaId: integer('conta_id')
      .notNull()
      .references(() => contasReceber.id, { onDelete: 'restrict' }),
    status: text('status').$type<CobrancaRecorrenteStatus>().notNull().default('pendente'),
    tentativas: jsonb('tentativas').$type<TentativaArmazenada[]>().notNull().default([]),
    /** The ordinary PIX charge the instalment got when the automatic debit gave up on it. */
    pixAvulsoId: integer('pix_avulso_id').references(() => cobrancasPix.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One recurring charge per instalment: a failed one is followed by an ordinary PIX, not another cobr.
    uniqueIndex('cobrancas_recorrentes_conta_uq').on(t.contaId),
    index('cobrancas_recorrentes_recorrencia_idx').on(t.recorrenciaId),
    check('cobrancas_recorrentes_status_ck', sql.raw(`status IN (${sqlList(COBRANCA_RECORRENTE_STATUSES)})`)),
  ],
);

/** Each step of an automatic debit, for the customer's timeline (docs/pix-automatico.md §5). */
export const debitoEventos = pgTable(
  'debito_eventos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recorrenciaId: integer('recorrencia_id')
      .notNull()
      .references(() => recorrenciasPix.id, { onDelete: 'cascade' }),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    evento: text('evento').$type<DebitoEvento>().notNull(),
    /** The instalment, for a charge's events. */
    contaId: integer('conta_id').references(() => contasReceber.id, { onDelete: 'set null' }),
    /** pt-BR detail shown on the timeline (the bank's reason, the retry's date, the amount). */
    detalhe: text('detalhe'),
    createdAt: createdAt(),
  },
  (t) => [
    index('debito_eventos_cliente_idx').on(t.clienteId, t.createdAt),
    check('debito_eventos_evento_ck', sql.raw(`evento IN (${sqlList(DEBITO_EVENTOS)})`)),
  ],
);
