import { TZDate } from '@date-fns/tz';
import { memoriaLimitada } from './memoria.ts';

// Business dates are calendar days in a time zone (America/Sao_Paulo unless the settings name
// another), kept as 'YYYY-MM-DD' strings; the database `date` columns read and write them as such.
// Calendar arithmetic runs on UTC midnights (no zone involved); the zone only enters when an
// instant becomes a local date or back, through @date-fns/tz, never a fixed offset: Brazil had
// daylight saving until 2019 and may restore it (docs/decisions/014-dominio-e-fuso.md).

export const FUSO_PADRAO = 'America/Sao_Paulo';

const DIA_MS = 86_400_000;
const doisDigitos = (n: number): string => String(n).padStart(2, '0');

// A zone's offsets are whole seconds, so the local date can change only on a whole second: each zone
// keeps its last second's answer, which every request in that second asks for again (the zone lookup
// costs microseconds).
const ultimoDiaPorFuso = new Map<string, { segundo: number; dia: string }>();

/** The calendar date of an instant in `fuso`, 'YYYY-MM-DD'. */
export const hojeNoFuso = (agora: Date, fuso: string = FUSO_PADRAO): string => {
  const segundo = Math.floor(agora.getTime() / 1000);
  const guardado = ultimoDiaPorFuso.get(fuso);
  if (guardado?.segundo === segundo) return guardado.dia;
  const local = new TZDate(agora.getTime(), fuso);
  const dia = `${String(local.getFullYear()).padStart(4, '0')}-${doisDigitos(local.getMonth() + 1)}-${doisDigitos(local.getDate())}`;
  ultimoDiaPorFuso.set(fuso, { segundo, dia });
  return dia;
};

/** Wall-clock minutes after local midnight of an instant in `fuso` (08:30 → 510). */
export const minutosDoDia = (instante: Date, fuso: string = FUSO_PADRAO): number => {
  const local = new TZDate(instante.getTime(), fuso);
  return local.getHours() * 60 + local.getMinutes();
};

/**
 * The instant the clocks in `fuso` show `minutos` after midnight of `data` (wall-clock time, so
 * 08:00 stays 08:00 on a daylight-saving day). A local time skipped by a DST jump (00:00 in São
 * Paulo on 2018-11-04) maps to the first instant after the gap, which is where that day begins.
 */
export const instanteNoFuso = (data: string, minutos: number, fuso: string = FUSO_PADRAO): Date => {
  const [ano = 0, mes = 1, dia = 1] = data.split('-').map(Number);
  return new Date(new TZDate(ano, mes - 1, dia, 0, minutos, fuso).getTime());
};

// The lists and the encargos count days between the same few due dates for every receivable of a page:
// each date's day number is kept, as Date.parse of the built string was about 5 % of the list route's
// CPU profile (docs/decisions/058-dias-guardados.md).
const diasGuardados = memoriaLimitada<number>(20_000);

/** Days since 1970-01-01 of a 'YYYY-MM-DD' (NaN when it is not one). */
const numeroDoDia = (data: string): number =>
  diasGuardados(data, () => Date.parse(`${data}T00:00:00Z`) / DIA_MS);

export const somarDias = (data: string, dias: number): string =>
  new Date((numeroDoDia(data) + dias) * DIA_MS).toISOString().slice(0, 10);

/** The same day `meses` months later; a day the month lacks becomes its last (31/01 + 1 → 28/02 or 29/02). */
export const somarMeses = (data: string, meses: number): string => {
  const [ano = 0, mes = 1, dia = 1] = data.split('-').map(Number);
  const ultimoDia = new Date(Date.UTC(ano, mes - 1 + meses + 1, 0)).getUTCDate();
  return new Date(Date.UTC(ano, mes - 1 + meses, Math.min(dia, ultimoDia))).toISOString().slice(0, 10);
};

/** Whole days from `de` to `ate` (positive when `ate` is later). */
export const diasEntre = (de: string, ate: string): number => numeroDoDia(ate) - numeroDoDia(de);

/** The earlier of two dates. */
export const dataMaisCedo = (a: string, b: string): string => (diasEntre(a, b) >= 0 ? a : b);

/** 0 = Sunday … 6 = Saturday. */
export const diaDaSemana = (data: string): number => new Date(numeroDoDia(data) * DIA_MS).getUTCDay();

export const somarMinutos = (instante: Date, minutos: number): Date =>
  new Date(instante.getTime() + minutos * 60_000);

/** `YYYY-MM-DD` that names a real calendar day (no 31/02, 29/02 only in leap years). */
export const ehDataIso = (data: string): boolean => {
  const partes = /^(\d{4})-(\d{2})-(\d{2})$/.exec(data);
  if (!partes) return false;
  const [ano, mes, dia] = [Number(partes[1]), Number(partes[2]), Number(partes[3])];
  const d = new Date(Date.UTC(ano, mes - 1, dia));
  return d.getUTCFullYear() === ano && d.getUTCMonth() === mes - 1 && d.getUTCDate() === dia;
};

/** 'YYYY-MM-DD' (or the date part of an ISO timestamp) → `31/12/2026`, no zone shift; anything else unchanged. */
export const formatarDataBr = (data: string): string => {
  const [ano, mes, dia] = data.slice(0, 10).split('-');
  return ano && mes && dia ? `${dia}/${mes}/${ano}` : data;
};
