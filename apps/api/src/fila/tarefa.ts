import type { z } from 'zod';
import type { Db } from '../db/client.ts';

// A side effect that must happen once after a write (docs/efeitos-colaterais.md): declared next to its
// module as `<module>/jobs/<nome>.job.ts`, enqueued inside the writer's transaction, run by any process.

export type PoliticaTentativas = {
  /** Tries in all, the first included; after the last failure the job is dead, with its last error. */
  tentativas: number;
  /** The first retry waits between this and twice this; each next one doubles it (jitter included). */
  esperaSegundos: number;
  /** A try running longer than this is abandoned; a process that died holding the job frees it after this. */
  limiteSegundos: number;
};

export type LogTarefa = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type ContextoTarefa = { db: Db; appKey: Buffer; log: LogTarefa };

export type Tarefa<S extends z.ZodType = z.ZodType> = {
  /** `<módulo>.<efeito>`, the queue's name. */
  nome: string;
  /** What it does, in pt-BR, for the health panel and the CLI. */
  descricao: string;
  payload: S;
  /** What makes the effect idempotent (a txid, a message id, an agreement id): a retry after a crash between the effect and its completion finds it done. A second job with the same key is not enqueued while one waits. */
  chave: (payload: z.infer<S>) => string;
  politica: PoliticaTentativas;
  /** How many of this job one process runs at once (default 1). */
  concorrencia?: number;
  executar: (payload: z.infer<S>, contexto: ContextoTarefa) => Promise<void>;
};

export const definirTarefa = <S extends z.ZodType>(tarefa: Tarefa<S>): Tarefa<S> => tarefa;
