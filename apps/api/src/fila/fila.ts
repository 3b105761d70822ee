import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { CANAL_FILA, criarBoss, ESQUEMA_FILA, opcoesDoEnvio } from './boss.ts';
import type { ContextoTarefa, Tarefa } from './tarefa.ts';

// The workers of one process (docs/efeitos-colaterais.md): per job type, `concorrencia` loops that each
// take one job at a time (FOR UPDATE SKIP LOCKED in pg-boss, so no job runs twice at once across
// processes), run it within its time limit, and complete it or fail it (pg-boss retries it with
// backoff, or marks it dead after its last try). A loop with nothing to do sleeps until an enqueue's
// NOTIFY or the next poll.

/** Work that runs once per period across every process (the PSP reconciliation, the régua's planning). */
export type Agendamento = { tarefa: Tarefa; periodoSegundos: number; payload?: object };

export type OpcoesFila = {
  database: Database;
  tarefas: readonly Tarefa[];
  contexto: ContextoTarefa;
  agendamentos?: readonly Agendamento[];
  /** How often an idle loop looks for jobs another process enqueued while its NOTIFY was missed. */
  sondagemMs?: number;
  manutencaoSegundos?: number;
};

export type Fila = {
  /** Resolves once no job of these types is running here or ready to run (tests; the CLI before it exits). */
  ociosa(limiteMs?: number): Promise<void>;
  /** Stops taking jobs; waits up to `esperaMs` for those running, then gives the rest back for a retry. */
  parar(esperaMs: number): Promise<void>;
  boss: PgBoss;
};

type Job = { id: string; data: unknown };

const SONDAGEM_PADRAO_MS = 2_000;

const mensagemDe = (error: unknown) => (error instanceof Error ? error.message : String(error));

const comLimite = async <T>(trabalho: Promise<T>, limiteMs: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const esgotado = new Promise<never>((_, rejeitar) => {
    timer = setTimeout(
      () => rejeitar(new Error(`tempo esgotado: a tentativa passou de ${limiteMs / 1000} s`)),
      limiteMs,
    );
  });
  try {
    return await Promise.race([trabalho, esgotado]);
  } finally {
    clearTimeout(timer);
  }
};

/** Jobs of these types running or ready to run now, in any process. */
export const tarefasProntasOuAtivas = async (
  database: Database,
  tarefas: readonly Tarefa[],
): Promise<number> => {
  const { rows } = await database.executarSql(
    `SELECT count(*)::int AS n FROM ${ESQUEMA_FILA}.job WHERE name = ANY($1::text[])
       AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
    [tarefas.map((t) => t.nome)],
  );
  return (rows[0] as { n: number }).n;
};

export const iniciarFila = async (opcoes: OpcoesFila): Promise<Fila> => {
  const { database, tarefas, contexto } = opcoes;
  const sondagemMs = opcoes.sondagemMs ?? SONDAGEM_PADRAO_MS;
  const boss = criarBoss(database.executarSql, {
    manutencaoSegundos: opcoes.manutencaoSegundos ?? 60,
    agendar: false,
  });
  boss.on('error', (err) => contexto.log.error({ err }, 'fila: erro do pg-boss'));
  await boss.start();

  let parando = false;
  const despertadores = new Map<string, Set<() => void>>();
  const emCurso = new Map<string, { nome: string; id: string }>();
  const acordar = (nome?: string) => {
    for (const [fila, fns] of despertadores)
      if (nome === undefined || nome === fila) for (const f of fns) f();
  };
  const dormir = (nome: string) =>
    new Promise<void>((resolve) => {
      const fns = despertadores.get(nome) ?? new Set();
      despertadores.set(nome, fns);
      const acorda = () => {
        clearTimeout(timer);
        fns.delete(acorda);
        resolve();
      };
      const timer = setTimeout(acorda, sondagemMs);
      fns.add(acorda);
    });

  const executar = async (tarefa: Tarefa, job: Job) => {
    emCurso.set(job.id, { nome: tarefa.nome, id: job.id });
    try {
      const dados = tarefa.payload.parse(job.data);
      await comLimite(tarefa.executar(dados, contexto), tarefa.politica.limiteSegundos * 1000);
      await boss.complete(tarefa.nome, job.id);
    } catch (error) {
      contexto.log.warn({ err: error, tarefa: tarefa.nome, job: job.id }, 'fila: tentativa falhou');
      await boss
        .fail(tarefa.nome, job.id, { message: mensagemDe(error) })
        .catch((err: unknown) => contexto.log.error({ err }, 'fila: falha ao registrar a falha'));
    } finally {
      emCurso.delete(job.id);
    }
  };

  const laco = async (tarefa: Tarefa) => {
    while (!parando) {
      const [job] = (await boss.fetch(tarefa.nome, { batchSize: 1 }).catch(() => [])) as Job[];
      if (parando && job) {
        await boss.fail(tarefa.nome, job.id, { message: 'processo encerrado antes de executar' });
        break;
      }
      if (job) await executar(tarefa, job);
      else await dormir(tarefa.nome);
    }
  };
  const lacos = tarefas.flatMap((tarefa) =>
    Array.from({ length: tarefa.concorrencia ?? 1 }, () => laco(tarefa)),
  );

  const pararDeOuvir = await database.ouvir(CANAL_FILA, (aviso) =>
    acordar('payload' in aviso ? aviso.payload : undefined),
  );

  const agendar = (a: Agendamento) =>
    boss
      .sendThrottled(
        a.tarefa.nome,
        a.payload ?? {},
        opcoesDoEnvio(a.tarefa, a.tarefa.nome),
        a.periodoSegundos,
      )
      .then((id) => {
        if (id) acordar(a.tarefa.nome);
      })
      .catch((err: unknown) =>
        contexto.log.error({ err, tarefa: a.tarefa.nome }, 'fila: agendamento falhou'),
      );
  const relogios = (opcoes.agendamentos ?? []).map((a) => {
    void agendar(a);
    return setInterval(() => void agendar(a), a.periodoSegundos * 1000);
  });

  return {
    boss,
    ociosa: async (limiteMs = 20_000) => {
      const ate = Date.now() + limiteMs;
      const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));
      for (;;) {
        if (Date.now() > ate) throw new Error('fila: ainda há tarefas em curso depois do limite');
        // While a job runs here, neither the database nor the loops are disturbed: on PGlite every
        // query and every woken loop's fetch takes the event loop from that job's own I/O.
        if (emCurso.size > 0) {
          await esperar(20);
          continue;
        }
        if ((await tarefasProntasOuAtivas(database, tarefas)) === 0) return;
        // Ready without a NOTIFY (a retry whose time came): wake the loops for it.
        acordar();
        await esperar(50);
      }
    },
    parar: async (esperaMs) => {
      parando = true;
      for (const r of relogios) clearInterval(r);
      acordar();
      const terminou = await Promise.race([
        Promise.all(lacos).then(() => true),
        new Promise<false>((r) => setTimeout(() => r(false), esperaMs)),
      ]);
      if (!terminou)
        for (const { nome, id } of emCurso.values())
          await boss.fail(nome, id, { message: 'processo encerrado durante a execução' }).catch(() => {});
      // The database may already be gone (a failed start, a test that closed it first): stopping still ends.
      await pararDeOuvir().catch(() => {});
      await boss.stop({ graceful: false, close: false }).catch(() => {});
    },
  };
};
