import { describe, expect, it } from 'vitest';
import { centavosParaReais, formatarReais, reaisParaCentavos } from './dinheiro.ts';

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
