// Failed sign-ins per key — (e-mail, address), address or e-mail; limites-login.ts combines them
// (docs/produto.md §19). Guessing a password is what the limits stop, so only failures count: an operator
// signing in on several devices never locks themself out. A success does not clear the count either:
// otherwise each real sign-in would hand a guesser a fresh budget.

export type LimiteFalhas = { max: number; windowMs: number };

type Intervalo = { falhas: number; inicio: number };

// Hard cap on remembered keys, so a flood of new e-mails or addresses cannot grow memory without end.
export const MAX_CHAVES = 50_000;

export const criarContadorFalhas = (
  { max, windowMs }: LimiteFalhas,
  agora: () => number = Date.now,
  maxChaves = MAX_CHAVES,
) => {
  const intervalos = new Map<string, Intervalo>();
  // Windows in start order, oldest first: pruning stops at the first live one, and past the cap the
  // windows nearest their end go. A queue, not the Map's own order: iterating a Map from its start
  // walks over every entry deleted there since the last rehash, which made each prune slow.
  const fila: Array<[string, Intervalo]> = [];
  let cabeca = 0;
  const expirou = (intervalo: Intervalo) => agora() - intervalo.inicio >= windowMs;
  const podar = () => {
    for (; cabeca < fila.length; cabeca++) {
      const [chave, intervalo] = fila[cabeca] as [string, Intervalo];
      if (intervalos.get(chave) !== intervalo) continue; // already gone, or restarted later in the queue
      if (!expirou(intervalo) && intervalos.size <= maxChaves) break;
      intervalos.delete(chave);
    }
    if (cabeca > 1_000 && cabeca * 2 > fila.length) {
      fila.splice(0, cabeca);
      cabeca = 0;
    }
  };
  const viva = (chave: string): Intervalo | undefined => {
    const intervalo = intervalos.get(chave);
    if (intervalo && expirou(intervalo)) {
      intervalos.delete(chave);
      return undefined;
    }
    return intervalo;
  };
  return {
    /** Seconds until `chave` may try again; 0 when it may now. */
    esperaSegundos: (chave: string): number => {
      const intervalo = viva(chave);
      if (!intervalo || intervalo.falhas < max) return 0;
      return Math.ceil((intervalo.inicio + windowMs - agora()) / 1000);
    },
    /** Counts one failure; the returned function takes it back (once, and only in the same window). */
    registrarFalha: (chave: string): (() => void) => {
      let intervalo = viva(chave);
      if (intervalo) intervalo.falhas += 1;
      else {
        intervalo = { falhas: 1, inicio: agora() };
        intervalos.set(chave, intervalo);
        fila.push([chave, intervalo]);
        podar();
      }
      const registrada = intervalo;
      let desfeita = false;
      return () => {
        if (desfeita || intervalos.get(chave) !== registrada) return;
        desfeita = true;
        registrada.falhas -= 1;
        // Nothing left to remember: a later failure starts its own window.
        if (registrada.falhas === 0) intervalos.delete(chave);
      };
    },
    /** Keys remembered now (for tests of the memory bound). */
    tamanho: (): number => intervalos.size,
  };
};
