import { describe, expect, it } from 'vitest';
import { formatarInteiro, formatarMes, formatarMesExtenso, formatarPercentual } from './format-dashboard.ts';

describe('dashboard formats', () => {
  it('labels months like nov/26', () => {
    expect(formatarMes('2026-11')).toBe('nov/26');
    expect(formatarMes('2027-01')).toBe('jan/27');
    expect(formatarMesExtenso('2026-03')).toBe('março de 2026');
  });

  it('writes percentages with one decimal and counts with thousands dots', () => {
    expect(formatarPercentual(12.5)).toBe('12,5 %');
    expect(formatarPercentual(0)).toBe('0,0 %');
    expect(formatarPercentual(33.333)).toBe('33,3 %');
    expect(formatarInteiro(1234)).toBe('1.234');
  });
});
