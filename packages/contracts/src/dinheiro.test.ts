import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ateDuasCasas } from './common.ts';

describe('ateDuasCasas', () => {
  it('accepts every amount of whole cents as JSON carries it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }), (centavos) => {
        const reais = Number(JSON.parse(JSON.stringify(centavos / 100)));
        expect(ateDuasCasas(reais)).toBe(true);
      }),
    );
    expect([0, 0.01, 0.1, 0.29, 1.15, 12.34, 1_000_000_000].every(ateDuasCasas)).toBe(true);
  });

  it('refuses anything finer than a cent, however small', () => {
    expect([1e-39, 5e-324, 0.001, 0.005, 12.345, 1 + 1e-9, Number.NaN].some(ateDuasCasas)).toBe(false);
  });
});
