import { describe, expect, it } from 'vitest';
import {
  mesNoFuso,
  percentual,
  periodoDaQuery,
  periodoDosDias,
  periodoDosMeses,
  periodoMesAtual,
  somarMeses,
  ultimosMeses,
} from './dashboard-calculos.ts';

describe('mesNoFuso', () => {
  it('uses the São Paulo calendar: 02:59Z on the 1st is still the previous month', () => {
    expect(mesNoFuso(new Date('2026-01-01T02:59:59Z'))).toBe('2025-12');
    expect(mesNoFuso(new Date('2026-01-01T03:00:00Z'))).toBe('2026-01');
  });
});

describe('somarMeses', () => {
  it('moves across year boundaries both ways', () => {
    expect(somarMeses('2026-01', -1)).toBe('2025-12');
    expect(somarMeses('2025-12', 1)).toBe('2026-01');
    expect(somarMeses('2026-03', -11)).toBe('2025-04');
    expect(somarMeses('2026-03', -27)).toBe('2023-12');
    expect(somarMeses('2026-03', 0)).toBe('2026-03');
  });
});

describe('periodoDosMeses / periodoMesAtual', () => {
  it('is half-open: first day of the first month to first day after the last, São Paulo midnights', () => {
    expect(periodoDosMeses('2025-02', '2026-01')).toEqual({
      dataInicio: '2025-02-01',
      dataFim: '2026-02-01',
      inicio: new Date('2025-02-01T03:00:00Z'),
      fim: new Date('2026-02-01T03:00:00Z'),
    });
  });

  it('takes "this month" from São Paulo time', () => {
    expect(periodoMesAtual(new Date('2026-03-01T01:00:00Z')).dataInicio).toBe('2026-02-01');
    expect(periodoMesAtual(new Date('2026-12-31T12:00:00Z')).dataFim).toBe('2027-01-01');
  });

  it('ends November 2018 at 02:00Z: São Paulo was at -02:00 on 2018-12-01 (daylight saving)', () => {
    const novembro = periodoDosMeses('2018-11', '2018-11');
    expect(novembro.inicio).toEqual(new Date('2018-11-01T03:00:00Z'));
    expect(novembro.fim).toEqual(new Date('2018-12-01T02:00:00Z'));
  });

  it('takes month boundaries from the configured zone (Manaus is -04:00)', () => {
    expect(periodoMesAtual(new Date('2026-03-01T03:30:00Z'), 'America/Manaus')).toMatchObject({
      dataInicio: '2026-02-01',
      inicio: new Date('2026-02-01T04:00:00Z'),
      fim: new Date('2026-03-01T04:00:00Z'),
    });
    expect(periodoMesAtual(new Date('2026-03-01T03:30:00Z')).dataInicio).toBe('2026-03-01');
  });
});

describe('ultimosMeses', () => {
  it('lists 12 months oldest first, ending with the current one, across a year boundary', () => {
    expect(ultimosMeses(new Date('2026-01-15T12:00:00Z'), 12)).toEqual([
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
    ]);
  });
});

describe('percentual', () => {
  it('rounds to one decimal, half up', () => {
    expect(percentual(35_000, 65_000)).toBe(53.8); // 53.846…
    expect(percentual(2, 3)).toBe(66.7); // 66.666…
    expect(percentual(1, 16)).toBe(6.3); // 6.25
    expect(percentual(1, 8)).toBe(12.5);
  });

  it('is 0 when there is nothing to divide by, and can exceed 100', () => {
    expect(percentual(0, 0)).toBe(0);
    expect(percentual(5, 0)).toBe(0);
    expect(percentual(3, 2)).toBe(150);
  });

  it('stays exact for large cent amounts', () => {
    expect(percentual(12_345_678_901, 12_345_678_901)).toBe(100);
    expect(percentual(1, 3_000)).toBe(0); // 0.033… → 0.0
  });
});

describe('periodoDosDias / periodoDaQuery', () => {
  it('includes both days: São Paulo midnight of `de` to the midnight after `ate`', () => {
    expect(periodoDosDias('2025-03-01', '2025-03-31')).toEqual({
      dataInicio: '2025-03-01',
      dataFim: '2025-04-01',
      dataUltimo: '2025-03-31',
      inicio: new Date('2025-03-01T03:00:00Z'),
      fim: new Date('2025-04-01T03:00:00Z'),
    });
  });

  it('defaults to the whole current month of the zone when no dates are given', () => {
    // 02:30Z on 1 March is still 28 February in São Paulo.
    expect(periodoDaQuery({}, new Date('2025-03-01T02:30:00Z'))).toMatchObject({
      dataInicio: '2025-02-01',
      dataUltimo: '2025-02-28',
      dataFim: '2025-03-01',
    });
    expect(periodoDaQuery({ de: '2024-01-01', ate: '2024-12-31' }, new Date()).dataFim).toBe('2025-01-01');
  });
});
