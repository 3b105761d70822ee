import { describe, expect, it } from 'vitest';
import { padroesBusca, telefonesBusca } from './clientes-busca.ts';

describe('padroesBusca', () => {
  it('normalises like termo_busca: lower-case, no accents, single spaces', () => {
    expect(padroesBusca('  JOÃO   da  Conceição ')).toEqual(['%joao da conceicao%']);
  });

  it('adds the bare digits of a formatted CPF or CNPJ', () => {
    expect(padroesBusca('529.982.247-25')).toEqual(['%529.982.247-25%', '%52998224725%']);
    expect(padroesBusca('11.222.333/0001-81')).toEqual(['%11.222.333/0001-81%', '%11222333000181%']);
  });

  it('does not repeat a search that is already only digits', () => {
    expect(padroesBusca('52998')).toEqual(['%52998%']);
  });

  it('keeps digits inside a name search as text (no document variant)', () => {
    expect(padroesBusca('Loja 100')).toEqual(['%loja 100%']);
  });

  it('escapes LIKE wildcards and the escape character itself', () => {
    expect(padroesBusca('100%')).toEqual(['%100\\%%']);
    expect(padroesBusca('a_b')).toEqual(['%a\\_b%']);
  });

  it('turns control characters (NUL included) into spaces', () => {
    expect(padroesBusca('a\u0000b\tc')).toEqual(['%a b c%']);
  });

  it('gives no pattern for a search that normalises to nothing', () => {
    expect(padroesBusca('   ')).toEqual([]);
    expect(padroesBusca('\u0301')).toEqual([]);
  });
});

describe('telefonesBusca', () => {
  it('reads a typed phone as its bare digits, plus the E.164 number', () => {
    expect(telefonesBusca('(11) 98765-4321')).toEqual({ contem: '%11987654321%', exato: '+5511987654321' });
    expect(telefonesBusca('11987654321')).toEqual({ contem: '%11987654321%', exato: '+5511987654321' });
    expect(telefonesBusca('+55 11 98765-4321')).toEqual({
      contem: '%5511987654321%',
      exato: '+5511987654321',
    });
  });

  it('gives an old 8-digit mobile its 9 for the exact match', () => {
    expect(telefonesBusca('(11) 8765-4321')?.exato).toBe('+5511987654321');
  });

  it('is no phone search for names, short numbers or a part of a number that is no phone', () => {
    expect(telefonesBusca('Maria')).toBeNull();
    expect(telefonesBusca('Loja 12345678')).toBeNull();
    expect(telefonesBusca('4321')).toBeNull();
    expect(telefonesBusca('98765-4321')).toEqual({ contem: '%987654321%', exato: null });
  });
});
