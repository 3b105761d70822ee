import { ehDiaUtil, proximoDiaUtil } from './calendario.ts';
import { diasEntre, ehDataIso, somarDias } from './datas.ts';

// Days overdue and prescription (docs/produto.md §7, decision 036). One definition for every screen,
// export, message and the encargos: calendar days after the due date moved to the next business day
// (the API Pix rule), so a debt due on a Saturday and paid on Monday was never late.

/** The date a debt is late after: the due date, or the next business day when it is not one. */
export const vencimentoEfetivo = (vencimento: string): string => proximoDiaUtil(vencimento);

/** Days overdue on `hoje` (both 'YYYY-MM-DD' in the configured zone), 0 when not overdue. */
export const diasDeAtraso = (vencimento: string, hoje: string): number =>
  Math.max(0, diasEntre(vencimentoEfetivo(vencimento), hoje));

/**
 * The latest due date at least `dias` (≥ 1) days overdue on `hoje`: "atraso ≥ dias" ⇔ "vencimento ≤ this",
 * so SQL can bucket and filter by due date alone (the latest business day on or before hoje − dias).
 */
export const ultimoVencimentoComAtraso = (hoje: string, dias: number): string => {
  let data = somarDias(hoje, -dias);
  while (!ehDiaUtil(data)) data = somarDias(data, -1);
  return data;
};

/** Years after the due date a consumer debt prescribes (Código Civil art. 206 §5 I). */
export const ANOS_PRESCRICAO = 5;

/** The same day and month `anos` later, or the next day when it does not exist (29/02; CC art. 132 §3). */
const somarAnos = (data: string, anos: number): string => {
  const mesmoDia = `${String(Number(data.slice(0, 4)) + anos).padStart(4, '0')}${data.slice(4)}`;
  return ehDataIso(mesmoDia) ? mesmoDia : `${mesmoDia.slice(0, 5)}03-01`;
};

/** The last day a debt may still be collected: the due date plus five years; it is prescribed after it. */
export const ultimoDiaCobravel = (vencimento: string): string => somarAnos(vencimento, ANOS_PRESCRICAO);

/** Whether a debt due on `vencimento` is prescribed on `hoje` (more than five years past due). */
export const estaPrescrita = (vencimento: string, hoje: string): boolean =>
  diasEntre(ultimoDiaCobravel(vencimento), hoje) > 0;

/**
 * The earliest due date still collectable on `hoje`: a debt is prescribed exactly when its due date is
 * before this one (what the daily job and the lists compare in SQL).
 */
export const vencimentoMaisAntigoCobravel = (hoje: string): string => {
  // hoje − 5 years, give or take the 29/02 of either year; step to the first one not prescribed.
  let data = somarDias(
    `${String(Number(hoje.slice(0, 4)) - ANOS_PRESCRICAO).padStart(4, '0')}${hoje.slice(4, 8)}01`,
    -1,
  );
  while (estaPrescrita(data, hoje)) data = somarDias(data, 1);
  return data;
};
