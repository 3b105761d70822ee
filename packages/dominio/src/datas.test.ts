import { describe, expect, it } from 'vitest';
import {
  dataMaisCedo,
  diaDaSemana,
  diasEntre,
  ehDataIso,
  FUSO_PADRAO,
  formatarDataBr,
  hojeNoFuso,
  instanteNoFuso,
  minutosDoDia,
  somarDias,
  somarMeses,
  somarMinutos,
} from './datas.ts';

// São Paulo kept daylight saving (-02:00) from 2018-11-04 00:00 (clocks jumped to 01:00) until
// 2019-02-17 00:00 (clocks went back to 23:00 of the 16th). A fixed -03:00 is an hour off then.

describe('hojeNoFuso', () => {
  it('is São Paulo by default and changes date at local midnight', () => {
    expect(FUSO_PADRAO).toBe('America/Sao_Paulo');
    expect(hojeNoFuso(new Date('2026-01-01T02:59:59Z'))).toBe('2025-12-31');
    expect(hojeNoFuso(new Date('2026-01-01T03:00:00Z'))).toBe('2026-01-01');
  });

  it('changes date at 02:00Z during daylight saving (2018-12-01 began at 02:00Z)', () => {
    expect(hojeNoFuso(new Date('2018-12-01T01:59:59Z'))).toBe('2018-11-30');
    expect(hojeNoFuso(new Date('2018-12-01T02:00:00Z'))).toBe('2018-12-01');
  });

  it('follows another zone', () => {
    const instante = new Date('2026-03-09T03:30:00Z');
    expect(hojeNoFuso(instante)).toBe('2026-03-09');
    expect(hojeNoFuso(instante, 'America/Manaus')).toBe('2026-03-08');
    expect(hojeNoFuso(new Date('2026-03-09T01:30:00Z'), 'America/Noronha')).toBe('2026-03-08');
    expect(hojeNoFuso(new Date('2026-03-09T02:00:00Z'), 'America/Noronha')).toBe('2026-03-09');
  });

  it("keeps a second's answer per zone, and a new second or zone asks again", () => {
    // The same second in two zones, then back: each zone's own date.
    const meiaNoite = new Date('2026-01-01T03:00:00.400Z');
    expect(hojeNoFuso(meiaNoite)).toBe('2026-01-01');
    expect(hojeNoFuso(meiaNoite, 'America/Manaus')).toBe('2025-12-31');
    expect(hojeNoFuso(new Date('2026-01-01T03:00:00.900Z'))).toBe('2026-01-01');
    // The millisecond before midnight is another second: never the kept answer.
    expect(hojeNoFuso(new Date('2026-01-01T02:59:59.999Z'))).toBe('2025-12-31');
    expect(hojeNoFuso(new Date('2026-01-01T03:00:00.000Z'))).toBe('2026-01-01');
    expect(hojeNoFuso(new Date('2026-01-01T03:59:59.999Z'), 'America/Manaus')).toBe('2025-12-31');
    expect(hojeNoFuso(new Date('2026-01-01T04:00:00.000Z'), 'America/Manaus')).toBe('2026-01-01');
  });
});

describe('instanteNoFuso', () => {
  it('is -03:00 in São Paulo today', () => {
    expect(instanteNoFuso('2026-03-09', 0)).toEqual(new Date('2026-03-09T03:00:00Z'));
    expect(instanteNoFuso('2026-03-09', 8 * 60)).toEqual(new Date('2026-03-09T11:00:00Z'));
  });

  it('puts 08:00 of 2018-11-05 at 10:00Z (São Paulo at -02:00), not 11:00Z', () => {
    expect(instanteNoFuso('2018-11-05', 8 * 60)).toEqual(new Date('2018-11-05T10:00:00Z'));
  });

  it('starts 2018-11-04 at 01:00 local (03:00Z): 00:00 did not exist, and the day before ends there', () => {
    const inicio = instanteNoFuso('2018-11-04', 0);
    expect(inicio).toEqual(new Date('2018-11-04T03:00:00Z'));
    expect(hojeNoFuso(inicio)).toBe('2018-11-04');
    expect(hojeNoFuso(new Date(inicio.getTime() - 1))).toBe('2018-11-03');
    // Wall-clock time on the short day: 08:00 is already -02:00.
    expect(instanteNoFuso('2018-11-04', 8 * 60)).toEqual(new Date('2018-11-04T10:00:00Z'));
  });

  it('gives the 25-hour day at the end of daylight saving (2019-02-16 02:00Z to 2019-02-17 03:00Z)', () => {
    expect(instanteNoFuso('2019-02-16', 0)).toEqual(new Date('2019-02-16T02:00:00Z'));
    expect(instanteNoFuso('2019-02-17', 0)).toEqual(new Date('2019-02-17T03:00:00Z'));
  });

  it('follows another zone', () => {
    expect(instanteNoFuso('2026-03-09', 8 * 60, 'America/Manaus')).toEqual(new Date('2026-03-09T12:00:00Z'));
    expect(instanteNoFuso('2026-03-09', 8 * 60, 'America/Noronha')).toEqual(new Date('2026-03-09T10:00:00Z'));
  });

  it('rolls minutes past midnight into the next day', () => {
    expect(instanteNoFuso('2026-01-31', 24 * 60)).toEqual(instanteNoFuso('2026-02-01', 0));
  });
});

