import { FUSO_PADRAO, formatarDataBr, hojeNoFuso } from '@cobranca/dominio';

// pt-BR presentation of dates (docs/produto.md §2: `dd/mm/aaaa`); the rules live in @cobranca/dominio,
// shared with the API, which also formats money (`formatarValorEmReais`: `R$ 1.234,56`).

const dataHora = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO_PADRAO,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A business date `YYYY-MM-DD` → `31/12/2026`, without any time-zone shift. */
export const formatarData = (isoDate: string): string => formatarDataBr(isoDate);

/** An instant (ISO timestamp) → `31/12/2026 18:30` in America/Sao_Paulo. */
export const formatarDataHora = (instant: string | Date): string =>
  dataHora.format(typeof instant === 'string' ? new Date(instant) : instant).replace(',', '');

/** An instant (ISO timestamp) → its date in America/Sao_Paulo, `31/12/2026`. */
export const formatarDataDoInstante = (instant: string | Date): string =>
  formatarDataBr(hojeNoFuso(typeof instant === 'string' ? new Date(instant) : instant));
