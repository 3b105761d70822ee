import { ROLES } from '@cobranca/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  loginAs,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { apiTokens, auditLogs, usuarios } from '../../db/schema/index.ts';

let t: TestApp;
let operador: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  operador = await createTestUser(t.database, 'operador', {
    email: 'Maria.Silva@Exemplo.com.br',
    name: 'Maria Silva',
  });
});
afterAll(() => t.close());

const postLogin = (payload: unknown, ip = '10.1.1.1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: payload as object, remoteAddress: ip });

describe('POST /api/login', () => {
  it.each(ROLES)('signs a %s in and returns token and user', async (role) => {
    const user = await createTestUser(t.database, role);
    const response = await postLogin({ email: user.email, password: user.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^cob_[A-Za-z0-9_-]{43}$/);
    expect(body.user).toEqual({ id: user.id, name: user.name, email: user.email, role });
    expect(new Date(body.expires_at).getTime() - Date.now()).toBeGreaterThan(11.9 * 3_600_000);
  });

  it('stores only the hash of the token', async () => {
    const { token } = (await postLogin({ email: operador.email, password: operador.password })).json();
    const rows = await t.database.db.select({ hash: apiTokens.tokenHash }).from(apiTokens);
    expect(rows.some((r) => r.hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
  });

  it('matches the e-mail regardless of case and surrounding spaces', async () => {
    for (const email of [
      'maria.silva@exemplo.com.br',
      'MARIA.SILVA@EXEMPLO.COM.BR',
      '  Maria.Silva@exemplo.com.BR ',
    ]) {
      expect((await postLogin({ email, password: operador.password })).statusCode).toBe(200);
    }
  });

  it('answers 401 with a pt-BR message for a wrong password or an unknown e-mail', async () => {
    const wrong = await postLogin({ email: operador.email, password: 'errada123' });
    const unknown = await postLogin({ email: 'ninguem@exemplo.com.br', password: 'errada123' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'LOGIN_INVALIDO', message: 'E-mail ou senha inválidos.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 403 for a blocked account, with the right password', async () => {
    const blocked = await createTestUser(t.database, 'operador', { status: 'Bloqueado' });
    const response = await postLogin({ email: blocked.email, password: blocked.password });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('USUARIO_BLOQUEADO');
    expect(response.json().message).toMatch(/bloqueada/);
  });

  it('does not reveal that a blocked account exists when the password is wrong', async () => {
    const blocked = await createTestUser(t.database, 'operador', { status: 'Bloqueado' });
    expect((await postLogin({ email: blocked.email, password: 'errada' })).statusCode).toBe(401);
  });

  describe('malformed input', () => {
    const raw = (payload: string, contentType = 'application/json') =>
      t.app.inject({ method: 'POST', url: '/api/login', payload, headers: { 'content-type': contentType } });

    it('answers 422 for an empty JSON body', async () => {
      const response = await raw('');
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'DADOS_INVALIDOS',
        message: expect.any(String),
        errors: { body: [expect.any(String)] },
      });
    });

    it('answers 422 for garbage that is not JSON', async () => {
      const response = await raw('{"email": "a@b.c", password');
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.body[0]).toMatch(/JSON/);
    });

    it('answers 415 for a body that is not JSON', async () => {
      const response = await raw('email=a@b.c', 'application/x-www-form-urlencoded');
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        code: 'TIPO_DE_CONTEUDO_NAO_SUPORTADO',
        message: 'Tipo de conteúdo não suportado.',
      });
    });

    it.each([
      ['missing fields', {}, ['email', 'password']],
      ['wrong types', { email: 42, password: ['x'] }, ['email', 'password']],
      ['a JSON array', [], ['body']],
      ['null values', { email: null, password: null }, ['email', 'password']],
      ['an invalid e-mail', { email: 'nao-e-email', password: 'x' }, ['email']],
      ['an empty password', { email: 'a@exemplo.com', password: '' }, ['password']],
      ['a very long e-mail', { email: `${'a'.repeat(10_000)}@exemplo.com`, password: 'x' }, ['email']],
      ['a very long password', { email: 'a@exemplo.com', password: 'x'.repeat(100_000) }, ['password']],
      ['unknown fields', { email: 'a@exemplo.com', password: 'x', role: 'super_admin' }, ['role']],
      [
        'a prototype-pollution key',
        JSON.parse('{"email":"a@exemplo.com","password":"x","__proto__":{"admin":true}}'),
        [],
      ],
    ])('answers 422 for %s, naming the fields', async (_case, payload, fields) => {
      const response = await postLogin(payload);
      if (fields.length === 0) {
        expect([401, 422]).toContain(response.statusCode);
        expect(({} as Record<string, unknown>).admin).toBeUndefined();
        return;
      }
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(body.message).toBe('Os dados enviados são inválidos.');
      for (const field of fields) expect(body.errors[field]?.length).toBeGreaterThan(0);
    });

    // Regression: these names live on Object.prototype, and the field-error collector once answered 500.
    it.each([
      'constructor',
      'toString',
      'valueOf',
      'hasOwnProperty',
      '__defineGetter__',
      'isPrototypeOf',
      'propertyIsEnumerable',
      'toLocaleString',
    ])("answers the app's 422 for an unknown field named %s", async (key) => {
      const response = await postLogin({ email: 'a@b.com', password: 'x', [key]: 1 });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        code: 'DADOS_INVALIDOS',
        message: 'Os dados enviados são inválidos.',
        errors: { [key]: ['Campo não permitido.'] },
      });
    });

    it('answers 413 for a body over the size limit', async () => {
      const response = await postLogin({ email: 'a@exemplo.com', password: 'x'.repeat(2 * 1024 * 1024) });
      expect(response.statusCode).toBe(413);
      expect(response.json().code).toBe('CORPO_GRANDE_DEMAIS');
      expect(response.json().message).toMatch(/tamanho máximo/);
    });

    it.each(["' OR '1'='1", "admin@exemplo.com'; DROP TABLE usuarios; --", 'a@exemplo.com" OR 1=1 --'])(
      'treats SQL metacharacters as data (%s)',
      async (value) => {
        const asEmail = await postLogin({ email: value, password: "' OR '1'='1" });
        const asPassword = await postLogin({ email: operador.email, password: value });
        expect([401, 422]).toContain(asEmail.statusCode);
        expect(asPassword.statusCode).toBe(401);
        const [row] = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(usuarios);
        expect(row?.count).toBeGreaterThan(0);
      },
    );
  });

  it('writes sign-ins and failed sign-ins to the audit log with the ip', async () => {
    await postLogin({ email: operador.email, password: operador.password }, '203.0.113.7');
    await postLogin({ email: operador.email, password: 'errada' }, '203.0.113.8');
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.usuarioId, operador.id))
      .orderBy(desc(auditLogs.id))
      .limit(2);
    expect(entries.map((e) => [e.acao, e.ip])).toEqual([
      ['auth.login_falhou', '203.0.113.8'],
      ['auth.login', '203.0.113.7'],
    ]);
  });
});

