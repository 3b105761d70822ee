import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anteciparTentativas, jobsDa } from '../../test/fila.ts';
import { createPostgresTestDatabase, openTestDatabase, testDbKind } from '../../test/test-database.ts';
import { type Database, openPostgres } from '../db/client.ts';
import { enfileirar } from './enfileirar.ts';
import { type Fila, iniciarFila } from './fila.ts';
import { instalarFila } from './instalar.ts';
import { definirTarefa, type Tarefa } from './tarefa.ts';

// The queue's contract on both databases (docs/efeitos-colaterais.md): enqueued with the write or not at
// all, retried with backoff until dead, one run per job across processes, scheduled once per period,
// released on stop.

const silencio = { info() {}, warn() {}, error() {} };
let database: Database;
const feitos: string[] = [];
let falharAte = 0;
let tentativas = 0;
let segurar: Promise<void> | null = null;

const registrar = definirTarefa({
  nome: 'teste.registrar',
  descricao: 'Teste',
  payload: z.object({ valor: z.string() }),
  chave: (p) => p.valor,
  politica: { tentativas: 3, esperaSegundos: 1, limiteSegundos: 10 },
  concorrencia: 3,
  executar: async (p) => {
    if (segurar) await segurar;
    feitos.push(p.valor);
  },
});
const instavel = definirTarefa({
  nome: 'teste.instavel',
  descricao: 'Teste',
  payload: z.object({}),
  chave: () => 'instavel',
  politica: { tentativas: 3, esperaSegundos: 2, limiteSegundos: 10 },
  executar: async () => {
    tentativas += 1;
    if (tentativas <= falharAte) throw new Error(`serviço fora (tentativa ${tentativas})`);
  },
});
const lenta = definirTarefa({
  nome: 'teste.lenta',
  descricao: 'Teste',
  payload: z.object({}),
  chave: () => 'lenta',
  politica: { tentativas: 2, esperaSegundos: 1, limiteSegundos: 1 },
  executar: () => new Promise<void>((r) => setTimeout(r, 3_000)),
});
const TAREFAS: Tarefa[] = [registrar, instavel, lenta];

const abrir = (sondagemMs = 100): Promise<Fila> =>
  iniciarFila({
    database,
    tarefas: TAREFAS,
    contexto: { db: database.db, appKey: Buffer.alloc(32), log: silencio },
    sondagemMs,
  });

beforeAll(async () => {
  database = await openTestDatabase();
  await instalarFila(database, TAREFAS);
  await database.db.execute(sql`CREATE TABLE escrita (id serial PRIMARY KEY, valor text)`);
});
afterAll(() => database.close());

