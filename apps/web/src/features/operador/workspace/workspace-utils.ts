import { hojeNoFuso } from '@cobranca/dominio';

/** Today's business date (`YYYY-MM-DD`) in America/Sao_Paulo (docs/produto.md §17). */
export const hoje = (): string => hojeNoFuso(new Date());

/**
 * What a person types as money in Brazil (`1.234,56`, `100,5`, `100`, or `100.50`) → reais, or NaN.
 * A comma is always the decimal mark; without one, a dot followed by 1–2 final digits is too.
 */
export const parseReais = (texto: string): number => {
  const limpo = texto.replace(/[R$\s]/g, '');
  if (!limpo) return Number.NaN;
  const normal = limpo.includes(',')
    ? limpo.replace(/\./g, '').replace(',', '.')
    : /^\d+\.\d{1,2}$/.test(limpo)
      ? limpo
      : limpo.replace(/\./g, '');
  return /^\d+(\.\d+)?$/.test(normal) ? Number(normal) : Number.NaN;
};

/** Reais → the text a money field shows (`1234,5` → `1234,50`). */
export const reaisParaTexto = (reais: number): string => reais.toFixed(2).replace('.', ',');

export const primeiroNome = (nome: string): string => nome.trim().split(/\s+/)[0] ?? nome;
