import { describe, expect, it } from 'vitest';
import { criarRelogioManual } from '../../lib/relogio.ts';
import { ATRASO_TOLERADO_MS, criarLimitadorDeslizante, intervaloEntreEnviosMs } from './vazao.ts';

describe('intervaloEntreEnviosMs', () => {
  it('paces a little under the allowance (97 %)', () => {
    expect(1000 / intervaloEntreEnviosMs(80)).toBeCloseTo(77.67, 1);
    expect(1000 / intervaloEntreEnviosMs(80)).toBeLessThan(80);
  });
});

/** The most sends in any window (t − 1000, t], as the channel counts them. */
const maximoEmUmSegundo = (instantes: number[]): number => {
  const ordenados = [...instantes].sort((a, b) => a - b);
  let maximo = 0;
  let inicio = 0;
  ordenados.forEach((t, fim) => {
    while ((ordenados[inicio] ?? 0) <= t - 1000) inicio += 1;
    maximo = Math.max(maximo, fim - inicio + 1);
  });
  return maximo;
};

describe('ATRASO_TOLERADO_MS', () => {
  it.each([1, 7, 20, 80, 333])(
    'at %i msg/s, sends each as late as tolerated plus as much again on the way never exceed the allowance',
    (porSegundo) => {
      const intervalo = intervaloEntreEnviosMs(porSegundo);
      const slots = Array.from({ length: 3 * porSegundo + 1 }, (_, k) => k * intervalo);
      // The worst case: every send before some point as late as can be, the rest on time.
      for (let corte = 0; corte <= slots.length; corte += Math.max(1, Math.floor(porSegundo / 10))) {
        const chegadas = slots.map((s, k) => (k < corte ? s + 2 * ATRASO_TOLERADO_MS : s));
        expect(maximoEmUmSegundo(chegadas)).toBeLessThanOrEqual(porSegundo);
      }
    },
  );

  it('is more than half a slot at the default 80 msg/s (the earlier rule, which wasted slots)', () => {
    expect(ATRASO_TOLERADO_MS).toBeGreaterThan(intervaloEntreEnviosMs(80) / 2);
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