describe('the job queue', () => {
  it('a job exists if and only if the writer’s transaction commits', async () => {
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO escrita (valor) VALUES ('desfeita')`);
        await enfileirar(tx, registrar, { valor: 'desfeita' });
        tx.rollback();
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO escrita (valor) VALUES ('feita')`);
      await enfileirar(tx, registrar, { valor: 'feita' });
    });
    const jobs = await jobsDa(database, registrar.nome);
    expect(jobs.map((j) => j.data)).toEqual([{ valor: 'feita' }]);
    const fila = await abrir();
    await fila.ociosa();
    await fila.parar(1_000);
    expect(feitos).toEqual(['feita']);
  });

  it('refuses a payload its schema refuses, and a job type that was never installed', async () => {
    await expect(enfileirar(database.db, registrar, { valor: 1 } as never)).rejects.toThrow();
    const naoInstalada = definirTarefa({ ...registrar, nome: 'teste.nao-instalada' });
    await expect(enfileirar(database.db, naoInstalada, { valor: 'x' })).rejects.toThrow(/não instalada/);
  });

  it('a second job with the same key is not enqueued while one waits', async () => {
    expect(await enfileirar(database.db, registrar, { valor: 'dupla' })).not.toBeNull();
    expect(await enfileirar(database.db, registrar, { valor: 'dupla' })).toBeNull();
    const fila = await abrir();
    await fila.ociosa();
    await fila.parar(1_000);
    expect(feitos.filter((v) => v === 'dupla')).toHaveLength(1);
  });

  it('retries a failing job with growing, jittered waits, then leaves it dead with its last error', async () => {
    falharAte = 99;
    tentativas = 0;
    await enfileirar(database.db, instavel, {});
    const fila = await abrir();
    const esperas: number[] = [];
    for (let tentativa = 1; tentativa <= 3; tentativa += 1) {
      await fila.ociosa();
      const { rows } = await database.executarSql(
        `SELECT state::text, EXTRACT(epoch FROM start_after - now()) AS espera FROM pgboss.job WHERE name = $1`,
        [instavel.nome],
      );
      const [job] = rows as { state: string; espera: number }[];
      if (tentativa < 3) {
        expect(job?.state).toBe('retry');
        esperas.push(Number(job?.espera));
        await anteciparTentativas(database);
      } else expect(job?.state).toBe('failed');
    }
    await fila.parar(1_000);
    expect(tentativas).toBe(3);
    // 2 s then 4 s, each up to twice that (jitter).
    expect(esperas[0]).toBeGreaterThan(1);
    expect(esperas[0]).toBeLessThanOrEqual(4);
    expect(esperas[1]).toBeGreaterThan(3);
    expect(esperas[1]).toBeLessThanOrEqual(8);
    const [morto] = await jobsDa(database, instavel.nome);
    expect(morto).toMatchObject({ state: 'failed', retry_count: 2 });
    expect(morto?.output?.message).toBe('serviço fora (tentativa 3)');
  });

  it('a try past its time limit fails and is retried', async () => {
    await enfileirar(database.db, lenta, {});
    const fila = await abrir();
    await fila.ociosa();
    await fila.parar(1_000);
    const [job] = await jobsDa(database, lenta.nome);
    expect(job?.state).toBe('retry');
    expect(job?.output?.message).toMatch(/tempo esgotado/);
  });

  it('two processes share the jobs and none runs twice', async () => {
    feitos.length = 0;
    const valores = Array.from({ length: 40 }, (_, i) => `par-${i}`);
    for (const valor of valores) await enfileirar(database.db, registrar, { valor });
    const [a, b] = await Promise.all([abrir(), abrir()]);
    await Promise.all([a.ociosa(), b.ociosa()]);
    await Promise.all([a.parar(1_000), b.parar(1_000)]);
    expect([...feitos].sort()).toEqual([...valores].sort());
  });

  it('a stopping process finishes what is running within its wait, or gives it back for a retry', async () => {
    feitos.length = 0;
    let soltar = () => {};
    segurar = new Promise<void>((r) => {
      soltar = r;
    });
    await enfileirar(database.db, registrar, { valor: 'em-curso' });
    const fila = await abrir();
    while ((await jobsDa(database, registrar.nome)).every((j) => j.state !== 'active'))
      await new Promise((r) => setTimeout(r, 20));
    await fila.parar(300);
    const devolvido = (await jobsDa(database, registrar.nome)).find(
      (j) => (j.data as { valor: string }).valor === 'em-curso',
    );
    expect(devolvido?.state).toBe('retry');
    expect(devolvido?.output?.message).toBe('processo encerrado durante a execução');
    soltar();
    segurar = null;
    await anteciparTentativas(database);
    const outra = await abrir();
    await outra.ociosa();
    await outra.parar(1_000);
    expect(feitos).toContain('em-curso');
  });

  it('scheduled work is sent once per period across processes', async () => {
    feitos.length = 0;
    const antes = (await jobsDa(database, registrar.nome)).length;
    const agendamentos = [
      { tarefa: registrar as Tarefa, periodoSegundos: 3_600, payload: { valor: 'agendada' } },
    ];
    const contexto = { db: database.db, appKey: Buffer.alloc(32), log: silencio };
    const processos = await Promise.all(
      [1, 2, 3].map(() =>
        iniciarFila({ database, tarefas: TAREFAS, contexto, agendamentos, sondagemMs: 100 }),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    await Promise.all(processos.map((p) => p.ociosa()));
    await Promise.all(processos.map((p) => p.parar(1_000)));
    expect((await jobsDa(database, registrar.nome)).length - antes).toBe(1);
    expect(feitos).toEqual(['agendada']);
  });
});

describe.runIf(testDbKind() === 'postgres')('several nodes starting together', () => {
  it('install the queue at once without failing (the first install deadlocks; the loser looks again)', async () => {
    const banco = await createPostgresTestDatabase();
    const [a, b] = [await openPostgres(banco.url, 2), await openPostgres(banco.url, 2)];
    try {
      await a.migrate();
      const resultados = await Promise.allSettled([
        instalarFila(a, TAREFAS),
        instalarFila(b, TAREFAS),
        instalarFila(a, TAREFAS),
      ]);
      expect(resultados.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      expect(await enfileirar(b.db, registrar, { valor: 'depois-da-corrida' })).not.toBeNull();
    } finally {
      await a.close();
      await b.close();
      await banco.drop();
    }
  });
});
