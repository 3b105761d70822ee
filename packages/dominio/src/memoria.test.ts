import { describe, expect, it } from 'vitest';
import { memoriaLimitada } from './memoria.ts';

describe('memoriaLimitada', () => {
  it('computes each key once, and forgets everything past its bound', () => {
    const lembrar = memoriaLimitada<string>(2);
    let calculos = 0;
    const dobro = (chave: string) =>
      lembrar(chave, () => {
        calculos += 1;
        return chave + chave;
      });
    expect([dobro('a'), dobro('b'), dobro('a'), dobro('b')]).toEqual(['aa', 'bb', 'aa', 'bb']);
    expect(calculos).toBe(2);
    // A third key finds it full: all forgotten, then the third kept.
    expect(dobro('c')).toBe('cc');
    expect(dobro('c')).toBe('cc');
    expect(calculos).toBe(3);
    expect(dobro('a')).toBe('aa');
    expect(calculos).toBe(4);
  });
});
