import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../../test/build-test-app.ts';
import { testDbKind } from '../../../test/test-database.ts';
import { type DoisNos, doisNosPostgres, type Servidor } from '../../falhas/falhas.test-fixtures.ts';
import { DEFAULT_LOGIN_RATE_LIMIT } from './auth.routes.ts';

// docs/decisions/003-sessions-and-rate-limits.md, "Several nodes": two API processes on one PostgreSQL
// share every sign-in budget, so a guesser alternating between them gets no more than from one
// (issue 18). PGlite is one process: PostgreSQL only.

describe.runIf(testDbKind() === 'postgres')('sign-in limits on two API processes', () => {
  let nos: DoisNos;
  let servidores: Servidor[] = [];
  let usuario: TestUser;

  beforeAll(async () => {
    nos = await doisNosPostgres('ef'.repeat(32));
    servidores = nos.servidores;
    usuario = await createTestUser(nos.database, 'operador');
  }, 120_000);
  afterAll(async () => {
    await nos?.fechar();
  });

  /** POST /api/login from a chosen loopback address (each test its own, so budgets do not mix). */
  const tentar = (servidor: Servidor | undefined, origem: string, corpo: unknown) =>
    new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
      if (!servidor) throw new Error('os dois servidores não iniciaram');
      const texto = JSON.stringify(corpo);
      const pedido = request(
        `${servidor.url}/api/login`,
        { method: 'POST', localAddress: origem, headers: { 'content-type': 'application/json' } },
        (resposta) => {
          resposta.resume();
          resposta.on('end', () =>
            resolve({ status: resposta.statusCode ?? 0, retryAfter: resposta.headers['retry-after'] }),
          );
        },
      );
      pedido.on('error', reject);
      pedido.end(texto);
    });

  const alternando = async (quantas: number, origem: string, corpo: unknown) => {
    const respostas = [];
    for (let i = 0; i < quantas; i++) respostas.push(await tentar(servidores[i % 2], origem, corpo));
    return respostas;
  };

  it('wrong passwords sent alternately to both exhaust one (e-mail, address) budget', {
    timeout: 60_000,
  }, async () => {
    const { max } = DEFAULT_LOGIN_RATE_LIMIT.failuresPerEmailAndIp;
    const errada = { email: usuario.email, password: 'chute-errado' };
    const respostas = await alternando(max + 2, '127.0.0.2', errada);
    expect(respostas.map((r) => r.status)).toEqual([...Array(max).fill(401), 429, 429]);
    // The window opened at the first failure; a loaded machine may take a second or more to get here.
    expect(Number(respostas.at(-1)?.retryAfter)).toBeGreaterThan(880);
    expect(Number(respostas.at(-1)?.retryAfter)).toBeLessThanOrEqual(900);
    // Refused by both, even with the right password; the owner elsewhere still gets in.
    const certa = { email: usuario.email, password: usuario.password };
    for (const servidor of servidores) expect((await tentar(servidor, '127.0.0.2', certa)).status).toBe(429);
    expect((await tentar(servidores[1], '127.0.0.5', certa)).status).toBe(200);
  });

  it('a parallel burst split over both reaches only the budget in password checks', {
    timeout: 60_000,
  }, async () => {
    const { max } = DEFAULT_LOGIN_RATE_LIMIT.failuresPerEmailAndIp;
    const errada = { email: usuario.email.toUpperCase(), password: 'errada' };
    const rajada = await Promise.all(
      Array.from({ length: 3 * max }, (_, i) => tentar(servidores[i % 2], '127.0.0.3', errada)),
    );
    const status = rajada.map((r) => r.status);
    expect(status.filter((s) => s === 401)).toHaveLength(max);
    expect(status.filter((s) => s === 429)).toHaveLength(2 * max);
  });

  it('counts every attempt from one address on both, malformed ones included', {
    timeout: 60_000,
  }, async () => {
    const { max } = DEFAULT_LOGIN_RATE_LIMIT.perIp;
    const respostas = await alternando(max + 1, '127.0.0.4', { email: 'x', password: '' });
    expect(respostas.slice(0, max).every((r) => r.status === 422)).toBe(true);
    expect(respostas[max]?.status).toBe(429);
    expect(Number(respostas[max]?.retryAfter)).toBeGreaterThan(0);
    expect(Number(respostas[max]?.retryAfter)).toBeLessThanOrEqual(60);
  });
});
