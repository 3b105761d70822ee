import { FUSO_PADRAO } from '@cobranca/dominio';

// "How long ago" for recent instants, a short date for older ones (lists of customers and messages).

// Short units, for the compact cells they sit in: "há 2 h" (CLDR pt-BR).
const relativo = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'always', style: 'short' });
const diaMes = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO_PADRAO,
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
const diaMesAno = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO_PADRAO,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const anoSP = new Intl.DateTimeFormat('en', { timeZone: FUSO_PADRAO, year: 'numeric' });

const MINUTO = 60_000;
const HORA = 60 * MINUTO;
const DIA = 24 * HORA;

/**
 * An instant → `agora` under a minute, `há 5 min`, `há 3 h` within the last day; `21/11 14:30` within
 * the same year (São Paulo time); `21/11/2025` before that. On screen through TempoRelativo, which keeps
 * it current.
 */
export const formatarRelativo = (instant: string, now: Date = new Date()): string => {
  const date = new Date(instant);
  const ago = now.getTime() - date.getTime();
  if (ago < MINUTO) return 'agora';
  // CLDR abbreviates "min." with a period, which reads as a sentence's end beside other text.
  if (ago < HORA) return relativo.format(-Math.floor(ago / MINUTO), 'minute').replace(/\.$/, '');
  if (ago < DIA) return relativo.format(-Math.floor(ago / HORA), 'hour');
  if (anoSP.format(date) === anoSP.format(now)) return diaMes.format(date).replace(',', '');
  return diaMesAno.format(date);
};
