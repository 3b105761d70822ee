import { diasDeAtraso } from './atraso.ts';
import { diasEntre } from './datas.ts';

// Updated amount of an overdue receivable (docs/produto.md §7): multa once and simple juros pro rata die
// on a 30-day month, both on the principal balance, each rounded half-up to the cent, counted from the
// day after the due date moved to the next business day (the API Pix rule). A partial payment pays
// juros, then multa, then principal (Código Civil art. 354); what it leaves of the encargos stays
// pending as of its date, and juros on the remaining principal run from there. Integer cents only.

export type PercentuaisEncargos = {
  /** 0–2 (CDC art. 52 §1), two decimals at most. */
  multaPercentual: number;
  /** Monthly, 0–10, two decimals at most. */
  jurosMensalPercentual: number;
};

/** Encargos a payment left unpaid, as of the payment's date. */
export type EncargosPendentes = { multaCentavos: number; jurosCentavos: number; ate: string };

export type ContaParaEncargos = {
  principalCentavos: number;
  vencimento: string;
  pendentes: EncargosPendentes | null;
};

export type Encargos = {
  multaCentavos: number;
  jurosCentavos: number;
  /** Principal balance + multa + juros. */
  totalCentavos: number;
  /** `diasDeAtraso` of the due date. */
  diasAtraso: number;
};

export const ENCARGOS_PADRAO: PercentuaisEncargos = { multaPercentual: 2, jurosMensalPercentual: 1 };

const centesimos = (percentual: number): number => Math.round(percentual * 100);

/**
 * round-half-up(numerador / denominador) for non-negative integers. Doubles hold every integer up to
 * 2^53 exactly, and there the remainder makes the division exact: a list page updates about a hundred
 * receivables, and BigInt cost several times as much. A larger product (or one whose double is no longer
 * exact, which then exceeds the bound too) goes through BigInt.
 */
const arredondar = (numerador: number, denominador: number, exato: () => bigint): number => {
  if (numerador > (Number.MAX_SAFE_INTEGER - denominador) / 2) {
    const d = BigInt(denominador);
    return Number((exato() * 2n + d) / (d * 2n));
  }
  const a = numerador * 2 + denominador;
  const b = denominador * 2;
  return (a - (a % b)) / b;
};

export const multaSobre = (principalCentavos: number, percentual: number): number => {
  const c = centesimos(percentual);
  return arredondar(principalCentavos * c, 10_000, () => BigInt(principalCentavos) * BigInt(c));
};

export const jurosSobre = (principalCentavos: number, percentualMensal: number, dias: number): number => {
  if (dias <= 0) return 0;
  const c = centesimos(percentualMensal);
  return arredondar(
    principalCentavos * c * dias,
    300_000,
    () => BigInt(principalCentavos) * BigInt(c) * BigInt(dias),
  );
};

/** Encargos owed on `hoje` by an open receivable. */
export const calcularEncargos = (
  conta: ContaParaEncargos,
  hoje: string,
  percentuais: PercentuaisEncargos,
): Encargos => {
  const { principalCentavos: principal, pendentes } = conta;
  const diasAtraso = diasDeAtraso(conta.vencimento, hoje);
  if (diasAtraso === 0 && !pendentes)
    return { multaCentavos: 0, jurosCentavos: 0, totalCentavos: principal, diasAtraso };
  const multa = pendentes ? pendentes.multaCentavos : multaSobre(principal, percentuais.multaPercentual);
  const juros = pendentes
    ? pendentes.jurosCentavos +
      jurosSobre(principal, percentuais.jurosMensalPercentual, diasEntre(pendentes.ate, hoje))
    : jurosSobre(principal, percentuais.jurosMensalPercentual, diasAtraso);
  return { multaCentavos: multa, jurosCentavos: juros, totalCentavos: principal + multa + juros, diasAtraso };
};

// A payment recorded with an earlier date than the last one must not make juros run twice.
const maisTarde = (a: string | undefined, b: string): string => (a !== undefined && a > b ? a : b);

export type PartesPagamento = { principalCentavos: number; multaCentavos: number; jurosCentavos: number };

export type PagamentoAplicado = {
  partes: PartesPagamento;
  /** Principal balance after the payment. */
  principalCentavos: number;
  /** What stays pending (null when nothing does or the receivable was not overdue). */
  pendentes: EncargosPendentes | null;
  quitou: boolean;
};

/**
 * Splits a payment of `valorCentavos` made on `data` into juros, multa and principal, in that order.
 * The caller refuses a payment above the updated amount; this one caps nothing.
 */
export const aplicarPagamentoComEncargos = (
  conta: ContaParaEncargos,
  valorCentavos: number,
  data: string,
  percentuais: PercentuaisEncargos,
): PagamentoAplicado => {
  const devido = calcularEncargos(conta, data, percentuais);
  const juros = Math.min(valorCentavos, devido.jurosCentavos);
  const multa = Math.min(valorCentavos - juros, devido.multaCentavos);
  const principal = Math.min(valorCentavos - juros - multa, conta.principalCentavos);
  const multaRestante = devido.multaCentavos - multa;
  const jurosRestantes = devido.jurosCentavos - juros;
  const restante = conta.principalCentavos - principal;
  const atrasada = devido.diasAtraso > 0 || conta.pendentes !== null;
  return {
    partes: { principalCentavos: principal, multaCentavos: multa, jurosCentavos: juros },
    principalCentavos: restante,
    // A partial payment of an overdue receivable fixes its multa: later juros run on what is left.
    pendentes:
      atrasada && restante > 0
        ? {
            multaCentavos: multaRestante,
            jurosCentavos: jurosRestantes,
            ate: maisTarde(conta.pendentes?.ate, data),
          }
        : null,
    // Principal is paid last, so none left means nothing is.
    quitou: restante === 0,
  };
};
