import { describe, expect, it } from 'vitest';
import { formatarData, formatarDataHora } from './format.ts';

describe('pt-BR formatting', () => {
  it('formats business dates without shifting the day', () => {
    expect(formatarData('2026-12-31')).toBe('31/12/2026');
    expect(formatarData('2026-01-01')).toBe('01/01/2026');
  });

  it('formats instants in São Paulo time', () => {
    expect(formatarDataHora('2026-11-21T02:30:00Z')).toBe('20/11/2026 23:30');
  });
});
