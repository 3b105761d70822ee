import { describe, expect, it } from 'vitest';
import { criarContadorFalhas } from './falhas-login.ts';

const MINUTO = 60_000;
const relogio = (inicio = 1_000_000) => {
  let agora = inicio;
  return { agora: () => agora, avancar: (ms: number) => (agora += ms) };
};

describe('criarContadorFalhas', () => {
  it('refuses from the max-th failure on, for the rest of the window, then lets the key try again', () => {
    const r = relogio();
    const contador = criarContadorFalhas({ max: 3, windowMs: 15 * MINUTO }, r.agora);
    contador.registrarFalha('a');
    contador.registrarFalha('a');
    expect(contador.esperaSegundos('a')).toBe(0);
    contador.registrarFalha('a');
    expect(contador.esperaSegundos('a')).toBe(900);
    expect(contador.esperaSegundos('b')).toBe(0);
    r.avancar(10 * MINUTO + 500);
    expect(contador.esperaSegundos('a')).toBe(300);
    r.avancar(5 * MINUTO);
    expect(contador.esperaSegundos('a')).toBe(0);
    contador.registrarFalha('a');
    expect(contador.esperaSegundos('a')).toBe(0);
  });

  it('takes a failure back once, forgets a window left empty, and leaves a newer window alone', () => {
    const r = relogio();
    const contador = criarContadorFalhas({ max: 2, windowMs: MINUTO }, r.agora);
    contador.registrarFalha('a');
    const desfazer = contador.registrarFalha('a');
    expect(contador.esperaSegundos('a')).toBe(60);
    desfazer();
    desfazer();
    expect(contador.esperaSegundos('a')).toBe(0);
    contador.registrarFalha('a');
    expect(contador.esperaSegundos('a')).toBe(60);

    contador.registrarFalha('c')();
    expect(contador.tamanho()).toBe(1);
    r.avancar(30_000);
    contador.registrarFalha('c');
    contador.registrarFalha('c');
    expect(contador.esperaSegundos('c')).toBe(60);

    const antiga = contador.registrarFalha('b');
    r.avancar(MINUTO);
    contador.registrarFalha('b');
    contador.registrarFalha('b');
    antiga();
    expect(contador.esperaSegundos('b')).toBe(60);
  });

  it('keeps memory bounded: expired windows go as new keys arrive, and past the cap the oldest go', () => {
    const r = relogio();
    const contador = criarContadorFalhas({ max: 1, windowMs: MINUTO }, r.agora, 3);
    for (const chave of ['a', 'b', 'c']) {
      contador.registrarFalha(chave);
      r.avancar(1_000);
    }
    contador.registrarFalha('d');
    expect(contador.tamanho()).toBe(3);
    expect(contador.esperaSegundos('a')).toBe(0);
    expect(contador.esperaSegundos('b')).toBeGreaterThan(0);
    expect(contador.esperaSegundos('d')).toBe(60);

    r.avancar(MINUTO);
    contador.registrarFalha('e');
    expect(contador.tamanho()).toBe(1);
  });

  it('stays fast when an attacker fills it with live keys', () => {
    const contador = criarContadorFalhas({ max: 10, windowMs: 15 * MINUTO }, () => 0, 10_000);
    const inicio = performance.now();
    for (let i = 0; i < 30_000; i++) contador.registrarFalha(`alvo${i}@exemplo.com`);
    expect(contador.tamanho()).toBe(10_000);
    expect(performance.now() - inicio).toBeLessThan(2_000);
  });
});
