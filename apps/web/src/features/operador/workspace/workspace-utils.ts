import { hojeNoFuso } from '@cobranca/dominio';

/** Today's business date (`YYYY-MM-DD`) in America/Sao_Paulo (docs/produto.md §17). */
export const hoje = (): string => hojeNoFuso(new Date());

/** Reais → the text a money field shows (`1234,5` → `1234,50`). */
export const reaisParaTexto = (reais: number): string => reais.toFixed(2).replace('.', ',');
