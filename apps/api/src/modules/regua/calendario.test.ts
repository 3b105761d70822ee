import { sistemaSettings } from '@cobranca/contracts';
import { instanteNoFuso } from '@cobranca/dominio';
import { describe, expect, it } from 'vitest';
import {
  dataDaEtapa,
  dentroDaJanela,
  ehDiaDeEnvio,
  horarioDoDia,
  type JanelaEnvio,
  proximaAbertura,
} from './calendario.ts';

// Reference calendar (2026): 03-06 Fri, 03-07 Sat, 03-08 Sun, 03-09 Mon; 04-03 Good Friday;
// 09-07 Mon (Independence); 11-20 Fri (Consciência Negra), 11-21 Sat, 11-23 Mon.

/** Mon–Fri 08:00–20:00, Sat 08:00–14:00, no Sundays, no national holidays. */
const PADRAO: JanelaEnvio = sistemaSettings.parse({}).janela_envio;
/** Sundays 09:00–13:00 and national holidays allowed. */
const COM_DOMINGO_E_FERIADOS: JanelaEnvio = {
  ...PADRAO,
  domingo: { inicio: '09:00', fim: '13:00' },
  feriados_nacionais: true,
};
const SEM_SABADO: JanelaEnvio = { ...PADRAO, sabado: null };

const as = (data: string, hhmm: string): Date =>
  instanteNoFuso(data, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)));

describe('horarioDoDia and ehDiaDeEnvio', () => {
  it.each([
    ['a weekday', '2026-03-09', PADRAO, { inicio: 480, fim: 1200 }],
    ['a Saturday', '2026-03-07', PADRAO, { inicio: 480, fim: 840 }],
    ['a Sunday', '2026-03-08', PADRAO, null],
    ['a weekday holiday (Consciência Negra)', '2026-11-20', PADRAO, null],
    ['Good Friday', '2026-04-03', PADRAO, null],
    ['a Saturday without Saturday hours', '2026-03-07', SEM_SABADO, null],
    ['a Sunday with Sunday hours', '2026-03-08', COM_DOMINGO_E_FERIADOS, { inicio: 540, fim: 780 }],
    [
      'a weekday holiday when holidays are allowed',
      '2026-11-20',
      COM_DOMINGO_E_FERIADOS,
      { inicio: 480, fim: 1200 },
    ],
  ])('gives %s (%s) the hours %j', (_caso, data, janela, horario) => {
    expect(horarioDoDia(data, janela)).toEqual(horario);
    expect(ehDiaDeEnvio(data, janela)).toBe(horario !== null);
  });
});

describe('dentroDaJanela', () => {
  it.each([
    ['Monday 07:59', '2026-03-09', '07:59', false],
    ['Monday 08:00', '2026-03-09', '08:00', true],
    ['Monday 12:00', '2026-03-09', '12:00', true],
    ['Monday 19:59', '2026-03-09', '19:59', true],
    ['Monday 20:00', '2026-03-09', '20:00', false],
    ['Monday 23:59', '2026-03-09', '23:59', false],
    ['Saturday 07:59', '2026-03-07', '07:59', false],
    ['Saturday 08:00', '2026-03-07', '08:00', true],
    ['Saturday 13:59', '2026-03-07', '13:59', true],
    ['Saturday 14:00', '2026-03-07', '14:00', false],
    ['Sunday 10:00', '2026-03-08', '10:00', false],
    ['holiday Friday 10:00', '2026-11-20', '10:00', false],
  ])('default window, %s: %s', (_caso, data, hora, dentro) => {
    expect(dentroDaJanela(as(data, hora), PADRAO)).toBe(dentro);
  });

  it.each([
    ['Sunday 08:59', '2026-03-08', '08:59', false],
    ['Sunday 09:00', '2026-03-08', '09:00', true],
    ['Sunday 12:59', '2026-03-08', '12:59', true],
    ['Sunday 13:00', '2026-03-08', '13:00', false],
    ['holiday Friday 10:00', '2026-11-20', '10:00', true],
  ])('Sunday hours and holidays allowed, %s: %s', (_caso, data, hora, dentro) => {
    expect(dentroDaJanela(as(data, hora), COM_DOMINGO_E_FERIADOS)).toBe(dentro);
  });

  // São Paulo is UTC−3: the UTC clock reading must not decide.
  it.each([
    ['2026-03-09T10:59:00Z', 'Monday 07:59 in São Paulo', false],
    ['2026-03-09T11:00:00Z', 'Monday 08:00 in São Paulo', true],
    ['2026-03-06T22:59:00Z', 'Friday 19:59 in São Paulo', true],
    ['2026-03-07T01:00:00Z', 'Friday 22:00 in São Paulo (Saturday in UTC)', false],
  ])('judges %s (%s) in São Paulo time: %s', (iso, _local, dentro) => {
    expect(dentroDaJanela(new Date(iso), PADRAO)).toBe(dentro);
  });
});

