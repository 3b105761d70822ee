import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  loginAs,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { apiTokens, usuarios } from '../../db/schema/index.ts';
import { CANAL_SESSOES } from './cache-sessoes.ts';
import * as sessoes from './sessions.repository.ts';

// docs/decisions/024-cache-de-sessoes.md: a session read once is served from the process's cache for
// a few seconds; this process's own revocations are refused on the very next request, any other
// writer's within a second (the trigger's NOTIFY), and a token past its expiry never.

let t: TestApp;
let admin: TestUser;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createTestUser(t.database, 'admin');
  adminToken = await issueToken(t.database, admin.id);
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
const comoAdmin = (method: 'PATCH' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });

/** Counts the database reads of a session from here on. */
const contarLeituras = () => vi.spyOn(sessoes, 'buscarSessaoPorHashToken');

/** Polls every 50 ms until `status` answers, failing after `prazoMs`. */
const respondeEm = async (pedido: () => Promise<{ statusCode: number }>, status: number, prazoMs: number) => {
  const limite = Date.now() + prazoMs;
  for (;;) {
    const { statusCode } = await pedido();
    if (statusCode === status) return;
    if (Date.now() > limite) throw new Error(`ainda ${statusCode} após ${prazoMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const operadorAquecido = async () => {
  const operador = await createTestUser(t.database, 'operador');
  const token = await loginAs(t.app, operador);
  expect((await me(token)).statusCode).toBe(200);
  return { operador, token };
};

describe('session cache', () => {
  it('listens once the app is ready', () => {
    expect(t.app.cacheSessoes.ativo).toBe(true);
  });

  it('reads a session from the database once, then serves it from memory', async () => {
    const operador = await createTestUser(t.database, 'operador');
    const token = await loginAs(t.app, operador);
    const leituras = contarLeituras();
    for (let i = 0; i < 5; i++) expect((await me(token)).json().id).toBe(operador.id);
    expect(leituras.mock.calls.length).toBe(1);
  });

  it('keeps each token’s own session: another user’s token never gets it', async () => {
    const a = await operadorAquecido();
    const b = await operadorAquecido();
    expect((await me(a.token)).json().id).toBe(a.operador.id);
    expect((await me(b.token)).json().id).toBe(b.operador.id);
    expect((await me(`cob_${'B'.repeat(43)}`)).statusCode).toBe(401);
  });

  it('writes the last use once a minute, not on every cached hit', async () => {
    const operador = await createTestUser(t.database, 'operador');
    const token = await loginAs(t.app, operador);
    expect((await me(token)).statusCode).toBe(200);
    const [linha] = await t.database.db
      .select({ id: apiTokens.id, lastUsedAt: apiTokens.lastUsedAt })
      .from(apiTokens)
      .where(eq(apiTokens.usuarioId, operador.id));
    expect(linha?.lastUsedAt).not.toBeNull();
    // A marker an hour old: a hit that wrote the last use would replace it.
    const marcador = new Date(Date.now() - 3_600_000);
    await t.database.db
      .update(apiTokens)
      .set({ lastUsedAt: marcador })
      .where(eq(apiTokens.id, linha?.id ?? 0));
    for (let i = 0; i < 3; i++) expect((await me(token)).statusCode).toBe(200);
    const [depois] = await t.database.db
      .select({ lastUsedAt: apiTokens.lastUsedAt })
      .from(apiTokens)
      .where(eq(apiTokens.id, linha?.id ?? 0));
    expect(depois?.lastUsedAt?.getTime()).toBe(marcador.getTime());
  });

  it('refuses a token past its expiry even while its session is cached', async () => {
    const operador = await createTestUser(t.database, 'operador');
    const expira = Date.now() + 1_500;
    const token = await issueToken(t.database, operador.id, new Date(expira));
    const leituras = contarLeituras();
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    expect(leituras.mock.calls.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expira - Date.now()) + 50));
    const resposta = await me(token);
    expect(resposta.statusCode).toBe(401);
    expect(resposta.json().code).toBe('SESSAO_INVALIDA');
  });

  it('refuses the token on the next request after logout, and keeps the user’s other sessions', async () => {
    const { operador, token } = await operadorAquecido();
    const outro = await loginAs(t.app, operador);
    expect((await me(outro)).statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
    const leituras = contarLeituras();
    expect((await me(outro)).statusCode).toBe(200);
    expect(leituras.mock.calls.length).toBe(0);
  });

  it('refuses the token on the next request after an admin blocks the user, and only that user', async () => {
    const alvo = await operadorAquecido();
    const vizinho = await operadorAquecido();
    expect((await comoAdmin('PATCH', `/api/admin/operadores/${alvo.operador.id}/bloquear`)).statusCode).toBe(
      200,
    );
    expect((await me(alvo.token)).statusCode).toBe(401);
    const leituras = contarLeituras();
    expect((await me(vizinho.token)).statusCode).toBe(200);
    expect(leituras.mock.calls.length).toBe(0);
  });

  it('refuses the token on the next request after a new password (generated or set)', async () => {
    const gerada = await operadorAquecido();
    const resposta = await comoAdmin('POST', `/api/admin/operadores/${gerada.operador.id}/nova-senha`);
    expect(resposta.statusCode).toBe(200);
    expect((await me(gerada.token)).statusCode).toBe(401);

    const definida = await operadorAquecido();
    const senha = 'OutraSenha456';
    const url = `/api/admin/operadores/${definida.operador.id}`;
    expect((await comoAdmin('PUT', url, { password: senha, password_confirmation: senha })).statusCode).toBe(
      200,
    );
    expect((await me(definida.token)).statusCode).toBe(401);
  });

  it('shows a renamed user’s new name on the next request', async () => {
    const { operador, token } = await operadorAquecido();
    const url = `/api/admin/operadores/${operador.id}`;
    expect((await comoAdmin('PUT', url, { name: 'Nome Novo' })).statusCode).toBe(200);
    expect((await me(token)).json().name).toBe('Nome Novo');
  });

  it('refuses a wrong role at once after a role change made by another writer, within a second', async () => {
    const { operador, token } = await operadorAquecido();
    const painel = () =>
      t.app.inject({ method: 'GET', url: '/api/operador/dashboard', headers: bearer(token) });
    expect((await painel()).statusCode).toBe(200);
    await t.database.db.update(usuarios).set({ role: 'admin' }).where(eq(usuarios.id, operador.id));
    await respondeEm(painel, 403, 1_000);
  });

  it('refuses, within a second, a token revoked, or a user deleted, by another writer', async () => {
    const revogado = await operadorAquecido();
    await t.database.db
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(eq(apiTokens.usuarioId, revogado.operador.id));
    await respondeEm(() => me(revogado.token), 401, 1_000);

    const apagado = await operadorAquecido();
    await t.database.db.delete(usuarios).where(eq(usuarios.id, apagado.operador.id));
    await respondeEm(() => me(apagado.token), 401, 1_000);
  });

  it('forgets everything on a notification it cannot read', async () => {
    await operadorAquecido();
    expect(t.app.cacheSessoes.tamanho).toBeGreaterThan(0);
    await t.database.db.execute(sql`SELECT pg_notify(${CANAL_SESSOES}, 'não é JSON')`);
    await respondeEm(async () => ({ statusCode: t.app.cacheSessoes.tamanho }), 0, 1_000);
  });

  it('is not emptied by the writes that do not change a session (a login, a last use)', async () => {
    const { operador, token } = await operadorAquecido();
    const leituras = contarLeituras();
    await loginAs(t.app, operador);
    await t.database.db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiTokens.usuarioId, operador.id));
    // Give a NOTIFY, had there been one, the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await me(token)).statusCode).toBe(200);
    expect(leituras.mock.calls.length).toBe(0);
  });
});
