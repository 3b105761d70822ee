import { describe, expect, it } from 'vitest';
import { atrasoDaTentativa } from './tentativas.ts';

const SEGUNDO = 1000;
const HORA = 3_600_000;
/** The largest draw Math.random can give. */
const QUASE_UM = 1 - Number.EPSILON;

describe('atrasoDaTentativa', () => {
  it.each([
    [1, 30 * SEGUNDO],
    [2, 60 * SEGUNDO],
    [3, 120 * SEGUNDO],
    [4, 240 * SEGUNDO],
    [5, 480 * SEGUNDO],
    [6, 960 * SEGUNDO],
    [7, 1920 * SEGUNDO],
    [8, HORA],
    [9, HORA],
    [50, HORA],
    [2000, HORA],
  ])('waits the full cap of attempt %i (%i ms) at draw ~1 and half of it at draw 0', (tentativa, teto) => {
    expect(atrasoDaTentativa(tentativa, () => QUASE_UM)).toBe(teto);
    expect(atrasoDaTentativa(tentativa, () => 0)).toBe(teto / 2);
  });

  it('treats attempt 0 like the first one', () => {
    expect(atrasoDaTentativa(0, () => QUASE_UM)).toBe(30 * SEGUNDO);
  });

  it.each([
    [0.5, 1, 22_500],
    [0.5, 8, 2_700_000],
    [0.25, 3, 75_000],
  ])('scales by 50 % + half the draw (draw %f, attempt %i → %i ms)', (sorteio, tentativa, atraso) => {
    expect(atrasoDaTentativa(tentativa, () => sorteio)).toBe(atraso);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8, 12])(
    'stays within half and all of the cap for random draws (attempt %i)',
    (tentativa) => {
      const teto = Math.min(HORA, 30 * SEGUNDO * 2 ** (tentativa - 1));
      for (let i = 0; i < 200; i += 1) {
        const atraso = atrasoDaTentativa(tentativa);
        expect(atraso).toBeGreaterThanOrEqual(teto / 2);
        expect(atraso).toBeLessThanOrEqual(teto);
        expect(Number.isInteger(atraso)).toBe(true);
      }
    },
  );
});
