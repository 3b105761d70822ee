import {
  type AdminDashboard,
  type DashboardOperador,
  type GraficoMensalItem,
  MENSAGEM_STATUSES_ENVIADA,
} from '@cobranca/contracts';
import { centavosParaReais, FUSO_PADRAO } from '@cobranca/dominio';
import {
  and,
  asc,
  count,
  countDistinct,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  ne,
  notInArray,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { chamadas, contasReceber, mensagens, pagamentos, usuarios } from '../../db/schema/index.ts';
import {
  janelaDoGrafico,
  type Periodo,
  percentual,
  periodoMesAtual,
  pontosPorMes,
  type SerieGrafico,
} from './dashboard-calculos.ts';

/*
 * The admin dashboard figures computed straight from the base tables: the definition the read models
 * (admin-dashboard.repository.ts, migration 0015) must equal to the cent. The screens read the read
 * models; this is what `npm run cli -- agregados:recalcular` and the exactness test compare them with
 * (docs/produto.md §15; docs/decisions/006-admin-dashboard-figures.md, 025-agregados.md).
 * "This month" = the current calendar month in the settings' time zone (fuso_horario); money sums in integer cents.
 * - valores_em_aberto: Σ (valor − valor_pago) of receivables with status 'aberta'.
 * - valores_cobrados: Σ pagamentos.valor with `data` in this month; split into
 *   valores_cobrados_pix_automatico (payments recorded from a confirmed PIX: pix_recebido_id set) and
 *   valores_cobrados_manual (the rest), which add up to it.
 * - percentual_cobrancas_mes: over receivables due this month (not 'cancelada' nor 'negociada'),
 *   Σ valor_pago ÷ Σ valor × 100, one decimal; 0 when nothing is due.
 * - mensagens_enviadas: outbound ('saida') in 'enviada' | 'entregue' | 'lida' with enviada_em this month.
 * - mensagens_recebidas: inbound ('entrada') created this month (unmatched numbers included).
 * - taxa_resposta: distinct customers with an inbound message this month ÷ distinct customers with an
 *   outbound message sent this month × 100, one decimal; 0 when none was messaged.
 * - operadores.contatos_mes: outbound messages the operator authored, sent this month + calls registered.
 * - gráfico: the same definitions grouped by local month over the last 12 months; valor_vencido =
 *   Σ valor of receivables due in the month, except 'cancelada'.
 */

// A literal, not a parameter, so GROUP BY matches the select list; the zone is a validated IANA name.
const literalFuso = (fuso: string) => sql.raw(`'${fuso.replaceAll("'", "''")}'`);

/** Σ of a cents expression as a JS number (drivers return bigint/numeric as strings). */
const somaCentavos = (expr: SQLWrapper) => sql<number>`coalesce(sum(${expr}), 0)`.mapWith(Number);

const saidaEnviadaEm = (p: Periodo) =>
  and(
    eq(mensagens.direcao, 'saida'),
    inArray(mensagens.status, [...MENSAGEM_STATUSES_ENVIADA]),
    gte(mensagens.enviadaEm, p.inicio),
    lt(mensagens.enviadaEm, p.fim),
  );

const entradaCriadaEm = (p: Periodo) =>
  and(eq(mensagens.direcao, 'entrada'), gte(mensagens.createdAt, p.inicio), lt(mensagens.createdAt, p.fim));

const vencimentoEm = (p: Periodo) =>
  and(gte(contasReceber.vencimento, p.dataInicio), lt(contasReceber.vencimento, p.dataFim));

const pagamentoEm = (p: Periodo) => and(gte(pagamentos.data, p.dataInicio), lt(pagamentos.data, p.dataFim));

// Single-row aggregates of the month, each a range over its own index.
const abertoSub = (db: DbOrTx) =>
  db
    .select({
      centavos: somaCentavos(sql`${contasReceber.valorCentavos} - ${contasReceber.valorPagoCentavos}`).as(
        'aberto_centavos',
      ),
    })
    .from(contasReceber)
    .where(eq(contasReceber.status, 'aberta'))
    .as('aberto');

const cobradoSub = (db: DbOrTx, mes: Periodo) =>
  db
    .select({
      centavos: somaCentavos(pagamentos.valorCentavos).as('cobrado_centavos'),
      // Same scan of the month's payments, one FILTER more.
      pix: sql<number>`coalesce(sum(${pagamentos.valorCentavos}) FILTER (WHERE ${isNotNull(pagamentos.pixRecebidoId)}), 0)`
        .mapWith(Number)
        .as('cobrado_pix_centavos'),
    })
    .from(pagamentos)
    .where(pagamentoEm(mes))
    .as('cobrado');

const vencidasNoMesSub = (db: DbOrTx, mes: Periodo) =>
  db
    .select({
      pago: somaCentavos(contasReceber.valorPagoCentavos).as('pago_centavos'),
      devido: somaCentavos(contasReceber.valorCentavos).as('devido_centavos'),
    })
    .from(contasReceber)
    .where(and(vencimentoEm(mes), notInArray(contasReceber.status, ['cancelada', 'negociada'])))
    .as('do_mes');

const mensagensSub = (db: DbOrTx, where: SQL | undefined, nome: 'saida' | 'entrada') =>
  db
    .select({
      total: count().as(`${nome}_total`),
      clientes: countDistinct(mensagens.clienteId).as(`${nome}_clientes`),
    })
    .from(mensagens)
    .where(where)
    .as(nome);

/** All the figures in one round trip: the single-row aggregates cross-joined. */
export const resumoAdminDashboardDireto = async (
  db: DbOrTx,
  agora: Date,
  fuso: string = FUSO_PADRAO,
): Promise<AdminDashboard> => {
  const mes = periodoMesAtual(agora, fuso);
  const aberto = abertoSub(db);
  const cobrado = cobradoSub(db, mes);
  const doMes = vencidasNoMesSub(db, mes);
  const saida = mensagensSub(db, saidaEnviadaEm(mes), 'saida');
  const entrada = mensagensSub(db, entradaCriadaEm(mes), 'entrada');
  const [row] = await db
    .select({
      aberto: aberto.centavos,
      cobrado: cobrado.centavos,
      cobradoPix: cobrado.pix,
      pago: doMes.pago,
      devido: doMes.devido,
      enviadas: saida.total,
      clientesMensagem: saida.clientes,
      recebidas: entrada.total,
      clientesResposta: entrada.clientes,
    })
    .from(aberto)
    .crossJoin(cobrado)
    .crossJoin(doMes)
    .crossJoin(saida)
    .crossJoin(entrada);
  if (!row) throw new Error('aggregate returned no row');
  return {
    valores_em_aberto: centavosParaReais(row.aberto),
    valores_cobrados: centavosParaReais(row.cobrado),
    valores_cobrados_pix_automatico: centavosParaReais(row.cobradoPix),
    valores_cobrados_manual: centavosParaReais(row.cobrado - row.cobradoPix),
    percentual_cobrancas_mes: percentual(row.pago, row.devido),
    mensagens_enviadas: row.enviadas,
    mensagens_recebidas: row.recebidas,
    taxa_resposta: percentual(row.clientesResposta, row.clientesMensagem),
  };
};

/** Every operator, blocked ones too; two correlated counts per operator, each on the operator's index. */
export const operadoresDoMesDireto = async (
  db: DbOrTx,
  agora: Date,
  fuso: string = FUSO_PADRAO,
): Promise<DashboardOperador[]> => {
  const mes = periodoMesAtual(agora, fuso);
  const mensagensDoOperador = db
    .select({ n: count() })
    .from(mensagens)
    .where(and(eq(mensagens.autorId, usuarios.id), saidaEnviadaEm(mes)));
  const chamadasDoOperador = db
    .select({ n: count() })
    .from(chamadas)
    .where(
      and(
        eq(chamadas.operadorId, usuarios.id),
        gte(chamadas.createdAt, mes.inicio),
        lt(chamadas.createdAt, mes.fim),
      ),
    );
  const rows = await db
    .select({
      id: usuarios.id,
      name: usuarios.name,
      email: usuarios.email,
      status: usuarios.status,
      contatos: sql<number>`(${mensagensDoOperador}) + (${chamadasDoOperador})`.mapWith(Number),
    })
    .from(usuarios)
    .where(eq(usuarios.role, 'operador'))
    .orderBy(asc(usuarios.name), asc(usuarios.id));
  return rows.map(({ contatos, ...operador }) => ({ ...operador, contatos_mes: contatos }));
};

type PontoSerie = { serie: SerieGrafico; mes: string; valor: number };

// Month labels in local time; literal SQL (no parameters) so GROUP BY matches the select list.
const mesDoInstante = (coluna: AnyPgColumn, fuso: string) =>
  sql<string>`to_char(${coluna} AT TIME ZONE ${literalFuso(fuso)}, 'YYYY-MM')`;
const mesDaData = (coluna: AnyPgColumn) => sql<string>`to_char(${coluna}, 'YYYY-MM')`;

const serie = (nome: SerieGrafico) => sql<SerieGrafico>`${sql.raw(`'${nome}'`)}::text`;
const total = (expr: SQL) => sql<number>`${expr}::bigint`.mapWith(Number);

/** The four series of the window as (serie, mes, valor) rows: four grouped ranges in one UNION ALL. */
const pontosDoGrafico = (db: DbOrTx, periodo: Periodo, fuso: string): Promise<PontoSerie[]> => {
  const enviadaEm = mesDoInstante(mensagens.enviadaEm, fuso);
  const criadaEm = mesDoInstante(mensagens.createdAt, fuso);
  const pagaEm = mesDaData(pagamentos.data);
  const venceEm = mesDaData(contasReceber.vencimento);
  return db
    .select({ serie: serie('enviadas'), mes: enviadaEm, valor: total(sql`count(*)`) })
    .from(mensagens)
    .where(saidaEnviadaEm(periodo))
    .groupBy(enviadaEm)
    .unionAll(
      db
        .select({ serie: serie('recebidas'), mes: criadaEm, valor: total(sql`count(*)`) })
        .from(mensagens)
        .where(entradaCriadaEm(periodo))
        .groupBy(criadaEm),
    )
    .unionAll(
      db
        .select({
          serie: serie('valor_cobrado'),
          mes: pagaEm,
          valor: total(sql`sum(${pagamentos.valorCentavos})`),
        })
        .from(pagamentos)
        .where(pagamentoEm(periodo))
        .groupBy(pagaEm),
    )
    .unionAll(
      db
        .select({
          serie: serie('valor_vencido'),
          mes: venceEm,
          valor: total(sql`sum(${contasReceber.valorCentavos})`),
        })
        .from(contasReceber)
        .where(and(vencimentoEm(periodo), ne(contasReceber.status, 'cancelada')))
        .groupBy(venceEm),
    );
};

/** Last 12 local months, oldest first, ending with the current one; months without data are zeros. */
export const graficoMensalDireto = async (
  db: DbOrTx,
  agora: Date,
  fuso: string = FUSO_PADRAO,
): Promise<GraficoMensalItem[]> => {
  const { meses, periodo } = janelaDoGrafico(agora, fuso);
  return pontosPorMes(meses, await pontosDoGrafico(db, periodo, fuso));
};
