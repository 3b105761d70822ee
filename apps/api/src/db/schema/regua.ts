import { type Canal, REGUA_ENVIO_STATUSES, type ReguaEnvioStatus } from '@cobranca/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, sqlList, timestamptz } from './columns.ts';
import { contasReceber } from './financeiro.ts';
import { mensagens } from './mensagens.ts';

// The régua's own tables (docs/produto.md §11): what each step sent, each pass's record, and the
// channel's shared pacing.

/** At most one send per (receivable, régua step), whatever the crashes or number of workers. */
export const reguaEnvios = pgTable(
  'regua_envios',
  {
    contaId: integer('conta_id')
      .notNull()
      .references(() => contasReceber.id, { onDelete: 'cascade' }),
    etapaDias: integer('etapa_dias').notNull(),
    mensagemId: bigint('mensagem_id', { mode: 'number' }).references(() => mensagens.id, {
      onDelete: 'set null',
    }),
    status: text('status').$type<ReguaEnvioStatus>().notNull(),
    dataReferencia: date('data_referencia').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.contaId, t.etapaDias] }),
    index('regua_envios_mensagem_idx').on(t.mensagemId),
    check('regua_envios_status_ck', sql.raw(`status IN (${sqlList(REGUA_ENVIO_STATUSES)})`)),
  ],
);

/** A pass's counts: the planning half's, the sending half's, or both (regua/motor.ts). */
export type ReguaExecucaoContagens = Record<string, number>;

export const reguaExecucoes = pgTable(
  'regua_execucoes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    worker: text('worker').notNull(),
    iniciadaEm: timestamptz('iniciada_em').notNull().defaultNow(),
    concluidaEm: timestamptz('concluida_em'),
    contagens: jsonb('contagens').$type<ReguaExecucaoContagens>(),
    erro: text('erro'),
  },
  (t) => [index('regua_execucoes_iniciada_idx').on(t.iniciadaEm)],
);

/**
 * Shared pacing of the channel (GCRA): every sender reserves its send slots here, so several workers
 * together never exceed the allowance.
 */
export const canalVazao = pgTable('canal_vazao', {
  canal: text('canal').$type<Canal>().primaryKey(),
  proximoSlot: timestamptz('proximo_slot').notNull(),
});