describe('proximaAbertura', () => {
  it.each([
    ['Monday 10:00', as('2026-03-09', '10:00')],
    ['Saturday 13:59', as('2026-03-07', '13:59')],
  ])('answers the same instant inside the window (%s)', (_caso, instante) => {
    expect(proximaAbertura(instante, PADRAO)).toEqual(instante);
  });

  it.each([
    ['Monday 06:30 → Monday 08:00', as('2026-03-09', '06:30'), as('2026-03-09', '08:00')],
    ['Friday 20:00 → Saturday 08:00', as('2026-03-06', '20:00'), as('2026-03-07', '08:00')],
    ['Friday 21:00 → Saturday 08:00', as('2026-03-06', '21:00'), as('2026-03-07', '08:00')],
    ['Saturday 14:00 → Monday 08:00', as('2026-03-07', '14:00'), as('2026-03-09', '08:00')],
    ['Saturday 15:00 → Monday 08:00', as('2026-03-07', '15:00'), as('2026-03-09', '08:00')],
    ['Sunday 10:00 → Monday 08:00', as('2026-03-08', '10:00'), as('2026-03-09', '08:00')],
    ['Good Friday 10:00 → Saturday 08:00', as('2026-04-03', '10:00'), as('2026-04-04', '08:00')],
    ['eve of a holiday 21:00 → the day after it', as('2026-11-19', '21:00'), as('2026-11-21', '08:00')],
    ['Saturday before a Monday holiday → Tuesday', as('2026-09-05', '15:00'), as('2026-09-08', '08:00')],
  ])('default window: %s', (_caso, instante, abertura) => {
    expect(proximaAbertura(instante, PADRAO)).toEqual(abertura);
  });

  it.each([
    ['Saturday 15:00 → Sunday 09:00', as('2026-03-07', '15:00'), as('2026-03-08', '09:00')],
    ['eve of a holiday 21:00 → the holiday 08:00', as('2026-11-19', '21:00'), as('2026-11-20', '08:00')],
  ])('Sunday hours and holidays allowed: %s', (_caso, instante, abertura) => {
    expect(proximaAbertura(instante, COM_DOMINGO_E_FERIADOS)).toEqual(abertura);
  });
});

