import { parseArgs } from 'node:util';

/** What one run of `npm run test:load` does; every figure has a flag (`--duracao 30` for a short run). */
export type Parametros = {
  duracaoSegundos: number;
  operadores: number;
  admins: number;
  clientesPorOperador: number;
  intervaloReguaSegundos: number;
  /** How long to wait, after the load, for the engine to send what is still waiting. */
  drenagemSegundos: number;
  /** API processes on the one database (README "Running several API nodes and workers"). */
  nos: number;
  /** `npm run worker` processes; with none, every API node embeds the engine. */
  workers: number;
  /** Where the result goes; `load/results/latest.json`, the README's latest run, when not given. */
  resultado: string | undefined;
};

const inteiro = (valor: string | undefined, padrao: number, nome: string, minimo = 1): number => {
  if (valor === undefined) return padrao;
  const n = Number(valor);
  if (!Number.isInteger(n) || n < minimo) throw new Error(`--${nome} deve ser um inteiro ≥ ${minimo}.`);
  return n;
};

export const lerParametros = (args: string[] = process.argv.slice(2)): Parametros => {
  const { values } = parseArgs({
    args,
    options: {
      duracao: { type: 'string' },
      operadores: { type: 'string' },
      admins: { type: 'string' },
      clientes: { type: 'string' },
      intervalo: { type: 'string' },
      drenagem: { type: 'string' },
      nos: { type: 'string' },
      workers: { type: 'string' },
      resultado: { type: 'string' },
    },
  });
  return {
    duracaoSegundos: inteiro(values.duracao, 120, 'duracao'),
    operadores: inteiro(values.operadores, 50, 'operadores'),
    admins: inteiro(values.admins, 2, 'admins'),
    clientesPorOperador: inteiro(values.clientes, 20, 'clientes'),
    intervaloReguaSegundos: inteiro(values.intervalo, 2, 'intervalo'),
    drenagemSegundos: inteiro(values.drenagem, 30, 'drenagem', 0),
    nos: inteiro(values.nos, 1, 'nos'),
    workers: inteiro(values.workers, 0, 'workers', 0),
    resultado: values.resultado,
  };
};
