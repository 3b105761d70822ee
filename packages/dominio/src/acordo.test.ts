import { describe, expect, it } from 'vitest';
import {
  calcularAcordo,
  descontoMaximoCentavos,
  dividirEmParcelas,
  type EntradaAcordo,
  encargosDispensados,
  validarAcordo,
} from './acordo.ts';

const limites = { hoje: '2026-03-10', descontoMaximoPercentual: 30 };
const entrada = (parcial: Partial<EntradaAcordo>): EntradaAcordo => ({
  saldosCentavos: [10_000],
  descontoCentavos: 0,
  parcelas: 1,
  primeiroVencimento: '2026-03-10',
  intervaloDias: 30,
  ...parcial,
});

describe('dividirEmParcelas', () => {
  it('splits R$ 100,00 in 3 as 33,34 + 33,33 + 33,33', () => {
    expect(dividirEmParcelas(10_000, 3)).toEqual([3_334, 3_333, 3_333]);
  });

  it('puts the remainder cents on the first instalments', () => {
    expect(dividirEmParcelas(10_002, 4)).toEqual([2_501, 2_501, 2_500, 2_500]);
  });

  it('splits into 24 instalments that add up exactly', () => {
    const partes = dividirEmParcelas(123_457, 24);
    expect(partes).toHaveLength(24);
    expect(partes.reduce((a, b) => a + b, 0)).toBe(123_457);
    expect(Math.max(...partes) - Math.min(...partes)).toBeLessThanOrEqual(1);
    expect(partes[0]).toBe(5_145);
    expect(partes[23]).toBe(5_144);
  });

  it('keeps a single instalment whole', () => {
    expect(dividirEmParcelas(1, 1)).toEqual([1]);
  });

  it('makes no split when an instalment would be R$ 0,00 or the count is not a whole number from 1', () => {
    expect(dividirEmParcelas(2, 3)).toEqual([]);
    expect(dividirEmParcelas(0, 1)).toEqual([]);
    expect(dividirEmParcelas(-100, 1)).toEqual([]);
    expect(dividirEmParcelas(100, 0)).toEqual([]);
    expect(dividirEmParcelas(100, 1.5)).toEqual([]);
    expect(dividirEmParcelas(100, Number.NaN)).toEqual([]);
    expect(dividirEmParcelas(Number.NaN, 1)).toEqual([]);
  });
});

describe('calcularAcordo', () => {
  it('sums the balances, takes the discount and dates each instalment by the interval', () => {
    const plano = calcularAcordo(
      entrada({ saldosCentavos: [6_000, 5_000], descontoCentavos: 1_000, parcelas: 3, intervaloDias: 15 }),
    );
    expect(plano.valorOriginalCentavos).toBe(11_000);
    expect(plano.descontoCentavos).toBe(1_000);
    expect(plano.valorTotalCentavos).toBe(10_000);
    expect(plano.parcelas).toEqual([
      { numero: 1, rotulo: '1/3', valorCentavos: 3_334, vencimento: '2026-03-10' },
      { numero: 2, rotulo: '2/3', valorCentavos: 3_333, vencimento: '2026-03-25' },
      { numero: 3, rotulo: '3/3', valorCentavos: 3_333, vencimento: '2026-04-09' },
    ]);
  });

  it('crosses month and year ends in the due dates', () => {
    const plano = calcularAcordo(
      entrada({ parcelas: 2, primeiroVencimento: '2026-12-31', intervaloDias: 31 }),
    );
    expect(plano.parcelas.map((p) => p.vencimento)).toEqual(['2026-12-31', '2027-01-31']);
  });

  it('previews the web form: discount taken, remainder on the first, due dates across months', () => {
    const plano = calcularAcordo(
      entrada({
        saldosCentavos: [10_000],
        descontoCentavos: 1_000,
        parcelas: 2,
        primeiroVencimento: '2026-12-01',
      }),
    );
    expect(plano.parcelas.map((p) => [p.valorCentavos, p.vencimento])).toEqual([
      [4_500, '2026-12-01'],
      [4_500, '2026-12-31'],
    ]);
  });

  it('has no instalments while the numbers make no agreement (nothing left, fewer cents than instalments)', () => {
    expect(calcularAcordo(entrada({ saldosCentavos: [100], descontoCentavos: 100 })).parcelas).toEqual([]);
    expect(calcularAcordo(entrada({ saldosCentavos: [2], parcelas: 3 })).parcelas).toEqual([]);
  });
});

