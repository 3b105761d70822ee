import type { AdminDashboard, DashboardOperador, GraficoMensalItem, UserStatus } from '@cobranca/contracts';
import { centavosParaReais, FUSO_PADRAO } from '@cobranca/dominio';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { preparadasPorBanco } from '../../db/preparadas.ts';
import {
  janelaDoGrafico,
  percentual,
  periodoMesAtual,
  pontosPorMes,
  type SerieGrafico,
} from './dashboard-calculos.ts';

/*
 * The admin dashboard read from the read models of migration 0015 (docs/decisions/025-agregados.md):
 * a few hundred counter rows per request instead of scanning receivables and messages. The figures'
 * definitions, and the direct computation they equal, are in admin-dashboard-direto.ts. Local days and
 * months are in the zone the counters were kept in, the system's fuso_horario (a change rebuilds them).
 */

const numero = (v: unknown): number => Number(v ?? 0);

type Somas = Record<string, unknown>;

const METRICAS_DO_MES = [
  'cobrado',
  'cobrado_pix',
  'devido',
  'devido_pago',
  'enviadas',
  'recebidas',
  'clientes_saida',
  'clientes_entrada',
] as const;

// The same text on every request: prepared once per database handle, so it is neither built nor planned
// again (docs/decisions/051-listas-sem-copias-lentas.md).
const prepararResumo = (db: DbOrTx) =>
  db
    .select({
      aberto: sql`(SELECT sum(valor) FROM agregados_dia WHERE metrica = 'aberto_centavos')`,
      ...Object.fromEntries(
        METRICAS_DO_MES.map((metrica) => [
          metrica,
          sql.raw(`sum(valor) FILTER (WHERE metrica = '${metrica}')`),
        ]),
      ),
    })
    .from(sql`agregados_dia`)
    .where(
      sql`metrica IN (${sql.raw(METRICAS_DO_MES.map((m) => `'${m}'`).join(', '))}) AND dia >= ${sql.placeholder('inicio')}::date AND dia < ${sql.placeholder('fim')}::date`,
    )
    .prepare('dashboard_admin_mes');
const preparadas = preparadasPorBanco<ReturnType<typeof prepararResumo>>();

/** This month's figures: the month's days of each counter, the open total over every due date. */
export const resumoAdminDashboard = async (
  db: DbOrTx,
  agora: Date,
  fuso: string = FUSO_PADRAO,
): Promise<AdminDashboard> => {
  const { dataInicio, dataFim } = periodoMesAtual(agora, fuso);
  const [s = {}] = (await preparadas(db, 'dashboard_admin_mes', () => prepararResumo(db)).execute({
    inicio: dataInicio,
    fim: dataFim,
  })) as Somas[];
  const cobrado = numero(s.cobrado);
  const cobradoPix = numero(s.cobrado_pix);
  return {
    valores_em_aberto: centavosParaReais(numero(s.aberto)),
    valores_cobrados: centavosParaReais(cobrado),
    valores_cobrados_pix_automatico: centavosParaReais(cobradoPix),
    valores_cobrados_manual: centavosParaReais(cobrado - cobradoPix),
    percentual_cobrancas_mes: percentual(numero(s.devido_pago), numero(s.devido)),
    mensagens_enviadas: numero(s.enviadas),
    mensagens_recebidas: numero(s.recebidas),
    taxa_resposta: percentual(numero(s.clientes_entrada), numero(s.clientes_saida)),
  };
};

type LinhaOperador = { id: number; name: string; email: string; status: UserStatus; contatos: unknown };

/** Every operator, blocked ones too, by name: messages authored and calls made this month. */
export const operadoresDoMes = async (
  db: DbOrTx,
  agora: Date,
  fuso: string = FUSO_PADRAO,
): Promise<DashboardOperador[]> => {
  const { dataInicio, dataFim } = periodoMesAtual(agora, fuso);
  const linhas = linhasDe<LinhaOperador>(
    await db.execute(sql`
      SELECT u.id, u.name, u.email, u.status, coalesce(c.contatos, 0) AS contatos
      FROM usuarios u
      LEFT JOIN (
        SELECT operador_id, sum(valor) AS contatos FROM agregados_dia
        WHERE metrica IN ('enviadas_autor', 'chamadas') AND dia >= ${dataInicio}::date AND dia < ${dataFim}::date
        GROUP BY operador_id
      ) c ON c.operador_id = u.id
      WHERE u.role = 'operador'
      ORDER BY u.name, u.id`),
  );
  return linhas.map(({ contatos, ...operador }) => ({ ...operador, contatos_mes: numero(contatos) }));
};

const SERIES: Record<string, SerieGrafico> = {
  enviadas: 'enviadas',
  recebidas: 'recebidas',
  cobrado: 'valor_cobrado',
  vencido: 'valor_vencido',
};

/** Last 12 local months, oldest first, ending with the current one; months without data are zeros. */
export const graficoMensal = async (
  db: DbOrTx,
  agora: Date,
  fuso: string = FUSO_PADRAO,
): Promise<GraficoMensalItem[]> => {
  const { meses, periodo } = janelaDoGrafico(agora, fuso);
  const linhas = linhasDe<{ metrica: string; mes: string; valor: unknown }>(
    await db.execute(sql`
      SELECT metrica, to_char(dia, 'YYYY-MM') AS mes, sum(valor) AS valor FROM agregados_dia
      WHERE metrica IN ('enviadas', 'recebidas', 'cobrado', 'vencido')
        AND dia >= ${periodo.dataInicio}::date AND dia < ${periodo.dataFim}::date
      GROUP BY 1, 2`),
  );
  return pontosPorMes(
    meses,
    linhas.map((l) => ({ serie: SERIES[l.metrica] as SerieGrafico, mes: l.mes, valor: numero(l.valor) })),
  );
};
