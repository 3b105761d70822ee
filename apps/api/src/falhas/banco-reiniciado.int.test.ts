import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../test/build-test-app.ts';
import { esperar } from '../../test/processos.ts';
import { testDbKind } from '../../test/test-database.ts';
import { type App, buildApp } from '../app.ts';
import { type Database, openPostgres } from '../db/client.ts';
import { instalarFila } from '../fila/instalar.ts';
import { TAREFAS } from '../fila/tarefas.ts';
import { depsDoProcesso } from '../modules/regua/deps-processo.ts';
import { executarPassada } from '../modules/regua/motor.ts';
import {
  type ClusterPostgres,
  criarClusterPostgres,
  motivoSemCluster,
} from './cluster-postgres.test-fixtures.ts';
import { entrar } from './falhas.test-fixtures.ts';

// PostgreSQL restarted under load (issue 8 fault list): while it is down the API answers 503 with a
// JSON message, never a 500 and never a request left hanging; once it is back the same app (never
// restarted) answers 200 again by itself, and so does the engine's pass.

const INDISPONIVEL = 'Serviço temporariamente indisponível. Tente novamente em instantes.';
// The pool gives up connecting after 5 s (connectionTimeoutMillis): no request may take much longer.
const LIMITE_MS = 10_000;
const CONCORRENCIA = 6;
const ROTAS = [
  '/api/operador/dashboard',
  '/api/operador/contas-receber/resumo',
  '/api/operador/contas-receber/listar',
  '/api/health',
];

type Resposta = { inicio: number; fim: number; rota: string; status: number | string; mensagem?: string };

/** `CONCORRENCIA` loops of authenticated GETs over real HTTP until stopped; every answer is kept. */
const iniciarCarga = (url: string, autorizacao: Record<string, string>) => {
  const respostas: Resposta[] = [];
  let ativa = true;
  const laco = async (n: number) => {
    for (let i = n; ativa; i++) {
      const rota = ROTAS[i % ROTAS.length] ?? '/api/health';
      const inicio = Date.now();
      try {
        const r = await fetch(`${url}${rota}`, {
          headers: autorizacao,
          signal: AbortSignal.timeout(LIMITE_MS),
        });
        const corpo = (await r.json()) as { message?: string };
        respostas.push({ inicio, fim: Date.now(), rota, status: r.status, mensagem: corpo.message });
      } catch (erro) {
        respostas.push({ inicio, fim: Date.now(), rota, status: (erro as Error).name });
      }
    }
  };
  const lacos = Array.from({ length: CONCORRENCIA }, (_, n) => laco(n));
  return {
    respostas,
    parar: async () => {
      ativa = false;
      await Promise.all(lacos);
    },
  };
};

const ate = async (condicao: () => boolean, prazoMs: number, oQue: string) => {
  const limite = Date.now() + prazoMs;
  while (!condicao()) {
    if (Date.now() > limite) throw new Error(`esperou ${prazoMs} ms por: ${oQue}`);
    await esperar(50);
  }
};

const motivo = testDbKind() === 'postgres' ? motivoSemCluster() : 'roda só no projeto api-postgres';
if (motivo && testDbKind() === 'postgres') console.warn(`banco-reiniciado.int.test.ts pulado: ${motivo}`);

describe.skipIf(motivo !== null)('PostgreSQL restarted mid-load', () => {
  let cluster: ClusterPostgres;
  let database: Database;
  let app: App;
  let url: string;
  const appKey = randomBytes(32);

  beforeAll(async () => {
    cluster = await criarClusterPostgres();
    database = await openPostgres(cluster.url, 5);
    await database.migrate();
    await instalarFila(database, TAREFAS);
    app = await buildApp({ database, appKey });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    cluster?.remover();
  });

  it('answers 503 with a JSON message while it is down and recovers by itself', {
    timeout: 90_000,
  }, async () => {
    const operador = await createTestUser(database, 'operador');
    const carga = iniciarCarga(url, await entrar(url, operador.email, operador.password));
    const passada = () => executarPassada(depsDoProcesso(database.db, appKey, 'cli'));
    try {
      await ate(
        () => carga.respostas.filter((r) => r.status === 200).length >= 20,
        20_000,
        '20 respostas 200',
      );

      cluster.parar();
      const parouEm = Date.now();
      await ate(
        () => carga.respostas.filter((r) => r.inicio > parouEm).length >= 30,
        20_000,
        '30 respostas com o banco parado',
      );
      const saude = await fetch(`${url}/api/health`);
      expect(saude.status).toBe(503);
      expect(await saude.json()).toEqual({ code: 'BANCO_INDISPONIVEL', message: INDISPONIVEL });
      const falha = await passada().then(
        () => 'a passada terminou sem banco',
        (erro: unknown) => erro,
      );
      expect(falha).toBeInstanceOf(Error);
      expect(String((falha as Error).cause ?? falha)).toMatch(/ECONNREFUSED|connect/);

      const voltouEm = Date.now();
      cluster.iniciar();
      await ate(
        () => carga.respostas.filter((r) => r.inicio > voltouEm && r.status === 200).length >= 20,
        20_000,
        '20 respostas 200 depois de o banco voltar',
      );
      expect(await passada()).toMatchObject({ enviadas: 0 });
      await carga.parar();

      const { respostas } = carga;
      const fora = respostas.filter((r) => r.inicio > parouEm && r.fim < voltouEm);
      expect(fora.length).toBeGreaterThanOrEqual(30);
      for (const r of fora) expect(r).toMatchObject({ status: 503, mensagem: INDISPONIVEL });
      // Requests caught in the middle of the stop or the start may go either way, but only these two.
      for (const r of respostas)
        expect([200, 503], `${r.rota}: ${r.status} ${r.mensagem}`).toContain(r.status);
      expect(Math.max(...respostas.map((r) => r.fim - r.inicio))).toBeLessThan(LIMITE_MS);
      // Recovered for good: everything started after the first success back was a success.
      const deVolta = respostas.find((r) => r.inicio > voltouEm && r.status === 200);
      const depois = respostas.filter((r) => deVolta && r.inicio > deVolta.fim);
      expect(depois.length).toBeGreaterThan(0);
      expect(depois.filter((r) => r.status !== 200)).toEqual([]);
    } finally {
      await carga.parar();
    }
  });
});
