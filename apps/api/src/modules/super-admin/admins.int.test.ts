import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  loginAs,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { auditLogs, usuarios } from '../../db/schema/index.ts';

let t: TestApp;
let superAdmin: TestUser;
let superToken: string;

const IP = '203.0.113.30';

beforeAll(async () => {
  t = await buildTestApp();
  superAdmin = await createTestUser(t.database, 'super_admin', { name: 'Chefe Supremo' });
  superToken = await issueToken(t.database, superAdmin.id);
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = superToken) =>
  t.app.inject({ method, url, headers: bearer(token), remoteAddress: IP, ...(payload ? { payload } : {}) });

const auditoriaDe = (entidadeId: number, acao: string) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entidadeId, String(entidadeId)), eq(auditLogs.acao, acao)));

const statusDe = async (id: number) =>
  (await t.database.db.select().from(usuarios).where(eq(usuarios.id, id)))[0]?.status;

describe('GET /api/super-admin/admins', () => {
  it('lists admins and super admins but no operators, ordered by name', async () => {
    const admin = await createTestUser(t.database, 'admin', { name: 'Lista Beatriz' });
    const outroSuper = await createTestUser(t.database, 'super_admin', { name: 'Lista Álvaro' });
    await createTestUser(t.database, 'operador', { name: 'Lista Operador' });
    const response = await api('GET', '/api/super-admin/admins?busca=lista');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((c: { id: number; role: string }) => [c.id, c.role])).toEqual([
      [outroSuper.id, 'super_admin'],
      [admin.id, 'admin'],
    ]);
    expect(body).toMatchObject({ current_page: 1, last_page: 1, per_page: 20, total: 2 });
  });

  it('searches without accents and filters by status', async () => {
    const bloqueado = await createTestUser(t.database, 'admin', {
      name: 'Lúcia Bloqueada',
      status: 'Bloqueado',
    });
    const response = await api('GET', '/api/super-admin/admins?busca=LUCIA&status=Bloqueado');
    expect(response.json().data.map((c: { id: number }) => c.id)).toEqual([bloqueado.id]);
    expect((await api('GET', '/api/super-admin/admins?busca=lucia&status=Ativo')).json().total).toBe(0);
  });

  it('answers a page past the end with empty data and the real totals, and 422 for page=0', async () => {
    const alem = (await api('GET', '/api/super-admin/admins?page=50')).json();
    expect(alem.data).toEqual([]);
    expect(alem.total).toBeGreaterThan(0);
    expect(alem.last_page).toBe(1);
    expect((await api('GET', '/api/super-admin/admins?page=0')).statusCode).toBe(422);
  });

  it.each(['admin', 'operador'] as const)('answers 403 to an %s', async (role) => {
    const user = await createTestUser(t.database, role);
    const token = await issueToken(t.database, user.id);
    expect((await api('GET', '/api/super-admin/admins', undefined, token)).statusCode).toBe(403);
  });
});

describe('POST /api/super-admin/admins', () => {
  const corpo = (email: string) => ({
    name: 'Admin Criado',
    email,
    password: 'SenhaAdmin123',
    password_confirmation: 'SenhaAdmin123',
  });

  it('creates an admin (never a super admin) who can sign in, and audits it', async () => {
    const response = await api('POST', '/api/super-admin/admins', corpo('admin.criado@exemplo.com.br'));
    expect(response.statusCode).toBe(201);
    const conta = response.json();
    expect(conta).toMatchObject({ role: 'admin', status: 'Ativo', email: 'admin.criado@exemplo.com.br' });
    await loginAs(t.app, { email: conta.email, password: 'SenhaAdmin123' });
    const [entrada] = await auditoriaDe(conta.id, 'admin.criado');
    expect(entrada).toMatchObject({ usuarioId: superAdmin.id, ip: IP });
    expect(JSON.stringify(entrada)).not.toMatch(/SenhaAdmin123|argon2/);
  });

  it('answers 422 on e-mail when it is taken in another case', async () => {
    const response = await api('POST', '/api/super-admin/admins', corpo(superAdmin.email.toUpperCase()));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['Este e-mail já está em uso.'] });
  });

  it('answers 422 for a mismatched confirmation', async () => {
    const response = await api('POST', '/api/super-admin/admins', {
      ...corpo('outro@exemplo.com.br'),
      password_confirmation: 'Outra123',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['password_confirmation']);
  });

  it('answers 403 to an admin', async () => {
    const admin = await createTestUser(t.database, 'admin');
    const token = await issueToken(t.database, admin.id);
    const response = await api('POST', '/api/super-admin/admins', corpo('x@exemplo.com.br'), token);
    expect(response.statusCode).toBe(403);
  });
});

