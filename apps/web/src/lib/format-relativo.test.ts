import { describe, expect, it } from 'vitest';
import { formatarRelativo } from './format-relativo.ts';

const NOW = new Date('2026-11-21T15:00:00Z');

describe('formatarRelativo', () => {
  it('says how long ago within the last day', () => {
    expect(formatarRelativo('2026-11-21T14:59:30Z', NOW)).toBe('agora');
    expect(formatarRelativo('2026-11-21T14:55:00Z', NOW)).toBe('há 5 minutos');
    expect(formatarRelativo('2026-11-21T12:00:00Z', NOW)).toBe('há 3 horas');
  });

  it('shows day, month and time (São Paulo) within the year, the full date before', () => {
    expect(formatarRelativo('2026-11-19T02:30:00Z', NOW)).toBe('18/11 23:30');
    expect(formatarRelativo('2025-12-31T12:00:00Z', NOW)).toBe('31/12/2025');
  });
});
