// pt-BR wording of counts and percentages, shared by the API (messages, errors) and the web (screens),
// so no text says "1 fatura(s)" or mixes "14,4 %" with "57,7%" (issue 17).

const regras = new Intl.PluralRules('pt-BR');
const inteiro = new Intl.NumberFormat('pt-BR');
// Intl's percent style takes a fraction (0.144 → "14,4%"); one decimal at most, none when it is whole.
const percentual = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });

/**
 * The word that agrees with `n`, by the pt-BR plural rules (CLDR: below 2 is singular, "1,5 milhão").
 * Exactly zero takes the plural, like ICU's `=0` case: screens say "0 clientes atualizados", the
 * everyday form, where CLDR's rule gives the formal "0 cliente atualizado".
 */
export const plural = (n: number, um: string, varios: string): string =>
  n !== 0 && regras.select(n) === 'one' ? um : varios;

/** `1 fatura`, `18 faturas`, `1.234 faturas`: the number in pt-BR and the word that agrees with it. */
export const contagem = (n: number, um: string, varios: string): string =>
  `${inteiro.format(n)} ${plural(n, um, varios)}`;

/** A percentage on the 0–100 scale (as the API sends it) → `14,4%`, `50%`, `0%`. */
export const formatarPercentual = (pontos: number): string => percentual.format(pontos / 100);
