import { somarDias } from '@cobranca/dominio';
import { describe, expect, it } from 'vitest';
import { previewParcelas } from './parcelas-preview.ts';
import { parseReais } from './workspace-utils.ts';

const base = { descontoCentavos: 0, primeiroVencimento: '2026-12-01', intervaloDias: 30 };

describe('previewParcelas', () => {
  it('splits R$ 100,00 in 3 as 33,34 / 33,33 / 33,33', () => {
    const parcelas = previewParcelas({ ...base, totalCentavos: 10_000, parcelas: 3 });
    expect(parcelas.map((p) => p.centavos)).toEqual([3334, 3333, 3333]);
    expect(parcelas.map((p) => p.vencimento)).toEqual(['2026-12-01', '2026-12-31', '2027-01-30']);
  });

  it('gives the remainder cents to the first instalments and subtracts the discount', () => {
    const parcelas = previewParcelas({ ...base, totalCentavos: 10_002, descontoCentavos: 0, parcelas: 4 });
    expect(parcelas.map((p) => p.centavos)).toEqual([2501, 2501, 2500, 2500]);
    const comDesconto = previewParcelas({
      ...base,
      totalCentavos: 10_000,
      descontoCentavos: 1_000,
      parcelas: 2,
    });
    expect(comDesconto.map((p) => p.centavos)).toEqual([4500, 4500]);
  });

  it('is empty when nothing is left to split', () => {
    expect(previewParcelas({ ...base, totalCentavos: 100, descontoCentavos: 100, parcelas: 1 })).toEqual([]);
    expect(previewParcelas({ ...base, totalCentavos: 2, parcelas: 3 })).toEqual([]);
  });
});

describe('workspace utils', () => {
  it('adds calendar days across months and leap years', () => {
    expect(somarDias('2028-02-28', 1)).toBe('2028-02-29');
    expect(somarDias('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('reads Brazilian money text', () => {
    expect(parseReais('1.234,56')).toBe(1234.56);
    expect(parseReais('100,5')).toBe(100.5);
    expect(parseReais('R$ 100')).toBe(100);
    expect(parseReais('100.50')).toBe(100.5);
    expect(parseReais('1.000')).toBe(1000);
    expect(parseReais('abc')).toBeNaN();
    expect(parseReais('')).toBeNaN();
  });
});
