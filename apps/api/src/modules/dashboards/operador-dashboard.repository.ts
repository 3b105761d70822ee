import { MENSAGEM_STATUSES_ENVIADA, type OperadorDashboard } from '@cobranca/contracts';
import { FUSO_PADRAO } from '@cobranca/dominio';
import { and, count, eq, gte, inArray, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clientes, mensagens } from '../../db/schema/index.ts';
import { doOperador, type EscopoOperador, visivelAoOperador } from '../clientes/escopo-operador.ts';
import { periodoMesAtual } from './dashboard-calculos.ts';

/*
 * The operator's dashboard (docs/produto.md §5), every figure scoped to the caller; "this month" is in the configured time zone.
 * - cobrancas_enviadas: outbound ('saida') in 'enviada' | 'entregue' | 'lida' to own customers, enviada_em this month.
 * - mensagens_aguardando: 'aguardando_atendimento' customers that are own or unassigned (the shared queue).
 * - clientes_com_falhas: own customers of the Ativos list ('ativo' or 'pausado') with numero_chamadas ≥ the
 *   admin's limit — the same set as the Ativos badge (`?com_falhas=1`).
 */

/** A scalar subquery as a selected number (drivers return bigint counts as strings). */
const escalar = (subquery: SQLWrapper) => sql<number>`(${subquery})`.mapWith(Number);
const contarSe = (...condicoes: SQL[]) =>
  sql<number>`count(*) filter (where ${sql.join(condicoes, sql` and `)})`.mapWith(Number);

const enviadasNoMes = (db: DbOrTx, escopo: EscopoOperador, agora: Date, fuso: string) => {
  const mes = periodoMesAtual(agora, fuso);
  return db
    .select({ total: count() })
    .from(mensagens)
    .innerJoin(clientes, eq(clientes.id, mensagens.clienteId))
    .where(
      and(
        doOperador(escopo),
        eq(mensagens.direcao, 'saida'),
        inArray(mensagens.status, [...MENSAGEM_STATUSES_ENVIADA]),
        gte(mensagens.enviadaEm, mes.inicio),
        lt(mensagens.enviadaEm, mes.fim),
      ),
    );
};

const aguardando = (db: DbOrTx, escopo: EscopoOperador) =>
  db
    .select({ total: count() })
    .from(clientes)
    .where(and(visivelAoOperador(escopo), eq(clientes.status, 'aguardando_atendimento')));

/** All five figures in one SELECT: own customers aggregated, the other two as scalar subqueries. */
export const resumoOperadorDashboard = async (
  db: DbOrTx,
  escopo: EscopoOperador,
  limiteFalhas: number,
  agora: Date,
  fuso: string = FUSO_PADRAO,
): Promise<OperadorDashboard> => {
  const [linha] = await db
    .select({
      clientes_vinculados: count().mapWith(Number),
      cobrancas_enviadas: escalar(enviadasNoMes(db, escopo, agora, fuso)),
      cobrancas_concluidas: contarSe(eq(clientes.status, 'concluido')),
      mensagens_aguardando: escalar(aguardando(db, escopo)),
      clientes_com_falhas: contarSe(
        inArray(clientes.status, ['ativo', 'pausado']),
        gte(clientes.numeroChamadas, limiteFalhas),
      ),
    })
    .from(clientes)
    .where(doOperador(escopo));
  if (!linha) throw new Error('aggregate returned no row');
  return linha;
};
