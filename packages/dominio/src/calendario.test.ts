import { describe, expect, it } from 'vitest';
import { ehDiaUtil, ehFeriadoNacional, feriadosNacionais, pascoa, proximoDiaUtil } from './calendario.ts';
import { somarDias } from './datas.ts';

// Reference calendar (2026): 03-06 Fri, 03-07 Sat, 03-08 Sun, 03-09 Mon; 04-03 Good Friday;
// 09-07 Mon (Independence); 11-20 Fri (Consciência Negra), 11-21 Sat, 11-23 Mon.

describe('pascoa', () => {
  it.each([
    [2000, '2000-04-23'],
    [2008, '2008-03-23'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2030, '2030-04-21'],
    [2038, '2038-04-25'],
  ])('puts Easter Sunday of %i on %s', (ano, data) => {
    expect(pascoa(ano)).toBe(data);
  });
});

describe('feriadosNacionais', () => {
  it('lists the nine fixed holidays and Good Friday of 2026', () => {
    expect(feriadosNacionais(2026)).toEqual(
      new Set([
        '2026-01-01',
        '2026-04-03',
        '2026-04-21',
        '2026-05-01',
        '2026-09-07',
        '2026-10-12',
        '2026-11-02',
        '2026-11-15',
        '2026-11-20',
        '2026-12-25',
      ]),
    );
  });

  it.each([
    ['Good Friday', '2026-04-03', true],
    ['Consciência Negra', '2026-11-20', true],
    ['Tiradentes', '2026-04-21', true],
    ['Good Friday 2030 (Easter on Tiradentes)', '2030-04-19', true],
    ['Carnival Monday', '2026-02-16', false],
    ['Carnival Tuesday', '2026-02-17', false],
    ['Ash Wednesday', '2026-02-18', false],
    ['Corpus Christi', '2026-06-04', false],
    ['Easter Sunday', '2026-04-05', false],
    ['an ordinary Monday', '2026-03-09', false],
  ])('%s (%s) is a national holiday: %s', (_nome, data, feriado) => {
    expect(ehFeriadoNacional(data)).toBe(feriado);
  });
});
describe('proximoDiaUtil', () => {
  it.each([
    ['a Monday stays', '2026-03-09', '2026-03-09'],
    ['a Saturday moves to Monday', '2026-03-07', '2026-03-09'],
    ['a Sunday moves to Monday', '2026-03-08', '2026-03-09'],
    ['Good Friday moves over the weekend', '2026-04-03', '2026-04-06'],
    ['Consciência Negra (Friday) moves to Monday', '2026-11-20', '2026-11-23'],
    ['Christmas 2027 (Saturday) moves to Monday', '2027-12-25', '2027-12-27'],
    ['New Year 2028 (Saturday) moves to Monday the 3rd', '2028-01-01', '2028-01-03'],
  ])('%s (%s → %s)', (_caso, data, esperado) => {
    expect(proximoDiaUtil(data)).toBe(esperado);
    expect(ehDiaUtil(esperado)).toBe(true);
  });

  it('keeps answering right after more distinct dates than it remembers (the bounded cache)', () => {
    const dias = Array.from({ length: 25_000 }, (_, i) => somarDias('1990-01-01', i));
    const primeira = dias.map(proximoDiaUtil);
    expect(dias.map(proximoDiaUtil)).toEqual(primeira);
    expect(primeira.every(ehDiaUtil)).toBe(true);
    expect(proximoDiaUtil('2026-03-07')).toBe('2026-03-09');
  });

  it('a business day is only Monday to Friday outside the holidays', () => {
    expect(ehDiaUtil('2026-03-06')).toBe(true);
    expect(ehDiaUtil('2026-03-07')).toBe(false);
    expect(ehDiaUtil('2026-09-07')).toBe(false);
  });
});
