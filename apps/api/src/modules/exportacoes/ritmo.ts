import { setTimeout as esperar, setImmediate as proximaVolta } from 'node:timers/promises';

// The pace of the exports of this process (docs/decisions/033-exportacao-limites.md): their work —
// a query, a batch turned into file content — runs one piece at a time, whichever export it is for
// (an export alone reads its next batch ahead: `porLote`, decision 057).
// When other exports wait for their turn, each piece is followed by a rest as long as it took for
// each of them (three at most): four exports then cost the database and the CPU a quarter of what
// one running flat out does, while an export alone runs at full speed.

let fila: Promise<unknown> = Promise.resolve();
/** Pieces queued and not yet done (each export has at most one). */
let naFila = 0;
const DESCANSO_MAXIMO = 3;

/** Runs `trabalho` once every export piece queued before it has run (and rested). */
export const naVezDoProcesso = <T>(trabalho: () => Promise<T>): Promise<T> => {
  let inicio = 0;
  naFila++;
  const feito = fila.then(() => {
    inicio = performance.now();
    return trabalho();
  });
  const descanso = () => {
    naFila--;
    return esperar(Math.min(naFila, DESCANSO_MAXIMO) * (performance.now() - inicio));
  };
  fila = feito.then(descanso, descanso);
  return feito;
};

/** Rows turned into file content between two turns of the event loop. */
const FATIA = 100;

/** Whether the piece running now is the only export work queued in the process. */
const sozinha = () => naFila <= 1;

/**
 * Reads `lotes` batch by batch, each read and written (`escrever`, a slice at a time) in the process's
 * turn; `depois` runs out of turn (waiting for a slow client must not hold the other exports). An
 * export alone reads its next batch while it writes this one and waits for the client, so the
 * database's time and the process's overlap; with other exports waiting, every read stays in a turn.
 */
export const porLote = async <T>(
  lotes: AsyncIterable<T[]>,
  escrever: (fatia: T[]) => void,
  depois: () => Promise<void>,
): Promise<void> => {
  const iterador = lotes[Symbol.asyncIterator]();
  const adiante: { leitura: Promise<IteratorResult<T[]>> | null } = { leitura: null };
  try {
    for (;;) {
      const acabou = await naVezDoProcesso(async () => {
        const { done, value } = await (adiante.leitura ?? iterador.next());
        adiante.leitura = null;
        if (done) return true;
        if (sozinha()) adiante.leitura = iterador.next();
        for (let i = 0; i < value.length; i += FATIA) {
          if (i > 0) await proximaVolta();
          escrever(value.slice(i, i + FATIA));
        }
        return false;
      });
      if (acabou) return;
      await depois();
    }
  } finally {
    // An export cut short (the client left, a write failed): nobody will await its read ahead.
    adiante.leitura?.catch(() => undefined);
  }
};
