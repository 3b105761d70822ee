// Every response of the load phase: status and latency per route group, and a few examples of
// what went wrong (5xx, network errors, unexpected statuses) to report with their request ids.

export type Falha = {
  grupo: string;
  /** The API node (0-based) that answered. */
  no: number;
  metodo: string;
  caminho: string;
  status: number;
  requestId: string | null;
  corpo: string;
};

type Grupo = { latencias: number[]; porStatus: Map<number, number>; inesperados: number };

export type ResumoGrupo = {
  grupo: string;
  requisicoes: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
  status: Record<string, number>;
  erros_5xx: number;
  erros_rede: number;
  inesperados: number;
};

/** Every route group together, per API node: is any node slower or failing more than the others? */
export type ResumoNo = { no: number; requisicoes: number; p50_ms: number; p99_ms: number; erros_5xx: number };

const EXEMPLOS_POR_TIPO = 5;

/** Nearest-rank percentile of sorted values. */
export const percentil = (ordenados: number[], p: number): number => {
  if (ordenados.length === 0) return 0;
  const indice = Math.min(ordenados.length - 1, Math.max(0, Math.ceil((p / 100) * ordenados.length) - 1));
  return ordenados[indice] ?? 0;
};

const arredondar = (ms: number) => Math.round(ms * 10) / 10;

export const criarMetricas = () => {
  const grupos = new Map<string, Grupo>();
  const falhas: Falha[] = [];
  const porNo = new Map<number, { latencias: number[]; erros5xx: number }>();
  let ativo = true;

  const grupoDe = (nome: string): Grupo => {
    let grupo = grupos.get(nome);
    if (!grupo) {
      grupo = { latencias: [], porStatus: new Map(), inesperados: 0 };
      grupos.set(nome, grupo);
    }
    return grupo;
  };

  const guardarExemplo = (falha: Falha) => {
    const tipo = (f: Falha) => (f.status >= 500 ? '5xx' : f.status === 0 ? 'rede' : 'inesperado');
    if (falhas.filter((f) => tipo(f) === tipo(falha)).length < EXEMPLOS_POR_TIPO) falhas.push(falha);
  };

  return {
    /** Stops counting (responses arriving after the load phase ended are left out). */
    encerrar: () => {
      ativo = false;
    },
    registrar: (
      pedido: Omit<Falha, 'corpo' | 'requestId'>,
      ms: number,
      esperado: boolean,
      detalhe?: Pick<Falha, 'corpo' | 'requestId'>,
    ) => {
      if (!ativo) return;
      const grupo = grupoDe(pedido.grupo);
      grupo.latencias.push(ms);
      grupo.porStatus.set(pedido.status, (grupo.porStatus.get(pedido.status) ?? 0) + 1);
      if (!esperado) grupo.inesperados += 1;
      const no = porNo.get(pedido.no) ?? { latencias: [], erros5xx: 0 };
      porNo.set(pedido.no, no);
      no.latencias.push(ms);
      if (pedido.status >= 500) no.erros5xx += 1;
      if (!esperado || pedido.status >= 500 || pedido.status === 0)
        guardarExemplo({ ...pedido, corpo: detalhe?.corpo ?? '', requestId: detalhe?.requestId ?? null });
    },
    resumo: (): ResumoGrupo[] =>
      [...grupos.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([nome, g]) => {
          const ordenados = [...g.latencias].sort((a, b) => a - b);
          const contar = (filtro: (s: number) => boolean) =>
            [...g.porStatus.entries()].filter(([s]) => filtro(s)).reduce((t, [, n]) => t + n, 0);
          return {
            grupo: nome,
            requisicoes: ordenados.length,
            p50_ms: arredondar(percentil(ordenados, 50)),
            p95_ms: arredondar(percentil(ordenados, 95)),
            p99_ms: arredondar(percentil(ordenados, 99)),
            max_ms: arredondar(ordenados.at(-1) ?? 0),
            status: Object.fromEntries([...g.porStatus.entries()].sort(([a], [b]) => a - b)),
            erros_5xx: contar((s) => s >= 500),
            erros_rede: contar((s) => s === 0),
            inesperados: g.inesperados,
          };
        }),
    porNo: (): ResumoNo[] =>
      [...porNo.entries()]
        .sort(([a], [b]) => a - b)
        .map(([no, n]) => {
          const ordenados = [...n.latencias].sort((a, b) => a - b);
          return {
            no,
            requisicoes: ordenados.length,
            p50_ms: arredondar(percentil(ordenados, 50)),
            p99_ms: arredondar(percentil(ordenados, 99)),
            erros_5xx: n.erros5xx,
          };
        }),
    falhas: () => [...falhas],
  };
};

export type Metricas = ReturnType<typeof criarMetricas>;
