import { describe, expect, it } from 'vitest';
import { formatarRelativo } from './format-relativo.ts';

const NOW = new Date('2026-11-21T15:00:00Z');

describe('formatarRelativo', () => {
  it('says "agora" only under a minute, then short minutes and hours within the last day', () => {
    expect(formatarRelativo('2026-11-21T14:59:01Z', NOW)).toBe('agora');
    expect(formatarRelativo('2026-11-21T14:59:00Z', NOW)).toBe('há 1 min');
    expect(formatarRelativo('2026-11-21T14:57:00Z', NOW)).toBe('há 3 min');
    expect(formatarRelativo('2026-11-21T14:00:01Z', NOW)).toBe('há 59 min');
    expect(formatarRelativo('2026-11-21T13:00:00Z', NOW)).toBe('há 2 h');
    expect(formatarRelativo('2026-11-20T15:00:01Z', NOW)).toBe('há 23 h');
  });

  it('shows day, month and time (São Paulo) within the year, the full date before', () => {
    expect(formatarRelativo('2026-11-19T02:30:00Z', NOW)).toBe('18/11 23:30');
    expect(formatarRelativo('2025-12-31T12:00:00Z', NOW)).toBe('31/12/2025');
  });
});
