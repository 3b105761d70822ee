// Money is integer cents (docs/produto.md §17); the wire carries reais with two decimals. Integer
// arithmetic only, so a sum of cents never picks up binary-float noise.

/** Reais from the wire (at most two decimals, checked by the contract) → exact integer cents. */
export const reaisParaCentavos = (reais: number): number => Math.round(reais * 100);

/** Integer cents → reais for the wire (two decimals). */
export const centavosParaReais = (centavos: number): number => Math.round(centavos) / 100;

/** `R$ 1.234,56` (or `-R$ 1.234,56`) from integer cents. */
export const formatarReais = (centavos: number): string => {
  const sinal = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  const reais = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sinal}R$ ${reais},${String(abs % 100).padStart(2, '0')}`;
};
