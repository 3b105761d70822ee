import { diaDaSemana, somarDias } from './datas.ts';
import { memoriaLimitada } from './memoria.ts';

// Brazil's national calendar: holidays and business days. The régua's sending days and the due date the
// encargos count from (docs/produto.md §7: a due date on a weekend or holiday moves to the next business
// day, as the API Pix does) both read it. Pure.

const FERIADOS_FIXOS = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25'];

/** Easter Sunday (anonymous Gregorian algorithm), 'YYYY-MM-DD'. */
export const pascoa = (ano: number): string => {
  const a = ano % 19;
  const b = Math.floor(ano / 100);
  const c = ano % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const mes = Math.floor((h + l - 7 * m + 114) / 31);
  const dia = ((h + l - 7 * m + 114) % 31) + 1;
  return `${ano}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
};

const cacheFeriados = new Map<number, ReadonlySet<string>>();

/**
 * National holidays by federal law (Lei 662/1949, 6.802/1980, 14.759/2023) plus Good Friday.
 * Carnival and Corpus Christi are optional days off, not holidays, so they are not here.
 */
export const feriadosNacionais = (ano: number): ReadonlySet<string> => {
  let feriados = cacheFeriados.get(ano);
  if (!feriados) {
    feriados = new Set([...FERIADOS_FIXOS.map((md) => `${ano}-${md}`), somarDias(pascoa(ano), -2)]);
    cacheFeriados.set(ano, feriados);
  }
  return feriados;
};

export const ehFeriadoNacional = (data: string): boolean =>
  feriadosNacionais(Number(data.slice(0, 4))).has(data);

/** Monday to Friday and not a national holiday. */
export const ehDiaUtil = (data: string): boolean => {
  const semana = diaDaSemana(data);
  return semana !== 0 && semana !== 6 && !ehFeriadoNacional(data);
};

// The lists compute the days overdue of every receivable on a page
// (docs/decisions/050-listas-e-portal-mais-baratos.md): each due date's answer is kept.
const proximosDiasUteis = memoriaLimitada<string>(20_000);

/** The date itself when it is a business day, else the next one. */
export const proximoDiaUtil = (data: string): string =>
  proximosDiasUteis(data, () => {
    let dia = data;
    while (!ehDiaUtil(dia)) dia = somarDias(dia, 1);
    return dia;
  });
