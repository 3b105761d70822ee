import type { GraficoMensalItem } from '@cobranca/contracts';
import {
  centavosParaReais,
  FUSO_PADRAO,
  hojeNoFuso,
  instanteNoFuso,
  memoriaLimitada,
  somarDias,
} from '@cobranca/dominio';

// Pure arithmetic of the admin dashboard: calendar months in the settings' time zone and percentages.

/** A span of whole local months, half-open [inicio, fim): dates for `date` columns, instants for `timestamptz`. */
export type Periodo = { dataInicio: string; dataFim: string; inicio: Date; fim: Date };

/** The calendar month of an instant in `fuso`, 'YYYY-MM'. */
export const mesNoFuso = (agora: Date, fuso: string = FUSO_PADRAO): string =>
  hojeNoFuso(agora, fuso).slice(0, 7);

/** 'YYYY-MM' moved by `meses` (negative goes back), across year boundaries. */
export const somarMeses = (mes: string, meses: number): string => {
  const [ano = 0, numero = 1] = mes.split('-').map(Number);
  const indice = ano * 12 + (numero - 1) + meses;
  const novoAno = Math.floor(indice / 12);
  return `${String(novoAno).padStart(4, '0')}-${String(indice - novoAno * 12 + 1).padStart(2, '0')}`;
};

/** From the first day of `primeiro` up to (not including) the first day after `ultimo`. */
export const periodoDosMeses = (primeiro: string, ultimo: string, fuso: string = FUSO_PADRAO): Periodo => {
  const dataInicio = `${primeiro}-01`;
  const dataFim = `${somarMeses(ultimo, 1)}-01`;
  return {
    dataInicio,
    dataFim,
    inicio: instanteNoFuso(dataInicio, 0, fuso),
    fim: instanteNoFuso(dataFim, 0, fuso),
  };
};

// Every instant of a month has the same period, and its instants cost two zone lookups: each month and
// zone's is kept (a handful in practice; cleared past 64, so no input grows it without bound).
const periodosDoMes = memoriaLimitada<Periodo>(64);

/** "This month" of docs/produto.md §15. The answer is shared: callers read it, never change it. */
export const periodoMesAtual = (agora: Date, fuso: string = FUSO_PADRAO): Periodo => {
  const mes = mesNoFuso(agora, fuso);
  return periodosDoMes(`${fuso} ${mes}`, () => Object.freeze(periodoDosMeses(mes, mes, fuso)));
};

/** A span of whole local days, `dataUltimo` the last one included (`dataFim` is the day after it). */
export type PeriodoDias = Periodo & { dataUltimo: string };

/** From `de` to `ate`, both included, as half-open ranges in `fuso`. */
export const periodoDosDias = (de: string, ate: string, fuso: string = FUSO_PADRAO): PeriodoDias => {
  const dataFim = somarDias(ate, 1);
  return {
    dataInicio: de,
    dataFim,
    dataUltimo: ate,
    inicio: instanteNoFuso(de, 0, fuso),
    fim: instanteNoFuso(dataFim, 0, fuso),
  };
};

/** `de`/`ate` of a query, or this month when neither was given (docs/produto.md §15). */
export const periodoDaQuery = (
  q: { de?: string | undefined; ate?: string | undefined },
  agora: Date,
  fuso: string = FUSO_PADRAO,
): PeriodoDias => {
  if (q.de && q.ate) return periodoDosDias(q.de, q.ate, fuso);
  const mes = periodoMesAtual(agora, fuso);
  return periodoDosDias(mes.dataInicio, somarDias(mes.dataFim, -1), fuso);
};

/** The last `quantidade` months, oldest first, ending with the current one. */
export const ultimosMeses = (agora: Date, quantidade: number, fuso: string = FUSO_PADRAO): string[] => {
  const atual = mesNoFuso(agora, fuso);
  return Array.from({ length: quantidade }, (_, i) => somarMeses(atual, i - quantidade + 1));
};

export type SerieGrafico = 'enviadas' | 'recebidas' | 'valor_cobrado' | 'valor_vencido';

/** The monthly chart's window: the last 12 local months, oldest first, and the span they cover. */
export const janelaDoGrafico = (agora: Date, fuso: string = FUSO_PADRAO) => {
  const meses = ultimosMeses(agora, 12, fuso);
  return {
    meses,
    periodo: periodoDosMeses(meses[0] ?? mesNoFuso(agora, fuso), mesNoFuso(agora, fuso), fuso),
  };
};

/** One chart point per month of the window from (serie, 'YYYY-MM') totals in cents or counts; absent = 0. */
export const pontosPorMes = (
  meses: string[],
  pontos: { serie: SerieGrafico; mes: string; valor: number }[],
): GraficoMensalItem[] => {
  const porChave = new Map(pontos.map((p) => [`${p.serie}|${p.mes}`, p.valor]));
  const valor = (serie: SerieGrafico, mes: string) => porChave.get(`${serie}|${mes}`) ?? 0;
  return meses.map((mes) => ({
    mes,
    enviadas: valor('enviadas', mes),
    recebidas: valor('recebidas', mes),
    valor_cobrado: centavosParaReais(valor('valor_cobrado', mes)),
    valor_vencido: centavosParaReais(valor('valor_vencido', mes)),
  }));
};

/**
 * `parte ÷ todo × 100` with one decimal, half up; 0 when there is nothing to divide by.
 * Computed as a rounded integer of tenths so cents never go through a lossy float division first.
 */
export const percentual = (parte: number, todo: number): number =>
  todo > 0 ? Math.round((parte * 1000) / todo) / 10 : 0;
