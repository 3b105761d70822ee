import { useSyncExternalStore } from 'react';

// One clock for every relative time on screen ("há 3 min"): a single timer, running while anything
// reads it, so those texts move on while the page stays open.

/** The clock's step: a relative time is at most this late. */
const RELOGIO_MS = 10_000;

const leitores = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let passos = 0;

const assinar = (avisar: () => void) => {
  leitores.add(avisar);
  timer ??= setInterval(() => {
    passos += 1;
    for (const leitor of leitores) leitor();
  }, RELOGIO_MS);
  return () => {
    leitores.delete(avisar);
    if (leitores.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
};

const lerPassos = () => passos;

/** Now, for a component that renders again at every step of the clock. */
export const useAgora = (): Date => {
  useSyncExternalStore(assinar, lerPassos, lerPassos);
  return new Date();
};
