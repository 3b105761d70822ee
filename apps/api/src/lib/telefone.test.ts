import { describe, expect, it } from 'vitest';
import { normalizarCelular } from './telefone.ts';

describe('normalizarCelular', () => {
  it.each([
    ['(11) 98765-4321', '+5511987654321'],
    ['11987654321', '+5511987654321'],
    ['11 9 8765 4321', '+5511987654321'],
    ['+55 (11) 98765-4321', '+5511987654321'],
    ['5511987654321', '+5511987654321'],
    ['011987654321', '+5511987654321'],
    ['21997900276', '+5521997900276'],
    // DDD 55 (RS) is not mistaken for the country code.
    ['(55) 99123-4567', '+5555991234567'],
    ['+55 55 99123-4567', '+5555991234567'],
  ])('%s → %s', (bruto, esperado) => {
    expect(normalizarCelular(bruto)).toBe(esperado);
  });

  it('adds the ninth digit to old 8-digit mobiles (NF-e and old spreadsheets)', () => {
    expect(normalizarCelular('5190909090')).toBe('+5551990909090');
    expect(normalizarCelular('(51) 9090-9090')).toBe('+5551990909090');
    expect(normalizarCelular('55 9123-4567')).toBe('+5555991234567');
  });

  it('keeps valid foreign mobiles written with their country code', () => {
    expect(normalizarCelular('+351 912 345 678')).toBe('+351912345678');
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['(11) 3333-4444', 'landline'],
    ['99999999', 'no area code'],
    ['(00) 98765-4321', 'invalid area code'],
    ['abc', 'not a number'],
    ['1198765432199999', 'too long'],
    ['+351 212 345 678', 'foreign landline'],
  ])('rejects %j (%s)', (bruto) => {
    expect(normalizarCelular(bruto)).toBeNull();
  });
});
