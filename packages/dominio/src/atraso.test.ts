import { describe, expect, it } from 'vitest';
import {
  diasDeAtraso,
  estaPrescrita,
  ultimoDiaCobravel,
  ultimoVencimentoComAtraso,
  vencimentoEfetivo,
  vencimentoMaisAntigoCobravel,
} from './atraso.ts';
import { somarDias } from './datas.ts';

describe('diasDeAtraso', () => {
  it('counts from the next business day when the due date is not one (issue 31: Saturday 21/11)', () => {
    expect(vencimentoEfetivo('2026-11-21')).toBe('2026-11-23');
    expect(diasDeAtraso('2026-11-21', '2026-11-27')).toBe(4);
    expect(diasDeAtraso('2026-11-21', '2026-11-23')).toBe(0);
  });

  it('skips national holidays and is 0 before the due date', () => {
    // Good Friday 18/04/2025, the weekend and Tiradentes on Monday 21.
    expect(diasDeAtraso('2025-04-18', '2025-04-22')).toBe(0);
    expect(diasDeAtraso('2025-04-18', '2025-04-23')).toBe(1);
    expect(diasDeAtraso('2026-03-10', '2026-03-09')).toBe(0);
    expect(diasDeAtraso('2026-03-10', '2026-03-11')).toBe(1);
  });
});

describe('ultimoVencimentoComAtraso', () => {
  it('is the exact bound of "at least N days overdue", around holidays and weekends', () => {
    for (let hoje = '2025-03-01'; hoje <= '2026-02-28'; hoje = somarDias(hoje, 1))
      for (const dias of [1, 2, 3, 31, 61, 91]) {
        const limite = ultimoVencimentoComAtraso(hoje, dias);
        expect(diasDeAtraso(limite, hoje), `${hoje} ${dias}`).toBeGreaterThanOrEqual(dias);
        expect(diasDeAtraso(somarDias(limite, 1), hoje), `${hoje} ${dias}`).toBeLessThan(dias);
      }
  });
});

describe('prescription (Código Civil art. 206 §5 I)', () => {
  it('prescribes the day after the fifth anniversary of the due date', () => {
    expect(ultimoDiaCobravel('2018-05-10')).toBe('2023-05-10');
    expect(estaPrescrita('2018-05-10', '2023-05-10')).toBe(false);
    expect(estaPrescrita('2018-05-10', '2023-05-11')).toBe(true);
  });

  it('takes 01/03 for a 29/02 due date five years on (art. 132 §3)', () => {
    expect(ultimoDiaCobravel('2020-02-29')).toBe('2025-03-01');
    expect(estaPrescrita('2020-02-29', '2025-03-01')).toBe(false);
    expect(estaPrescrita('2020-02-29', '2025-03-02')).toBe(true);
  });

  it('gives the earliest collectable due date, the exact bound of estaPrescrita', () => {
    for (let hoje = '2023-01-01'; hoje <= '2030-12-31'; hoje = somarDias(hoje, 1)) {
      const limite = vencimentoMaisAntigoCobravel(hoje);
      expect(estaPrescrita(limite, hoje), hoje).toBe(false);
      expect(estaPrescrita(somarDias(limite, -1), hoje), hoje).toBe(true);
    }
  });
});