describe('GET /api/me', () => {
  it('returns the signed-in user', async () => {
    const token = await loginAs(t.app, operador);
    const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: operador.id,
      name: 'Maria Silva',
      email: operador.email,
      role: 'operador',
    });
  });

  it.each([
    ['no header', undefined, 'NAO_AUTENTICADO'],
    ['a non-bearer scheme', 'Basic dXNlcjpwYXNz', 'NAO_AUTENTICADO'],
    ['a token of another format', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.abc', 'NAO_AUTENTICADO'],
    ['a well-formed unknown token', `Bearer cob_${'A'.repeat(43)}`, 'SESSAO_INVALIDA'],
    ['an empty bearer', 'Bearer ', 'NAO_AUTENTICADO'],
  ])('answers 401 with %s', async (_case, authorization, code) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code, message: expect.any(String) });
  });

  it('answers 401 for an expired token', async () => {
    const token = await loginAs(t.app, operador);
    await t.database.db.update(apiTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });

  it('answers 401 for the token of a deleted user', async () => {
    const gone = await createTestUser(t.database, 'admin');
    const token = await loginAs(t.app, gone);
    await t.database.db.delete(usuarios).where(eq(usuarios.id, gone.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });

  it('answers 401 within a second when the user is blocked by any writer', async () => {
    const user = await createTestUser(t.database, 'operador');
    const token = await loginAs(t.app, user);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    // Written past this process's code, as another process would: the trigger's NOTIFY evicts the cached
    // session (at once on PGlite, on the listener's next read on PostgreSQL; docs/decisions/024).
    await t.database.db.update(usuarios).set({ status: 'Bloqueado' }).where(eq(usuarios.id, user.id));
    const ate = Date.now() + 1_000;
    let response = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    while (response.statusCode === 200 && Date.now() < ate) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      response = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    }
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/bloqueada/);
  });
});

describe('POST /api/logout', () => {
  it('revokes the token, audits it, and the same token then gets 401', async () => {
    const user = await createTestUser(t.database, 'admin');
    const token = await loginAs(t.app, user, '198.51.100.4');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(token),
      remoteAddress: '198.51.100.4',
    });
    expect(response.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode,
    ).toBe(401);
    const [entry] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.usuarioId, user.id), eq(auditLogs.acao, 'auth.logout')));
    expect(entry?.ip).toBe('198.51.100.4');
  });

  it('leaves the user’s other sessions alive', async () => {
    const user = await createTestUser(t.database, 'operador');
    const first = await loginAs(t.app, user);
    const second = await loginAs(t.app, user);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first) });
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(second) })).statusCode).toBe(
      200,
    );
  });
});
