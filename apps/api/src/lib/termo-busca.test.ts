import { describe, expect, it } from 'vitest';
import { termoBusca } from './termo-busca.ts';

describe('termoBusca', () => {
  it('lower-cases and strips accents from the name', () => {
    expect(termoBusca('João Conceição Araújo', '52998224725')).toBe('joao conceicao araujo 52998224725');
  });

  it('keeps company punctuation but not the cedilla or tilde', () => {
    expect(termoBusca('Padaria Pão Dourado Ltda', '11222333000181')).toBe(
      'padaria pao dourado ltda 11222333000181',
    );
  });

  it('lower-cases an alphanumeric CNPJ and collapses extra spaces', () => {
    expect(termoBusca('  Açougue   São Jorge ', '12ABC34501DE35')).toBe('acougue sao jorge 12abc34501de35');
  });
});