describe('dataDaEtapa', () => {
  it.each([
    ['a reminder on a weekday stays', '2026-03-13', -3, PADRAO, '2026-03-10'],
    ['a reminder on a Saturday stays', '2026-03-10', -3, PADRAO, '2026-03-07'],
    ['a reminder on a Sunday moves to Saturday', '2026-03-11', -3, PADRAO, '2026-03-07'],
    [
      'a reminder on a Saturday moves to Friday without Saturday hours',
      '2026-03-10',
      -3,
      SEM_SABADO,
      '2026-03-06',
    ],
    ['a reminder on a Monday holiday skips Sunday to Saturday', '2026-09-10', -3, PADRAO, '2026-09-05'],
    [
      'a reminder on a Sunday stays with Sunday hours',
      '2026-03-11',
      -3,
      COM_DOMINGO_E_FERIADOS,
      '2026-03-08',
    ],
    ['the due day on a weekday stays', '2026-03-13', 0, PADRAO, '2026-03-13'],
    ['the due day on a holiday moves to the next sending day', '2026-11-20', 0, PADRAO, '2026-11-21'],
    ['the due day on Tiradentes moves to Wednesday', '2026-04-21', 0, PADRAO, '2026-04-22'],
    ['the due day on a Sunday moves to Monday', '2026-03-08', 0, PADRAO, '2026-03-09'],
    [
      'the due day on a holiday stays when holidays are allowed',
      '2026-11-20',
      0,
      COM_DOMINGO_E_FERIADOS,
      '2026-11-20',
    ],
    ['an overdue step on a Sunday moves to Monday', '2026-03-12', 3, PADRAO, '2026-03-16'],
    ['an overdue step on a Sunday before a holiday moves to Tuesday', '2026-09-03', 3, PADRAO, '2026-09-08'],
    ['an overdue step on a Saturday stays', '2026-03-06', 15, PADRAO, '2026-03-21'],
  ])('%s (due %s, step %i)', (_caso, vencimento, dias, janela, data) => {
    expect(dataDaEtapa(vencimento, dias, janela)).toBe(data);
  });
});

// São Paulo was at -02:00 from 2018-11-04 to 2019-02-16; a fixed -03:00 puts the window an hour late.
describe('sending window with daylight saving and another configured zone', () => {
  it('opens at 08:00 local = 10:00Z on 2018-11-05 (São Paulo at -02:00)', () => {
    expect(dentroDaJanela(new Date('2018-11-05T09:59:00Z'), PADRAO)).toBe(false);
    expect(dentroDaJanela(new Date('2018-11-05T10:00:00Z'), PADRAO)).toBe(true);
    expect(dentroDaJanela(new Date('2018-11-05T21:59:00Z'), PADRAO)).toBe(true);
    expect(dentroDaJanela(new Date('2018-11-05T22:00:00Z'), PADRAO)).toBe(false);
    expect(proximaAbertura(new Date('2018-11-05T05:00:00Z'), PADRAO)).toEqual(
      new Date('2018-11-05T10:00:00Z'),
    );
  });

  it('opens on the DST-start Monday after a Sunday that began at 01:00 local', () => {
    // 2018-11-04 (Sun) had no 00:00–00:59; Saturday's window closed at 14:00 -03:00.
    expect(proximaAbertura(new Date('2018-11-03T17:00:00Z'), PADRAO)).toEqual(
      new Date('2018-11-05T10:00:00Z'),
    );
  });

  it('follows the configured zone: 08:00 in Manaus is 12:00Z, in Noronha 10:00Z', () => {
    const segunda = '2026-03-09';
    expect(dentroDaJanela(new Date(`${segunda}T11:59:00Z`), PADRAO, 'America/Manaus')).toBe(false);
    expect(dentroDaJanela(new Date(`${segunda}T12:00:00Z`), PADRAO, 'America/Manaus')).toBe(true);
    expect(dentroDaJanela(new Date(`${segunda}T10:00:00Z`), PADRAO, 'America/Noronha')).toBe(true);
    expect(proximaAbertura(new Date(`${segunda}T09:00:00Z`), PADRAO, 'America/Manaus')).toEqual(
      new Date(`${segunda}T12:00:00Z`),
    );
  });

  it('closes Saturday at 14:00 of the configured zone: 17:30Z is 13:30 in Manaus, 14:30 in São Paulo', () => {
    expect(dentroDaJanela(new Date('2026-03-07T17:30:00Z'), PADRAO, 'America/Manaus')).toBe(true);
    expect(dentroDaJanela(new Date('2026-03-07T17:30:00Z'), PADRAO)).toBe(false);
  });
});
