import { describe, expect, it } from 'vitest';
import { variantesCelular } from './celular-br.ts';

describe('variantesCelular', () => {
  it('pairs a 9-digit mobile with its old 8-digit form', () => {
    expect(variantesCelular('+5511987654321')).toEqual(['+5511987654321', '+551187654321']);
  });

  it('pairs an old 8-digit mobile with its 9-digit form', () => {
    expect(variantesCelular('+551187654321')).toEqual(['+551187654321', '+5511987654321']);
  });

  it.each([
    ['a landline', '+551133334444'],
    ['a foreign number', '+351912345678'],
    ['a number that is not E.164', '5511987654321'],
  ])('has no twin for %s', (_caso, telefone) => {
    expect(variantesCelular(telefone)).toEqual([telefone]);
  });
});
