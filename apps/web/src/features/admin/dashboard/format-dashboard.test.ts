import { describe, expect, it } from 'vitest';
import { formatarInteiro, formatarMes, formatarMesExtenso } from './format-dashboard.ts';

describe('dashboard formats', () => {
  it('labels months like nov/26', () => {
    expect(formatarMes('2026-11')).toBe('nov/26');
    expect(formatarMes('2027-01')).toBe('jan/27');
    expect(formatarMesExtenso('2026-03')).toBe('março de 2026');
  });

  it('writes counts with thousands dots', () => {
    expect(formatarInteiro(1234)).toBe('1.234');
  });
});
