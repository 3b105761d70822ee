import { FUSO_PADRAO, formatarDataBr, formatarReais, reaisParaCentavos } from '@cobranca/dominio';

// pt-BR presentation of money and dates (docs/produto.md §2: `R$ 1.234,56`, `dd/mm/aaaa`); the rules live in
// @cobranca/dominio, shared with the API.

const dataHora = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO_PADRAO,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Reais (the wire's two-decimal numbers) → `R$ 1.234,56`. */
export const formatMoney = (reais: number): string => formatarReais(reaisParaCentavos(reais));

/** A business date `YYYY-MM-DD` → `31/12/2026`, without any time-zone shift. */
export const formatDate = (isoDate: string): string => formatarDataBr(isoDate);

/** An instant (ISO timestamp) → `31/12/2026 18:30` in America/Sao_Paulo. */
export const formatDateTime = (instant: string | Date): string =>
  dataHora.format(typeof instant === 'string' ? new Date(instant) : instant).replace(',', '');
