// The job queue's cost on both databases (decision 031): `npx tsx bench/fila/medir-fila.ts`. Per
// database: a write transaction alone and with one job enqueued in it; from commit to the handler
// starting (NOTIFY wake-up); and draining 2 000 no-op jobs with 1 and 4 loops.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, openPglite } from '../../apps/api/src/db/client.ts';
import { enfileirar } from '../../apps/api/src/fila/enfileirar.ts';
import { iniciarFila } from '../../apps/api/src/fila/fila.ts';
import { instalarFila } from '../../apps/api/src/fila/instalar.ts';
import { definirTarefa } from '../../apps/api/src/fila/tarefa.ts';
import { abrirBancoBench } from '../banco.ts';

const silencio = { info() {}, warn() {}, error() {} };
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] ?? 0;

const medir = async (nome: string, database: Database) => {
  const inicios = new Map<number, number>();
  const latencias: number[] = [];
  let feitas = 0;
  const tarefa = (concorrencia: number) =>
    definirTarefa({
      nome: `bench.noop-${concorrencia}`,
      descricao: 'Nada (medida)',
      payload: z.object({ i: z.number() }),
      chave: (p) => String(p.i),
      politica: { tentativas: 1, esperaSegundos: 1, limiteSegundos: 30 },
      concorrencia,
      executar: async (p) => {
        const t0 = inicios.get(p.i);
        if (t0 !== undefined) latencias.push(performance.now() - t0);
        feitas += 1;
      },
    });
  const [uma, quatro] = [tarefa(1), tarefa(4)];
  await instalarFila(database, [uma, quatro]);
  await database.db.execute(sql`CREATE TABLE IF NOT EXISTS bench_escrita (id serial primary key, v int)`);

  const N = 300;
  // Warm the pool and the plans first: the first transactions of a fresh database are slower.
  for (let i = 0; i < 100; i++)
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO bench_escrita (v) VALUES (${i})`);
      await enfileirar(tx, uma, { i: 2_000_000 + i });
    });
  await database.executarSql(`DELETE FROM pgboss.job WHERE name LIKE 'bench.%'`, []);
  let t = performance.now();
  for (let i = 0; i < N; i++)
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO bench_escrita (v) VALUES (${i})`);
    });
  const semJob = (performance.now() - t) / N;
  t = performance.now();
  for (let i = 0; i < N; i++)
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO bench_escrita (v) VALUES (${i})`);
      await enfileirar(tx, uma, { i: 1_000_000 + i });
    });
  const comJob = (performance.now() - t) / N;
  await database.executarSql(`DELETE FROM pgboss.job WHERE name LIKE 'bench.%'`, []);

  const fila = await iniciarFila({
    database,
    tarefas: [uma, quatro],
    contexto: { db: database.db, appKey: Buffer.alloc(32), log: silencio },
  });
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    await database.db.transaction(async (tx) => {
      await enfileirar(tx, uma, { i });
      inicios.set(i, t0);
    });
    await new Promise((r) => setTimeout(r, 5));
  }
  await fila.ociosa(60_000);
  const espera = { p50: pct(latencias, 0.5), p99: pct(latencias, 0.99) };
  await fila.parar(5_000);

  const drenar = async (t: typeof uma) => {
    const M = 2_000;
    for (let i = 0; i < M; i += 100)
      await database.db.transaction(async (tx) => {
        for (let j = i; j < i + 100; j++) await enfileirar(tx, t, { i: 10_000 + j });
      });
    feitas = 0;
    const f = await iniciarFila({
      database,
      tarefas: [t],
      contexto: { db: database.db, appKey: Buffer.alloc(32), log: silencio },
    });
    const t0 = performance.now();
    await f.ociosa(300_000);
    const porSegundo = feitas / ((performance.now() - t0) / 1000);
    await f.parar(5_000);
    return Math.round(porSegundo);
  };
  const vazao1 = await drenar(uma);
  const vazao4 = await drenar(quatro);
  console.log(
    `${nome}: transação ${semJob.toFixed(2)} ms sem job, ${comJob.toFixed(2)} ms com um job (+${(comJob - semJob).toFixed(2)} ms); do commit ao início do job p50 ${espera.p50.toFixed(1)} ms, p99 ${espera.p99.toFixed(1)} ms; vazão ${vazao1} jobs/s (1 laço), ${vazao4} jobs/s (4 laços)`,
  );
};

const pglite = await openPglite();
await pglite.migrate();
await medir('PGlite', pglite);
await pglite.close();
const banco = await abrirBancoBench();
await medir('PostgreSQL', banco.database);
await banco.fechar();