describe('minutosDoDia', () => {
  it('reads the wall clock of the zone', () => {
    expect(minutosDoDia(new Date('2018-11-05T10:00:00Z'))).toBe(8 * 60);
    expect(minutosDoDia(new Date('2026-03-09T11:30:00Z'))).toBe(8 * 60 + 30);
    expect(minutosDoDia(new Date('2026-03-09T11:30:00Z'), 'America/Manaus')).toBe(7 * 60 + 30);
  });
});

describe('calendar arithmetic', () => {
  it('adds days and counts days across months, years and leap days', () => {
    expect(somarDias('2026-02-28', 1)).toBe('2026-03-01');
    expect(somarDias('2024-02-28', 1)).toBe('2024-02-29');
    expect(somarDias('2026-01-01', -1)).toBe('2025-12-31');
    expect(diasEntre('2026-01-01', '2026-03-01')).toBe(59);
    expect(diasEntre('2018-11-03', '2018-11-05')).toBe(2);
    expect(dataMaisCedo('2026-03-01', '2026-02-28')).toBe('2026-02-28');
  });

  it('names the weekday (0 = Sunday)', () => {
    expect(diaDaSemana('2018-11-04')).toBe(0);
    expect(diaDaSemana('2026-03-07')).toBe(6);
    expect(diaDaSemana('1969-12-31')).toBe(3);
  });

  it('gives the same answers when asked again (each date is kept) and none for what is not a date', () => {
    for (let vez = 0; vez < 2; vez++) {
      expect(diasEntre('1969-12-25', '1970-01-01')).toBe(7);
      expect(somarDias('1970-01-01', -1)).toBe('1969-12-31');
      expect(diasEntre('2026-12-01', 'amanhã')).toBeNaN();
      expect(() => somarDias('31/12/2026', 1)).toThrow(RangeError);
    }
  });

  it('adds minutes to an instant', () => {
    expect(somarMinutos(new Date('2026-03-09T23:30:00Z'), 45)).toEqual(new Date('2026-03-10T00:15:00Z'));
  });

  it('accepts only real ISO dates', () => {
    expect(ehDataIso('2024-02-29')).toBe(true);
    expect(ehDataIso('2026-02-29')).toBe(false);
    expect(ehDataIso('2026-13-01')).toBe(false);
    expect(ehDataIso('01/02/2026')).toBe(false);
  });

  it('formats dd/mm/aaaa without any zone shift', () => {
    expect(formatarDataBr('2026-12-31')).toBe('31/12/2026');
    expect(formatarDataBr('2026-12-31T23:30:00-03:00')).toBe('31/12/2026');
    expect(formatarDataBr('')).toBe('');
  });
});

describe('somarMeses', () => {
  it('keeps the day of the month', () => {
    expect(somarMeses('2026-01-15', 1)).toBe('2026-02-15');
    expect(somarMeses('2026-11-10', 3)).toBe('2027-02-10');
    expect(somarMeses('2026-05-20', 0)).toBe('2026-05-20');
  });

  it("takes a month's last day when the month lacks the day, without carrying it on", () => {
    expect(somarMeses('2026-01-31', 1)).toBe('2026-02-28');
    expect(somarMeses('2028-01-31', 1)).toBe('2028-02-29');
    expect(somarMeses('2026-01-31', 2)).toBe('2026-03-31');
    expect(somarMeses('2026-08-31', 1)).toBe('2026-09-30');
  });
});
