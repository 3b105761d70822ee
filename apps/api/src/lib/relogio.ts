import { setTimeout as dormir } from 'node:timers/promises';

// The engine asks the time through this, so tests can run a month of days in a second.

export type Relogio = {
  agora(): Date;
  /** Resolves after `ms` of this clock's time. */
  esperar(ms: number): Promise<void>;
};

export const relogioDoSistema: Relogio = {
  agora: () => new Date(),
  esperar: (ms) => (ms > 0 ? dormir(ms) : Promise.resolve()),
};

/** A clock that only moves when told to (or when waited on): tests and simulations. */
export const criarRelogioManual = (inicio: Date) => {
  let atual = inicio.getTime();
  return {
    agora: () => new Date(atual),
    esperar: async (ms: number) => {
      atual += Math.max(0, ms);
    },
    definir: (instante: Date) => {
      atual = instante.getTime();
    },
    avancar: (ms: number) => {
      atual += ms;
    },
  } satisfies Relogio & Record<string, unknown>;
};
