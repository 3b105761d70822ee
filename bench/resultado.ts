/** One row of the benchmark table (README.md § Performance): a figure, its floor when it has one, and the verdict. */
export type LinhaBench = {
  medida: string;
  piso: string;
  valor: string;
  alvo: string;
  ok: boolean;
  detalhes?: Record<string, number | string>;
};

export const mediana = (valores: number[]): number => {
  const ordenados = [...valores].sort((a, b) => a - b);
  return ordenados[Math.floor(ordenados.length / 2)] ?? Number.NaN;
};

/** The nearest-rank percentile `p` (0–100) of `valores`. */
export const percentil = (valores: number[], p: number): number => {
  const ordenados = [...valores].sort((a, b) => a - b);
  return ordenados[Math.min(ordenados.length - 1, Math.ceil((p / 100) * ordenados.length) - 1)] ?? Number.NaN;
};

export const cronometrar = async <T>(executar: () => Promise<T>): Promise<{ ms: number; resultado: T }> => {
  const inicio = performance.now();
  const resultado = await executar();
  return { ms: performance.now() - inicio, resultado };
};

export const ms = (valor: number): string => `${valor.toFixed(0)} ms`;
