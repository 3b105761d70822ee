import { diasEntre, somarDias, somarMeses } from './datas.ts';
import { formatarReais } from './dinheiro.ts';
import { contagem, formatarPercentual } from './texto.ts';

// Agreement arithmetic (docs/produto.md §8): integer cents only, never binary floats. The API computes
// and validates the agreement it stores with these functions and the web previews it with the same.

/** Field → messages; empty when valid (the API hands it over as a 422's field errors). */
export type ErrosDeCampo = Record<string, string[]>;

/**
 * `total` split into `parcelas` equal cents; the remainder cents go to the FIRST instalments, so the
 * parts always add up to the total exactly (R$ 100,00 in 3 → 33,34 + 33,33 + 33,33). Empty when the
 * numbers make no split: not a whole number of instalments from 1, or fewer cents than instalments
 * (an instalment of R$ 0,00 is never made). `restoNaPrimeira`: the whole remainder on the first, the
 * rest equal (R$ 100,02 in 4 → 25,02 + 25,00 × 3).
 */
export const dividirEmParcelas = (
  totalCentavos: number,
  parcelas: number,
  restoNaPrimeira = false,
): number[] => {
  if (!Number.isInteger(parcelas) || parcelas < 1 || !(totalCentavos >= parcelas)) return [];
  const base = Math.floor(totalCentavos / parcelas);
  const resto = totalCentavos - base * parcelas;
  return Array.from({ length: parcelas }, (_, i) =>
    restoNaPrimeira ? base + (i === 0 ? resto : 0) : base + (i < resto ? 1 : 0),
  );
};

export type EntradaAcordo = {
  /** Updated amount (cents) of each chosen receivable: principal balance + encargos. */
  saldosCentavos: number[];
  /** The encargos inside those amounts: the discount may always waive them (docs/produto.md §8). */
  encargosCentavos?: number;
  descontoCentavos: number;
  parcelas: number;
  primeiroVencimento: string;
  intervaloDias: number;
  /**
   * Automatic debit (PIX Automático, docs/pix-automatico.md §1): due on the same day of each month, and
   * the remainder cents on the first instalment, so the recurrence's instalments (2…N) are all equal.
   */
  mensal?: boolean;
};

export type ParcelaAcordo = { numero: number; rotulo: string; valorCentavos: number; vencimento: string };

export type PlanoAcordo = {
  valorOriginalCentavos: number;
  descontoCentavos: number;
  valorTotalCentavos: number;
  parcelas: ParcelaAcordo[];
};

export type LimitesAcordo = { hoje: string; descontoMaximoPercentual: number };

/** The largest discount allowed on `original` cents (rounded down: never above the percentage). */
export const descontoMaximoCentavos = (originalCentavos: number, percentual: number): number =>
  Math.floor((originalCentavos * Math.round(percentual * 100)) / 10_000);

const errosDesconto = (
  original: number,
  desconto: number,
  percentual: number,
  encargos: number,
): string[] => {
  if (desconto >= original)
    return [`O desconto deve ser menor que o total das contas (${formatarReais(original)}).`];
  const maximo = descontoMaximoCentavos(original, percentual);
  if (desconto <= Math.max(maximo, encargos)) return [];
  return encargos > maximo
    ? [`O desconto máximo é o valor dos encargos (${formatarReais(encargos)}).`]
    : [`O desconto máximo é de ${formatarPercentual(percentual)} do total (${formatarReais(maximo)}).`];
};

/** The part of a discount that waives encargos: it takes them before any principal. */
export const encargosDispensados = (descontoCentavos: number, encargosCentavos: number): number =>
  Math.min(descontoCentavos, encargosCentavos);

const somar = (centavos: readonly number[]): number => centavos.reduce((soma, c) => soma + c, 0);

/**
 * Field errors of an agreement against the limits (empty: valid). An instalment of zero cents is
 * refused rather than created: the number of instalments cannot exceed the total in cents.
 */
export const validarAcordo = (entrada: EntradaAcordo, limites: LimitesAcordo): ErrosDeCampo => {
  const errors: ErrosDeCampo = {};
  const original = somar(entrada.saldosCentavos);
  const desconto = errosDesconto(
    original,
    entrada.descontoCentavos,
    limites.descontoMaximoPercentual,
    entrada.encargosCentavos ?? 0,
  );
  if (desconto.length > 0) errors.desconto = desconto;
  if (diasEntre(limites.hoje, entrada.primeiroVencimento) < 0)
    errors.primeiro_vencimento = ['O primeiro vencimento não pode ser anterior a hoje.'];
  if (entrada.parcelas < 1 || entrada.parcelas > 24) errors.parcelas = ['Use de 1 a 24 parcelas.'];
  else if (desconto.length === 0 && original - entrada.descontoCentavos < entrada.parcelas)
    errors.parcelas = [
      `Com ${formatarReais(original - entrada.descontoCentavos)} o acordo pode ter no máximo ${contagem(original - entrada.descontoCentavos, 'parcela', 'parcelas')} (nenhuma parcela pode ser de R$ 0,00).`,
    ];
  return errors;
};

/**
 * The agreement's figures and instalments (due dates: the first + k·interval days, or k months). After
 * `validarAcordo` found nothing, one instalment per `parcelas`; otherwise possibly none (nothing left to
 * pay, fewer cents than instalments), which is what a live preview shows while the form is incomplete.
 */
export const calcularAcordo = (entrada: EntradaAcordo): PlanoAcordo => {
  const original = somar(entrada.saldosCentavos);
  const total = original - entrada.descontoCentavos;
  const valores = dividirEmParcelas(total, entrada.parcelas, entrada.mensal === true);
  return {
    valorOriginalCentavos: original,
    descontoCentavos: entrada.descontoCentavos,
    valorTotalCentavos: total,
    parcelas: valores.map((valorCentavos, i) => ({
      numero: i + 1,
      rotulo: `${i + 1}/${entrada.parcelas}`,
      valorCentavos,
      vencimento: entrada.mensal
        ? somarMeses(entrada.primeiroVencimento, i)
        : somarDias(entrada.primeiroVencimento, i * entrada.intervaloDias),
    })),
  };
};
