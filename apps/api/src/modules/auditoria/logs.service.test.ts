import { describe, expect, it } from 'vitest';
import { filtroDe } from './logs.service.ts';

describe('filtroDe', () => {
  it('turns de/ate into local midnights, ate inclusive', () => {
    expect(filtroDe({ page: 1, de: '2026-03-01', ate: '2026-03-31' }, 'America/Sao_Paulo')).toMatchObject({
      desde: new Date('2026-03-01T03:00:00Z'),
      antesDe: new Date('2026-04-01T03:00:00Z'),
    });
  });

  it('starts 2018-11-04 at 03:00Z (no 00:00 that day) and ends it at 02:00Z of the 5th (-02:00)', () => {
    expect(filtroDe({ page: 1, de: '2018-11-04', ate: '2018-11-04' }, 'America/Sao_Paulo')).toMatchObject({
      desde: new Date('2018-11-04T03:00:00Z'),
      antesDe: new Date('2018-11-05T02:00:00Z'),
    });
  });

  it('follows another zone', () => {
    expect(filtroDe({ page: 1, de: '2026-03-01' }, 'America/Noronha').desde).toEqual(
      new Date('2026-03-01T02:00:00Z'),
    );
  });
});
