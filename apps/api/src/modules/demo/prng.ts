/** mulberry32: a tiny seeded PRNG returning [0, 1); the same seed always gives the same sequence. */
export const mulberry32 = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

export type Sorteio = {
  random: () => number;
  /** Integer in [min, max], both inclusive. */
  inteiro: (min: number, max: number) => number;
  escolher: <T>(lista: readonly T[]) => T;
  chance: (probabilidade: number) => boolean;
  embaralhar: <T>(lista: readonly T[]) => T[];
};

export const criarSorteio = (seed: number): Sorteio => {
  const random = mulberry32(seed);
  const inteiro = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const escolher = <T>(lista: readonly T[]): T => {
    const item = lista[inteiro(0, lista.length - 1)];
    if (item === undefined) throw new Error('escolher: lista vazia');
    return item;
  };
  const embaralhar = <T>(lista: readonly T[]): T[] => {
    // Fisher–Yates over a copy.
    const copia = [...lista];
    for (let i = copia.length - 1; i > 0; i--) {
      const j = inteiro(0, i);
      [copia[i], copia[j]] = [copia[j] as T, copia[i] as T];
    }
    return copia;
  };
  return { random, inteiro, escolher, chance: (p) => random() < p, embaralhar };
};
