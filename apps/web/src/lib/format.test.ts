import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney } from './format.ts';

describe('pt-BR formatting', () => {
  it.each([
    [1234.56, 'R$ 1.234,56'],
    [0, 'R$ 0,00'],
    [0.1 + 0.2, 'R$ 0,30'],
    [1_000_000, 'R$ 1.000.000,00'],
    [-45.5, '-R$ 45,50'],
  ])('formats %s as %s', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });

  it('formats business dates without shifting the day', () => {
    expect(formatDate('2026-12-31')).toBe('31/12/2026');
    expect(formatDate('2026-01-01')).toBe('01/01/2026');
  });

  it('formats instants in São Paulo time', () => {
    expect(formatDateTime('2026-11-21T02:30:00Z')).toBe('20/11/2026 23:30');
  });
});
