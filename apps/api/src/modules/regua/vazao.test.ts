import { describe, expect, it } from 'vitest';
import { criarRelogioManual } from '../../lib/relogio.ts';
import { criarLimitadorDeslizante, intervaloEntreEnviosMs } from './vazao.ts';

describe('intervaloEntreEnviosMs', () => {
  it('paces a little under the allowance (97 %)', () => {
    expect(1000 / intervaloEntreEnviosMs(80)).toBeCloseTo(77.67, 1);
    expect(1000 / intervaloEntreEnviosMs(80)).toBeLessThan(80);
  });
});

describe('criarLimitadorDeslizante', () => {
  it('lets `porSegundo` sends through at once, then holds each next one until a second has passed', async () => {
    const relogio = criarRelogioManual(new Date('2026-12-15T12:00:00Z'));
    const inicio = relogio.agora().getTime();
    const aguardarVez = criarLimitadorDeslizante(relogio, 2);
    const momentos: number[] = [];
    await Promise.all(
      Array.from({ length: 5 }, () =>
        aguardarVez().then(() => momentos.push(relogio.agora().getTime() - inicio)),
      ),
    );
    expect(momentos).toEqual([0, 0, 1025, 1025, 2050]);
  });

  it('does not hold sends that are already spread out', async () => {
    const relogio = criarRelogioManual(new Date('2026-12-15T12:00:00Z'));
    const aguardarVez = criarLimitadorDeslizante(relogio, 2);
    for (let i = 0; i < 4; i += 1) {
      const antes = relogio.agora().getTime();
      await aguardarVez();
      expect(relogio.agora().getTime()).toBe(antes);
      relogio.avancar(600);
    }
  });
});
