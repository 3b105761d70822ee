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

/** Reais from the wire (two decimals) → `R$ 1.234,56`: what screens show of a `valor` or `saldo`. */
export const formatarValorEmReais = (reais: number): string => formatarReais(reaisParaCentavos(reais));

/**
 * What a person types as money in Brazil (`1.234,56`, `100,5`, `R$ 100`, or `100.50`) → integer cents;
 * null when it is not an amount of at most two decimals. A comma is always the decimal mark; without
 * one, a dot followed by 1–2 final digits is too, any other dot separates thousands.
 */
export const lerReais = (texto: string): number | null => {
  const limpo = texto.replace(/[R$\s]/g, '');
  const normal = limpo.includes(',')
    ? limpo.replace(/\./g, '').replace(',', '.')
    : /^\d+\.\d{1,2}$/.test(limpo)
      ? limpo
      : limpo.replace(/\./g, '');
  const partes = /^(\d+)(?:\.(\d{1,2}))?$/.exec(normal);
  if (!partes) return null;
  return Number(partes[1]) * 100 + Number((partes[2] ?? '').padEnd(2, '0'));
};