describe('PATCH /api/super-admin/admins/:id/bloquear', () => {
  it('blocks an admin, whose token then gets 401 and whose sign-in gets 403', async () => {
    const admin = await createTestUser(t.database, 'admin');
    const token = await loginAs(t.app, admin);
    const response = await api('PATCH', `/api/super-admin/admins/${admin.id}/bloquear`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: admin.id, status: 'Bloqueado' });
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(
      401,
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: admin.email, password: admin.password },
    });
    expect(login.statusCode).toBe(403);
    const [entrada] = await auditoriaDe(admin.id, 'admin.bloqueado');
    expect(entrada).toMatchObject({ usuarioId: superAdmin.id, ip: IP, detalhes: { sessoes_revogadas: 1 } });
  });

  it('blocks another super admin', async () => {
    const outro = await createTestUser(t.database, 'super_admin');
    expect((await api('PATCH', `/api/super-admin/admins/${outro.id}/bloquear`)).statusCode).toBe(200);
  });

  it('refuses to block the caller’s own account with 422', async () => {
    const response = await api('PATCH', `/api/super-admin/admins/${superAdmin.id}/bloquear`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'AUTO_BLOQUEIO',
      message: 'Você não pode bloquear a sua própria conta.',
      errors: { id: ['Você não pode bloquear a sua própria conta.'] },
    });
    expect(await statusDe(superAdmin.id)).toBe('Ativo');
  });

  it('answers 404 for an operator id or a missing id, and 422 for a garbage id', async () => {
    const operador = await createTestUser(t.database, 'operador');
    const response = await api('PATCH', `/api/super-admin/admins/${operador.id}/bloquear`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'USUARIO_NAO_ENCONTRADO',
      message: 'Administrador não encontrado.',
    });
    expect(await statusDe(operador.id)).toBe('Ativo');
    expect((await api('PATCH', '/api/super-admin/admins/999999/bloquear')).statusCode).toBe(404);
    expect((await api('PATCH', '/api/super-admin/admins/0/bloquear')).statusCode).toBe(422);
  });

  it('answers 409 when already blocked, and one 200 + one 409 for two concurrent blocks', async () => {
    const admin = await createTestUser(t.database, 'admin');
    const url = `/api/super-admin/admins/${admin.id}/bloquear`;
    const respostas = await Promise.all([api('PATCH', url), api('PATCH', url)]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const terceira = await api('PATCH', url);
    expect(terceira.statusCode).toBe(409);
    expect(terceira.json()).toEqual({
      code: 'USUARIO_JA_NO_ESTADO',
      message: 'Esta conta já está bloqueada.',
    });
    expect(await auditoriaDe(admin.id, 'admin.bloqueado')).toHaveLength(1);
  });

  it('answers 403 to an admin', async () => {
    const alvo = await createTestUser(t.database, 'admin');
    const admin = await createTestUser(t.database, 'admin');
    const token = await issueToken(t.database, admin.id);
    expect(
      (await api('PATCH', `/api/super-admin/admins/${alvo.id}/bloquear`, undefined, token)).statusCode,
    ).toBe(403);
    expect(await statusDe(alvo.id)).toBe('Ativo');
  });
});

describe('PATCH /api/super-admin/admins/:id/reativar', () => {
  it('reactivates a blocked admin and audits it', async () => {
    const admin = await createTestUser(t.database, 'admin', { status: 'Bloqueado' });
    const response = await api('PATCH', `/api/super-admin/admins/${admin.id}/reativar`);
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('Ativo');
    await loginAs(t.app, admin);
    const [entrada] = await auditoriaDe(admin.id, 'admin.reativado');
    expect(entrada).toMatchObject({ usuarioId: superAdmin.id, ip: IP });
  });

  it('answers 409 when already active', async () => {
    const admin = await createTestUser(t.database, 'admin');
    const response = await api('PATCH', `/api/super-admin/admins/${admin.id}/reativar`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'USUARIO_JA_NO_ESTADO', message: 'Esta conta já está ativa.' });
  });

  it('answers 404 for a blocked operator', async () => {
    const operador = await createTestUser(t.database, 'operador', { status: 'Bloqueado' });
    expect((await api('PATCH', `/api/super-admin/admins/${operador.id}/reativar`)).statusCode).toBe(404);
    expect(await statusDe(operador.id)).toBe('Bloqueado');
  });
});

describe('POST /api/super-admin/admins/:id/nova-senha', () => {
  it('generates a password for an admin, signs them out and audits without it', async () => {
    const admin = await createTestUser(t.database, 'admin');
    const token = await loginAs(t.app, admin);
    const response = await api('POST', `/api/super-admin/admins/${admin.id}/nova-senha`);
    expect(response.statusCode).toBe(200);
    const { usuario, senha_temporaria: senha } = response.json();
    expect(usuario).toMatchObject({ id: admin.id, role: 'admin' });
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(
      401,
    );
    await loginAs(t.app, { email: admin.email, password: senha });
    const [entrada] = await auditoriaDe(admin.id, 'admin.senha_gerada');
    expect(entrada).toMatchObject({ usuarioId: superAdmin.id, ip: IP, detalhes: { sessoes_revogadas: 1 } });
    expect(JSON.stringify(entrada)).not.toContain(senha);
  });

  it('refuses the caller’s own account with 422, keeping its password', async () => {
    const response = await api('POST', `/api/super-admin/admins/${superAdmin.id}/nova-senha`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: { id: ['Você não pode gerar uma senha temporária para a sua própria conta.'] },
    });
    await loginAs(t.app, superAdmin);
  });

  it('answers 404 for an operator id', async () => {
    const operador = await createTestUser(t.database, 'operador');
    expect((await api('POST', `/api/super-admin/admins/${operador.id}/nova-senha`)).statusCode).toBe(404);
  });

  it.each(['admin', 'operador'] as const)('answers 403 to an %s', async (role) => {
    const alvo = await createTestUser(t.database, 'admin');
    const user = await createTestUser(t.database, role);
    const token = await issueToken(t.database, user.id);
    const url = `/api/super-admin/admins/${alvo.id}/nova-senha`;
    expect((await api('POST', url, undefined, token)).statusCode).toBe(403);
    expect(await auditoriaDe(alvo.id, 'admin.senha_gerada')).toEqual([]);
  });
});
