import type { ReguaResumo24h } from '@cobranca/contracts';
import { and, desc, eq, gt, like, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import {
  cobrancasPix,
  mensagens,
  pixNotificacoes,
  pixRecebidos,
  reguaExecucoes,
} from '../../db/schema/index.ts';
import { PREFIXO_AGUARDANDO_COBRANCA } from '../regua/cobrancas-da-regua.ts';

/** Outbound messages waiting in the outbox. */
export const contarFilaPendente = async (db: DbOrTx): Promise<number> => {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(mensagens)
    .where(eq(mensagens.status, 'pendente'));
  return row?.total ?? 0;
};

export type ReguaExecucaoRow = typeof reguaExecucoes.$inferSelect;

/** The most recent engine run (started last), or undefined when the engine never ran. */
export const ultimaExecucaoRegua = async (db: DbOrTx): Promise<ReguaExecucaoRow | undefined> => {
  const [row] = await db
    .select()
    .from(reguaExecucoes)
    .orderBy(desc(reguaExecucoes.iniciadaEm), desc(reguaExecucoes.id))
    .limit(1);
  return row;
};

/**
 * The engine's runs started in the 24 hours before `agora`: how many, how many ended with an error,
 * and each count summed over them, all in one statement (a day holds thousands of runs per worker).
 */
export const resumoRegua24h = async (db: DbOrTx, agora: Date): Promise<ReguaResumo24h> => {
  const [row] = linhasDe<ReguaResumo24h>(
    await db.execute(sql`
      WITH ultimas_24h AS (
        SELECT contagens, erro FROM regua_execucoes
        WHERE iniciada_em > ${agora.toISOString()}::timestamptz - interval '24 hours'
      ), por_chave AS (
        SELECT c.key, sum(c.value::numeric) AS total
        FROM ultimas_24h CROSS JOIN LATERAL jsonb_each_text(ultimas_24h.contagens) AS c
        GROUP BY c.key
      )
      SELECT
        (SELECT count(*)::int FROM ultimas_24h) AS execucoes,
        (SELECT count(*)::int FROM ultimas_24h WHERE erro IS NOT NULL) AS com_erro,
        (SELECT coalesce(jsonb_object_agg(key, total), '{}'::jsonb) FROM por_chave) AS contagens
    `),
  );
  return row ?? { execucoes: 0, com_erro: 0, contagens: {} };
};

export type FilasPix = {
  notificacoesPendentes: number;
  notificacaoMaisAntiga: Date | null;
  creditos: number;
  creditosCentavos: number;
  remocoesPendentes: number;
  aguardandoCobranca: number;
  /** Next try of the oldest message still waiting for its charge. */
  aguardandoCobrancaProximaTentativa: Date | null;
};

const dataOuNull = (valor: string | Date | null): Date | null => (valor === null ? null : new Date(valor));

/**
 * What PIX still has to do (docs/produto.md §21), in one statement: notifications not yet confirmed
 * with the PSP, credits no debt took and no admin assigned yet, charges still to remove at the PSP,
 * outgoing messages waiting for the PSP to create their charge. Each count reads a partial index
 * (pending notifications, credits, removals, and the outbox's `status = 'pendente'` one: its cost
 * follows the outbox, not the whole message history).
 */
export const filasPix = async (db: DbOrTx): Promise<FilasPix> => {
  const notificacoes = db
    .select({
      total: sql<number>`count(*)::int`.as('notificacoes_total'),
      maisAntiga: sql<string | Date | null>`min(${pixNotificacoes.recebidaEm})`.as(
        'notificacoes_mais_antiga',
      ),
    })
    .from(pixNotificacoes)
    .where(eq(pixNotificacoes.status, 'pendente'))
    .as('notificacoes');
  const creditos = db
    .select({
      total: sql<number>`count(*)::int`.as('creditos_total'),
      centavos: sql<number>`coalesce(sum(${pixRecebidos.creditoCentavos}), 0)`
        .mapWith(Number)
        .as('creditos_centavos'),
    })
    .from(pixRecebidos)
    .where(and(gt(pixRecebidos.creditoCentavos, 0), ne(pixRecebidos.situacao, 'atribuido')))
    .as('creditos');
  const remocoes = db
    .select({ total: sql<number>`count(*)::int`.as('remocoes_total') })
    .from(cobrancasPix)
    .where(eq(cobrancasPix.remocaoPendente, true))
    .as('remocoes');
  const aguardando = db
    .select({
      total: sql<number>`count(*)::int`.as('aguardando_total'),
      proxima: sql<
        string | Date | null
      >`(array_agg(${mensagens.proximaTentativaEm} ORDER BY ${mensagens.id}))[1]`.as('aguardando_proxima'),
    })
    .from(mensagens)
    .where(
      and(
        eq(mensagens.status, 'pendente'),
        eq(mensagens.direcao, 'saida'),
        like(mensagens.erroMensagem, `${PREFIXO_AGUARDANDO_COBRANCA}%`),
      ),
    )
    .as('aguardando');
  const [row] = await db
    .select({
      notificacoes: notificacoes.total,
      maisAntiga: notificacoes.maisAntiga,
      creditos: creditos.total,
      creditosCentavos: creditos.centavos,
      remocoes: remocoes.total,
      aguardando: aguardando.total,
      aguardandoProxima: aguardando.proxima,
    })
    .from(notificacoes)
    .crossJoin(creditos)
    .crossJoin(remocoes)
    .crossJoin(aguardando);
  if (!row) throw new Error('aggregate returned no row');
  return {
    notificacoesPendentes: row.notificacoes,
    notificacaoMaisAntiga: dataOuNull(row.maisAntiga),
    creditos: row.creditos,
    creditosCentavos: Number(row.creditosCentavos),
    remocoesPendentes: row.remocoes,
    aguardandoCobranca: row.aguardando,
    aguardandoCobrancaProximaTentativa: dataOuNull(row.aguardandoProxima),
  };
};
