// The mod-11 check digit the Receita Federal uses for the CPF, the CNPJ (numeric and alphanumeric) and
// the NF-e access key. Internal to this package: the public rules are in documentos.ts and chave-nfe.ts.

/** '0'..'9' → 0..9 and 'A'..'Z' → 17..42: the Receita's rule (ASCII code minus 48). */
export const valorCaractere = (char: string): number => char.charCodeAt(0) - 48;

/** Σ value × weight, the weights aligned with the characters from the left. */
export const somaPonderada = (chars: string, pesos: readonly number[]): number =>
  pesos.reduce((soma, peso, i) => soma + valorCaractere(chars[i] ?? '0') * peso, 0);

/** DV = 11 − (sum mod 11), and 0 when that gives 10 or 11. */
export const digitoModulo11 = (soma: number): number => {
  const resto = 11 - (soma % 11);
  return resto >= 10 ? 0 : resto;
};
