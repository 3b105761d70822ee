import { describe, expect, it } from 'vitest';
import { formatInteger, formatMes, formatMesExtenso, formatPercent } from './format-dashboard.ts';

describe('dashboard formats', () => {
  it('labels months like nov/26', () => {
    expect(formatMes('2026-11')).toBe('nov/26');
    expect(formatMes('2027-01')).toBe('jan/27');
    expect(formatMesExtenso('2026-03')).toBe('março de 2026');
  });

  it('writes percentages with one decimal and counts with thousands dots', () => {
    expect(formatPercent(12.5)).toBe('12,5 %');
    expect(formatPercent(0)).toBe('0,0 %');
    expect(formatPercent(33.333)).toBe('33,3 %');
    expect(formatInteger(1234)).toBe('1.234');
  });
});