describe('validarAcordo', () => {
  it('accepts a plain agreement due today', () => {
    expect(validarAcordo(entrada({ parcelas: 3 }), limites)).toEqual({});
  });

  it('accepts a discount of exactly the maximum percentage', () => {
    expect(validarAcordo(entrada({ descontoCentavos: 3_000 }), limites)).toEqual({});
  });

  it('refuses a discount one cent above the maximum, naming the maximum', () => {
    expect(validarAcordo(entrada({ descontoCentavos: 3_001 }), limites).desconto).toEqual([
      'O desconto máximo é de 30% do total (R$ 30,00).',
    ]);
  });

  it('lets the discount waive the whole encargos even above the percentage', () => {
    // R$ 100,00 updated, R$ 40,00 of it encargos: up to 40,00 (more than 30 % = 30,00).
    const comEncargos = { saldosCentavos: [10_000], encargosCentavos: 4_000 };
    expect(validarAcordo(entrada({ ...comEncargos, descontoCentavos: 4_000 }), limites)).toEqual({});
    expect(validarAcordo(entrada({ ...comEncargos, descontoCentavos: 4_001 }), limites).desconto).toEqual([
      'O desconto máximo é o valor dos encargos (R$ 40,00).',
    ]);
    expect(encargosDispensados(4_001, 4_000)).toBe(4_000);
    expect(encargosDispensados(1_500, 4_000)).toBe(1_500);
  });

  it('refuses a discount equal to the whole total even at 100%', () => {
    const erros = validarAcordo(entrada({ descontoCentavos: 10_000 }), {
      ...limites,
      descontoMaximoPercentual: 100,
    });
    expect(erros.desconto?.[0]).toMatch(/menor que o total/);
  });

  it('refuses a first due date before today', () => {
    expect(
      validarAcordo(entrada({ primeiroVencimento: '2026-03-09' }), limites).primeiro_vencimento,
    ).toHaveLength(1);
  });

  it.each([0, 25])('refuses %i instalments', (parcelas) => {
    expect(validarAcordo(entrada({ parcelas }), limites).parcelas).toEqual(['Use de 1 a 24 parcelas.']);
  });

  it('refuses 1 cent in 2 instalments instead of creating one of R$ 0,00', () => {
    const erros = validarAcordo(entrada({ saldosCentavos: [1], parcelas: 2 }), limites);
    expect(erros.parcelas?.[0]).toMatch(/no máximo 1 parcela/);
    expect(validarAcordo(entrada({ saldosCentavos: [1], parcelas: 1 }), limites)).toEqual({});
  });
});

describe('money helpers', () => {
  it('rounds the maximum discount down with fractional percentages', () => {
    expect(descontoMaximoCentavos(10_001, 30)).toBe(3_000);
    expect(descontoMaximoCentavos(10_000, 12.5)).toBe(1_250);
  });
});

describe('an agreement with automatic debit (mensal)', () => {
  it('falls due on the same day of each month, the 31st on the last day of a shorter month', () => {
    const plano = calcularAcordo(
      entrada({ parcelas: 4, primeiroVencimento: '2026-12-31', intervaloDias: 30, mensal: true }),
    );
    expect(plano.parcelas.map((p) => p.vencimento)).toEqual([
      '2026-12-31',
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
    ]);
  });

  it('puts the remainder cents on the first instalment, so the recurring ones are equal', () => {
    expect(dividirEmParcelas(10_002, 4, true)).toEqual([2_502, 2_500, 2_500, 2_500]);
    const plano = calcularAcordo(entrada({ saldosCentavos: [10_002], parcelas: 4, mensal: true }));
    expect(plano.parcelas.map((p) => p.valorCentavos)).toEqual([2_502, 2_500, 2_500, 2_500]);
    expect(plano.valorTotalCentavos).toBe(10_002);
  });
});
