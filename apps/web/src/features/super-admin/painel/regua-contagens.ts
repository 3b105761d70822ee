// The engine's counts (`enviadas`, `promessas_quebradas`…) in the order an operator reads a pass:
// what was planned, what went out or failed, what was rescheduled or withdrawn, then the rest.
const ORDEM = [
  'planejadas',
  'enviadas',
  'falhas',
  'reagendadas',
  'canceladas',
  'puladas',
  'adiadas',
  'promessas_quebradas',
  'importacoes_interrompidas',
] as const;

const LABELS: Record<string, string> = {
  promessas_quebradas: 'promessas quebradas',
  importacoes_interrompidas: 'importações interrompidas',
};

// A key the engine adds later still shows, as words, after the known ones.
const rotulo = (chave: string) => LABELS[chave] ?? chave.replaceAll('_', ' ');

const posicao = (chave: string) => {
  const i = (ORDEM as readonly string[]).indexOf(chave);
  return i === -1 ? ORDEM.length : i;
};

export type Contagem = { chave: string; rotulo: string; valor: number };

/** The counts in a fixed order with pt-BR labels; `semZeros` leaves out the ones that stayed at 0. */
export const contagensOrdenadas = (
  contagens: Record<string, number> | null,
  { semZeros = false } = {},
): Contagem[] =>
  Object.entries(contagens ?? {})
    .filter(([, valor]) => !semZeros || valor !== 0)
    .sort(([a], [b]) => posicao(a) - posicao(b) || a.localeCompare(b))
    .map(([chave, valor]) => ({ chave, rotulo: rotulo(chave), valor }));
