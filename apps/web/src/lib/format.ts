// pt-BR presentation of money and dates (PRODUCT §9: `R$ 1.234,56`, `dd/mm/aaaa`).

const moeda = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const dataHora = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Reais (the wire's two-decimal numbers) → `R$ 1.234,56`. */
export const formatMoney = (reais: number): string => moeda.format(reais).replace(/\u00a0/g, ' ');

/** A business date `YYYY-MM-DD` → `31/12/2026`, without any time-zone shift. */
export const formatDate = (isoDate: string): string => {
  const [ano, mes, dia] = isoDate.slice(0, 10).split('-');
  return ano && mes && dia ? `${dia}/${mes}/${ano}` : isoDate;
};

/** An instant (ISO timestamp) → `31/12/2026 18:30` in America/Sao_Paulo. */
export const formatDateTime = (instant: string | Date): string =>
  dataHora.format(typeof instant === 'string' ? new Date(instant) : instant).replace(',', '');
