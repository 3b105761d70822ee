import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ArquivoHostilError } from './arquivo-hostil.ts';
import type { PedidoLeitura, RespostaLeitura } from './leitura-nfe.worker.ts';
import type { LeituraNota } from './nfe-parser.ts';

// NF-e files are parsed in worker threads, never on the event loop that answers every user's
// requests. The workers are kept (starting one costs ~0.5 s: tsx loads the parser) and shared by all
// imports, one file at a time each, first come first served, so a long import delays another one by
// the few files it has queued, not by all of them. A worker stuck on a file or out of memory is
// replaced and the file rejected.

export type OpcoesLeitor = {
  workers: number;
  /** A file still being parsed after this long is rejected (the limits keep real files under ~2 s). */
  tempoMaximoMs: number;
  /** Heap of each worker; a file that needs more is rejected instead of swelling the process. */
  memoriaMb: number;
  /** An idle worker is stopped after this long. */
  ociosoMs: number;
};

export const OPCOES_LEITOR: OpcoesLeitor = {
  workers: Math.min(2, availableParallelism()),
  tempoMaximoMs: 30_000,
  memoriaMb: 256,
  ociosoMs: 60_000,
};

const ENTRADA = new URL('./iniciar-worker.mjs', import.meta.url);
const MODULO = new URL('./leitura-nfe.worker.ts', import.meta.url).href;

type Tarefa = {
  pedido: PedidoLeitura;
  resolve: (leitura: LeituraNota) => void;
  reject: (erro: unknown) => void;
};
type Leitor = { worker: Worker; pronto: Promise<void>; ocioso?: NodeJS.Timeout };
type Desfecho = { resposta: RespostaLeitura } | { recusa: string } | { erro: Error };

const recusa = (mensagem: string): LeituraNota => ({ ok: false, problemas: [{ mensagem }] });

// A Buffer that owns its whole memory moves to the worker without a copy; a slice of Node's shared
// pool (small files) is copied, or the pool would be taken from every other Buffer.
const transferiveis = (bytes: Uint8Array): ArrayBuffer[] =>
  bytes.buffer instanceof ArrayBuffer &&
  bytes.byteOffset === 0 &&
  bytes.byteLength === bytes.buffer.byteLength
    ? [bytes.buffer]
    : [];

/** Waits for the worker's first message: it has loaded the parser. */
const esperarPronto = (worker: Worker): Promise<void> =>
  new Promise((resolve, reject) => {
    const aoSair = (codigo: number) =>
      reject(new Error(`worker de leitura de NF-e saiu (${codigo}) ao iniciar`));
    worker.once('error', reject);
    worker.once('exit', aoSair);
    worker.once('message', () => {
      worker.off('error', reject).off('exit', aoSair);
      resolve();
    });
  });

/** A pool of NF-e reading workers; `ler` parses one file in one of them. */
export class LeitorNfe {
  private readonly livres: Leitor[] = [];
  private readonly fila: Tarefa[] = [];
  private vivos = 0;

  constructor(private readonly opcoes: OpcoesLeitor = OPCOES_LEITOR) {}

  /**
   * Parses one file off the event loop. Same answer as lerNotaFiscal (ArquivoHostilError included),
   * plus a rejection when the file takes too long or too much memory. The buffer may be moved to the
   * worker: do not use it afterwards.
   */
  ler(arquivo: string, conteudo: Buffer): Promise<LeituraNota> {
    return new Promise((resolve, reject) => {
      this.fila.push({ pedido: { arquivo, conteudo }, resolve, reject });
      this.despachar();
    });
  }

  /** Stops the idle workers (the busy ones stop when their file is done and nobody else waits). */
  async fechar(): Promise<void> {
    await Promise.all(this.livres.splice(0).map((leitor) => leitor.worker.terminate()));
  }

  private despachar(): void {
    while (this.fila.length > 0) {
      const leitor = this.livres.pop() ?? (this.vivos < this.opcoes.workers ? this.iniciar() : undefined);
      const tarefa = leitor && this.fila.shift();
      if (!leitor || !tarefa) return;
      clearTimeout(leitor.ocioso);
      void this.executar(leitor, tarefa);
    }
  }

