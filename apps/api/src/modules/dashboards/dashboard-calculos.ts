import { hojeSaoPaulo, instanteSaoPaulo } from '../../lib/datas.ts';

// Pure arithmetic of the admin dashboard: calendar months in America/Sao_Paulo and percentages.

/** A span of whole São Paulo months, half-open [inicio, fim): dates for `date` columns, instants for `timestamptz`. */
export type Periodo = { dataInicio: string; dataFim: string; inicio: Date; fim: Date };

/** The São Paulo calendar month of an instant, 'YYYY-MM'. */
export const mesSaoPaulo = (agora: Date): string => hojeSaoPaulo(agora).slice(0, 7);

/** 'YYYY-MM' moved by `meses` (negative goes back), across year boundaries. */
export const somarMeses = (mes: string, meses: number): string => {
  const [ano = 0, numero = 1] = mes.split('-').map(Number);
  const indice = ano * 12 + (numero - 1) + meses;
  const novoAno = Math.floor(indice / 12);
  return `${String(novoAno).padStart(4, '0')}-${String(indice - novoAno * 12 + 1).padStart(2, '0')}`;
};

/** From the first day of `primeiro` up to (not including) the first day after `ultimo`. */
export const periodoDosMeses = (primeiro: string, ultimo: string): Periodo => {
  const dataInicio = `${primeiro}-01`;
  const dataFim = `${somarMeses(ultimo, 1)}-01`;
  return { dataInicio, dataFim, inicio: instanteSaoPaulo(dataInicio, 0), fim: instanteSaoPaulo(dataFim, 0) };
};

/** "This month" of PRODUCT §7. */
export const periodoMesAtual = (agora: Date): Periodo => {
  const mes = mesSaoPaulo(agora);
  return periodoDosMeses(mes, mes);
};

/** The last `quantidade` months, oldest first, ending with the current one. */
export const ultimosMeses = (agora: Date, quantidade: number): string[] => {
  const atual = mesSaoPaulo(agora);
  return Array.from({ length: quantidade }, (_, i) => somarMeses(atual, i - quantidade + 1));
};

/**
 * `parte ÷ todo × 100` with one decimal, half up; 0 when there is nothing to divide by.
 * Computed as a rounded integer of tenths so cents never go through a lossy float division first.
 */
export const percentual = (parte: number, todo: number): number =>
  todo > 0 ? Math.round((parte * 1000) / todo) / 10 : 0;
