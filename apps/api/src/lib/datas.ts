// Business dates are calendar days in America/Sao_Paulo, kept as 'YYYY-MM-DD' strings (the
// database `date` columns read and write them as such); arithmetic runs on UTC midnights.

const DIA_MS = 86_400_000;
const formatoDataSaoPaulo = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in America/Sao_Paulo as 'YYYY-MM-DD' (en-CA formats dates that way). */
export const hojeSaoPaulo = (agora: Date): string => formatoDataSaoPaulo.format(agora);

export const somarDias = (data: string, dias: number): string =>
  new Date(Date.parse(`${data}T00:00:00Z`) + dias * DIA_MS).toISOString().slice(0, 10);

/** Whole days from `de` to `ate` (positive when `ate` is later). */
export const diasEntre = (de: string, ate: string): number =>
  Math.round((Date.parse(`${ate}T00:00:00Z`) - Date.parse(`${de}T00:00:00Z`)) / DIA_MS);

/** The earlier of two dates. */
export const dataMaisCedo = (a: string, b: string): string => (diasEntre(a, b) >= 0 ? a : b);

/** 0 = Sunday … 6 = Saturday. */
export const diaDaSemana = (data: string): number => new Date(`${data}T00:00:00Z`).getUTCDay();

/** The instant `minutos` after midnight of `data` in São Paulo (UTC-3 all year since DST ended in 2019). */
export const instanteSaoPaulo = (data: string, minutos: number): Date =>
  new Date(Date.parse(`${data}T00:00:00-03:00`) + minutos * 60_000);

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

export const formatarDataBr = (data: string): string => {
  const [ano, mes, dia] = data.split('-');
  return `${dia}/${mes}/${ano}`;
};
