// Chave de acesso of an NF-e: cUF(2) AAMM(4) CNPJ/CPF of the issuer(14) mod(2) serie(3) nNF(9)
// tpEmis(1) cNF(8) cDV(1). Layout PL_010 lets the CNPJ part hold letters (alphanumeric CNPJ).

const CHAVE_RE = /^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/;

/**
 * Mod-11 check digit over the first 43 characters: weights 2..9 cycling from the right, each
 * character worth its ASCII code minus 48 (the CNPJ rule, so 'A' = 17), 0 when 11 - rest >= 10.
 */
export const calcularDvChaveAcesso = (base43: string): number => {
  let soma = 0;
  for (let i = 0; i < base43.length; i += 1) {
    const peso = 2 + ((base43.length - 1 - i) % 8);
    soma += (base43.charCodeAt(i) - 48) * peso;
  }
  const dv = 11 - (soma % 11);
  return dv >= 10 ? 0 : dv;
};

/** 44 chars `[0-9]{6}[0-9A-Z]{12}[0-9]{26}` whose last digit is the mod-11 DV of the other 43. */
export const validarChaveAcesso = (chave: string): boolean =>
  CHAVE_RE.test(chave) && String(calcularDvChaveAcesso(chave.slice(0, 43))) === chave.slice(43);
