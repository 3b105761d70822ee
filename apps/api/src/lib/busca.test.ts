import { describe, expect, it } from 'vitest';
import { escaparLike, normalizarBusca, padraoContem, termoBusca } from './busca.ts';

describe('normalizarBusca', () => {
  it('lower-cases, strips accents and collapses spaces', () => {
    expect(normalizarBusca('  JOÃO   Conceição Araújo ')).toBe('joao conceicao araujo');
  });

  it('turns control characters, NUL included, into spaces', () => {
    expect(normalizarBusca('a\u0000b\tc')).toBe('a b c');
  });
});

describe('termoBusca', () => {
  it('joins name and document, normalised', () => {
    expect(termoBusca('João Conceição Araújo', '52998224725')).toBe('joao conceicao araujo 52998224725');
    expect(termoBusca('Padaria Pão Dourado Ltda', '11222333000181')).toBe(
      'padaria pao dourado ltda 11222333000181',
    );
  });

  it('lower-cases an alphanumeric CNPJ and collapses extra spaces', () => {
    expect(termoBusca('  Açougue   São Jorge ', '12ABC34501DE35')).toBe('acougue sao jorge 12abc34501de35');
  });
});

describe('LIKE patterns', () => {
  it('escapes wildcards and the escape character', () => {
    expect(escaparLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });

  it('wraps the normalised term, or gives no pattern for blank input', () => {
    expect(padraoContem('João')).toBe('%joao%');
    expect(padraoContem('  \u0000 ')).toBeNull();
  });
});