  private iniciar(): Leitor {
    const worker = new Worker(ENTRADA, {
      workerData: { modulo: MODULO },
      // Not the parent's flags (tsx's --import under `tsx`): the entry loads tsx itself, the same everywhere.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.opcoes.memoriaMb },
    });
    this.vivos += 1;
    const leitor: Leitor = { worker, pronto: esperarPronto(worker) };
    leitor.pronto.catch(() => {});
    // Errors are read by whoever waits on the worker; without a listener one would crash the process.
    worker.on('error', () => {});
    worker.once('exit', () => {
      this.vivos -= 1;
      this.encerrar(leitor);
      this.despachar();
    });
    return leitor;
  }

  private async executar(leitor: Leitor, tarefa: Tarefa): Promise<void> {
    const { arquivo } = tarefa.pedido;
    const desfecho = await leitor.pronto.then(
      () => this.rodar(leitor.worker, tarefa.pedido),
      (erro: Error) => ({ erro }),
    );
    if (!('resposta' in desfecho)) {
      void leitor.worker.terminate();
      if ('recusa' in desfecho) tarefa.resolve(recusa(desfecho.recusa));
      else tarefa.reject(desfecho.erro);
      return;
    }
    this.devolver(leitor);
    const { resposta } = desfecho;
    if ('leitura' in resposta) tarefa.resolve(resposta.leitura);
    else if ('hostil' in resposta) tarefa.reject(new ArquivoHostilError(arquivo, resposta.hostil));
    else tarefa.reject(new Error(`Falha ao ler ${arquivo} no worker: ${resposta.falha}`));
  }

  /** Back to the idle list: it no longer keeps the process alive, and stops if nobody needs it. */
  private devolver(leitor: Leitor): void {
    leitor.worker.unref();
    leitor.ocioso = setTimeout(() => this.encerrar(leitor), this.opcoes.ociosoMs);
    leitor.ocioso.unref();
    this.livres.push(leitor);
    this.despachar();
  }

  // Out of the idle list before it stops: no file may be handed to a worker on its way out.
  private encerrar(leitor: Leitor): void {
    const posicao = this.livres.indexOf(leitor);
    if (posicao >= 0) this.livres.splice(posicao, 1);
    void leitor.worker.terminate();
  }

  /** One file in the worker: its answer, or why there is none (too slow, out of memory, gone). */
  private rodar(worker: Worker, pedido: PedidoLeitura): Promise<Desfecho> {
    return new Promise((resolve) => {
      const terminar = (desfecho: Desfecho) => {
        clearTimeout(relogio);
        worker.off('message', aoResponder).off('error', aoFalhar).off('exit', aoSair);
        resolve(desfecho);
      };
      const aoResponder = (resposta: RespostaLeitura) => terminar({ resposta });
      const aoFalhar = (erro: Error & { code?: string }) =>
        terminar(
          erro.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? { recusa: 'O arquivo exige memória demais para ser lido; não foi importado.' }
            : { erro },
        );
      const aoSair = (codigo: number) =>
        terminar({ erro: new Error(`worker de leitura de NF-e saiu (${codigo}) no meio de um arquivo`) });
      const segundos = (this.opcoes.tempoMaximoMs / 1000).toLocaleString('pt-BR');
      const relogio = setTimeout(
        () => terminar({ recusa: `A leitura do arquivo passou de ${segundos} s; não foi importado.` }),
        this.opcoes.tempoMaximoMs,
      );
      worker.on('message', aoResponder).on('error', aoFalhar).on('exit', aoSair);
      // Busy, it keeps the process alive (a script awaiting an import must not exit under it).
      worker.ref();
      worker.postMessage(pedido, transferiveis(pedido.conteudo));
    });
  }
}

/** The process's pool, shared by every import. */
export const leitorNfe = new LeitorNfe();
