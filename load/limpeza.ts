// Whatever the run sets up (server, database) registers how to undo it; the steps run once, last
// registered first, on success, on failure and on Ctrl-C.

type Passo = { nome: string; executar: () => Promise<void> };

const passos: Passo[] = [];
let emAndamento: Promise<void> | null = null;

export const aoEncerrar = (nome: string, executar: () => Promise<void>): void => {
  passos.push({ nome, executar });
};

export const limpar = (): Promise<void> => {
  emAndamento ??= (async () => {
    for (const passo of passos.reverse()) {
      try {
        await passo.executar();
      } catch (erro) {
        console.error(`limpeza "${passo.nome}" falhou:`, erro instanceof Error ? erro.message : erro);
      }
    }
  })();
  return emAndamento;
};

/** Ctrl-C or a kill: undo everything, then leave with 130/143. */
export const limparNosSinais = (aoInterromper: () => void): void => {
  for (const [sinal, codigo] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(sinal, () => {
      console.error(`\n${sinal}: encerrando os processos e removendo o banco…`);
      aoInterromper();
      void limpar().finally(() => process.exit(codigo));
    });
  }
};
