import { describe, expect, it } from 'vitest';
import {
  centavosParaReais,
  formatarReais,
  formatarValorEmReais,
  lerReais,
  reaisParaCentavos,
} from './dinheiro.ts';

describe('reaisParaCentavos / centavosParaReais', () => {
  it('converts exactly, whatever the float noise of the decimal', () => {
    expect(reaisParaCentavos(0.1 + 0.2)).toBe(30);
    expect(reaisParaCentavos(1234.56)).toBe(123456);
    expect(reaisParaCentavos(19.99)).toBe(1999);
    expect(centavosParaReais(123456)).toBe(1234.56);
    expect(centavosParaReais(5)).toBe(0.05);
  });
});

describe('formatarReais', () => {
  it('writes R$ with thousands dots and decimal comma', () => {
    expect(formatarReais(0)).toBe('R$ 0,00');
    expect(formatarReais(5)).toBe('R$ 0,05');
    expect(formatarReais(8_000)).toBe('R$ 80,00');
    expect(formatarReais(950_000)).toBe('R$ 9.500,00');
    expect(formatarReais(123456)).toBe('R$ 1.234,56');
    expect(formatarReais(123456789)).toBe('R$ 1.234.567,89');
  });

  it('puts the sign before R$', () => {
    expect(formatarReais(-150)).toBe('-R$ 1,50');
  });
});

describe('formatarValorEmReais', () => {
  it("formats the wire's reais without float noise", () => {
    expect(formatarValorEmReais(1234.56)).toBe('R$ 1.234,56');
    expect(formatarValorEmReais(0.1 + 0.2)).toBe('R$ 0,30');
    expect(formatarValorEmReais(0)).toBe('R$ 0,00');
    expect(formatarValorEmReais(1_000_000)).toBe('R$ 1.000.000,00');
    expect(formatarValorEmReais(-19.9)).toBe('-R$ 19,90');
  });
});

describe('lerReais', () => {
  it('reads Brazilian money text into cents', () => {
    expect(lerReais('1.234,56')).toBe(123_456);
    expect(lerReais('100,5')).toBe(10_050);
    expect(lerReais('R$ 100')).toBe(10_000);
    expect(lerReais(' R$ 1.234.567,89 ')).toBe(123_456_789);
    expect(lerReais('0,01')).toBe(1);
    expect(lerReais('0')).toBe(0);
  });

  it('takes a dot before 1–2 final digits as the decimal mark, any other as thousands', () => {
    expect(lerReais('100.50')).toBe(10_050);
    expect(lerReais('100.5')).toBe(10_050);
    expect(lerReais('1.000')).toBe(100_000);
  });

  it('is null for what is not an amount of at most two decimals', () => {
    expect(lerReais('abc')).toBeNull();
    expect(lerReais('')).toBeNull();
    expect(lerReais('R$')).toBeNull();
    expect(lerReais('1,555')).toBeNull();
    expect(lerReais('-10')).toBeNull();
    expect(lerReais('1,2,3')).toBeNull();
  });
});
