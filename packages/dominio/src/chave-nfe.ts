import { digitoModulo11, somaPonderada } from './modulo11.ts';

// The access key (chave de acesso) of an NF-e: cUF(2) AAMM(4) CNPJ/CPF of the issuer(14) mod(2)
// serie(3) nNF(9) tpEmis(1) cNF(8) cDV(1). Layout PL_010 lets the CNPJ part hold letters
// (alphanumeric CNPJ, upper case).

/** The key's layout; also the database's CHECK on contas_receber.chave_nfe (same text). */
export const FORMATO_CHAVE_NFE = '^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$';
const CHAVE_RE = new RegExp(FORMATO_CHAVE_NFE);

// Weights 2..9 cycling from the right over the 43 characters before the DV.
const pesosDaDireita = (tamanho: number): number[] =>
  Array.from({ length: tamanho }, (_, i) => 2 + ((tamanho - 1 - i) % 8));

/**
 * Mod-11 check digit over the first 43 characters: weights 2..9 cycling from the right, each
 * character worth its ASCII code minus 48 (the CNPJ rule, so 'A' = 17), 0 when 11 − rest ≥ 10.
 */
export const dvChaveNfe = (base43: string): number =>
  digitoModulo11(somaPonderada(base43, pesosDaDireita(base43.length)));

/** The 43 characters before the DV, completed with it. */
export const completarChaveNfe = (base43: string): string => `${base43}${dvChaveNfe(base43)}`;

/** 44 chars `[0-9]{6}[0-9A-Z]{12}[0-9]{26}` whose last digit is the mod-11 DV of the other 43. */
export const validarChaveNfe = (chave: string): boolean =>
  CHAVE_RE.test(chave) && completarChaveNfe(chave.slice(0, 43)) === chave;
