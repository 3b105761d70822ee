import { describe, expect, it } from 'vitest';
import { completarChaveNfe, dvChaveNfe, validarChaveNfe } from './chave-nfe.ts';

// The chaves of the four real files in apps/api/test/fixtures/nfe (copied from the design inputs' fixtures, see its README.md).
const CHAVES_REAIS = [
  '43180906929383000163550010000000261000010301',
  '26180875335849000115550010000016871192213331',
  '42211275277525000178550030000276771368212013',
  '35180834128745000152550010000474281920007498',
];

const trocarDigito = (chave: string, posicao: number): string => {
  const atual = Number(chave[posicao]);
  return `${chave.slice(0, posicao)}${(atual + 1) % 10}${chave.slice(posicao + 1)}`;
};

describe('dvChaveNfe', () => {
  it('computes the check digit of the NF-e manual example key', () => {
    expect(dvChaveNfe('5206043300991100250655012000000780026730161')).toBe(5);
  });

  it('gives 0 when 11 − rest is 10 or 11, and completes a key with its DV', () => {
    for (const chave of CHAVES_REAIS) expect(completarChaveNfe(chave.slice(0, 43))).toBe(chave);
    // 43 zeros: sum 0, 11 − 0 = 11 → 0.
    expect(dvChaveNfe('0'.repeat(43))).toBe(0);
  });
});

describe('validarChaveNfe', () => {
  it.each(CHAVES_REAIS)('accepts the real chave %s', (chave) => {
    expect(validarChaveNfe(chave)).toBe(true);
  });

  it('rejects a chave with one digit changed', () => {
    for (const chave of CHAVES_REAIS) {
      expect(validarChaveNfe(trocarDigito(chave, 30))).toBe(false);
      expect(validarChaveNfe(trocarDigito(chave, 43))).toBe(false);
    }
  });

  it('accepts a chave whose issuer is an alphanumeric CNPJ (PL_010), letters worth ASCII - 48', () => {
    // cUF 35, 2026-07, CNPJ 12ABC34501DE35 (the SERPRO example), mod 55, série 001, nNF 1, tpEmis 1.
    const base = '352607' + '12ABC34501DE35' + '55' + '001' + '000000001' + '1' + '12345678';
    expect(base).toHaveLength(43);
    const chave = `${base}${dvChaveNfe(base)}`;
    expect(validarChaveNfe(chave)).toBe(true);
    expect(validarChaveNfe(`${base}${(dvChaveNfe(base) + 1) % 10}`)).toBe(false);
  });

  it('gives the DV computed independently (python) for the alphanumeric example', () => {
    // Σ (ASCII - 48) × weights 2..9 from the right = 843; 843 mod 11 = 7; 11 - 7 = 4.
    const base = '352607' + '12ABC34501DE35' + '55' + '001' + '000000001' + '1' + '12345678';
    expect(dvChaveNfe(base)).toBe(4);
  });

  it('rejects letters outside the CNPJ positions, lower case, and wrong lengths', () => {
    const [chave = ''] = CHAVES_REAIS;
    expect(validarChaveNfe(`A${chave.slice(1)}`)).toBe(false);
    expect(validarChaveNfe(`${chave.slice(0, 20)}A${chave.slice(21)}`)).toBe(false);
    expect(validarChaveNfe(chave.slice(0, 43))).toBe(false);
    expect(validarChaveNfe(`${chave}0`)).toBe(false);
    expect(validarChaveNfe('')).toBe(false);
    const alfanumerica = `352607${'12abc34501de35'}55001000000001112345678`;
    expect(validarChaveNfe(`${alfanumerica}${dvChaveNfe(alfanumerica.toUpperCase())}`)).toBe(false);
  });
});
