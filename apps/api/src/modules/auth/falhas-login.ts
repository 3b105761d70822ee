// Failed sign-ins per e-mail (PRODUCT §9): guessing a password is what the limit stops, so only
// failures count — an operator signing in on several devices never locks themself out. A success
// does not clear the count either: otherwise each real sign-in would hand a guesser a fresh budget.

export type LimiteFalhas = { max: number; windowMs: number };

type Janela = { falhas: number; inicio: number };

// Past this many remembered e-mails, expired windows are dropped (memory stays bounded).
const PODA_A_PARTIR_DE = 10_000;

export const criarContadorFalhas = ({ max, windowMs }: LimiteFalhas, agora: () => number = Date.now) => {
  const janelas = new Map<string, Janela>();
  const viva = (chave: string): Janela | undefined => {
    const janela = janelas.get(chave);
    if (janela && agora() - janela.inicio >= windowMs) {
      janelas.delete(chave);
      return undefined;
    }
    return janela;
  };
  return {
    /** Seconds until `chave` may try again; 0 when it may now. */
    esperaSegundos: (chave: string): number => {
      const janela = viva(chave);
      if (!janela || janela.falhas < max) return 0;
      return Math.ceil((janela.inicio + windowMs - agora()) / 1000);
    },
    registrarFalha: (chave: string): void => {
      const janela = viva(chave);
      if (janela) janela.falhas += 1;
      else janelas.set(chave, { falhas: 1, inicio: agora() });
      if (janelas.size > PODA_A_PARTIR_DE) for (const c of [...janelas.keys()]) viva(c);
    },
  };
};
