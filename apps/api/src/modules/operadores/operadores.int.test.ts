import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  loginAs,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { auditLogs, usuarios } from '../../db/schema/index.ts';

let t: TestApp;
let admin: TestUser;
let superAdmin: TestUser;
let adminToken: string;

const IP = '203.0.113.20';
const NOVA_SENHA = 'OutraSenha456';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createTestUser(t.database, 'admin', { name: 'Admin Operadores' });
  superAdmin = await createTestUser(t.database, 'super_admin');
  adminToken = await issueToken(t.database, admin.id);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const api = (method: Method, url: string, payload?: object, token = adminToken) =>
  t.app.inject({ method, url, headers: bearer(token), remoteAddress: IP, ...(payload ? { payload } : {}) });

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

const auditoriaDe = (entidadeId: number, acao: string) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entidadeId, String(entidadeId)), eq(auditLogs.acao, acao)))
    .orderBy(asc(auditLogs.id));

const novoOperador = (overrides: { name?: string; email?: string } = {}) =>
  createTestUser(t.database, 'operador', overrides);

const corpoCriacao = (email: string, overrides: object = {}) => ({
  name: 'Operador Novo',
  email,
  password: 'SenhaForte123',
  password_confirmation: 'SenhaForte123',
  ...overrides,
});

describe('GET /api/admin/operadores', () => {
  const listar = async (query: string, token = adminToken) => {
    const response = await api('GET', `/api/admin/operadores?${query}`, undefined, token);
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('lists only operators, ordered by name then id, in the paged shape', async () => {
    const b = await novoOperador({ name: 'Ordem Bruno' });
    const a2 = await novoOperador({ name: 'Ordem Ana' });
    const a1 = await novoOperador({ name: 'Ordem Ana' });
    await createTestUser(t.database, 'admin', { name: 'Ordem Admin' });
    const body = await listar('busca=ordem');
    expect(body.data.map((o: { id: number }) => o.id)).toEqual([
      Math.min(a1.id, a2.id),
      Math.max(a1.id, a2.id),
      b.id,
    ]);
    expect(body).toMatchObject({ current_page: 1, last_page: 1, per_page: 20, total: 3 });
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      name: 'Ordem Ana',
      email: expect.any(String),
      role: 'operador',
      status: 'Ativo',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      last_login_at: null,
    });
  });

  it('lets a super admin list operators too', async () => {
    const token = await issueToken(t.database, superAdmin.id);
    expect((await listar('', token)).total).toBeGreaterThan(0);
  });

  it('finds names regardless of accents and case, and matches the e-mail', async () => {
    const joao = await novoOperador({ name: 'João Conceição', email: 'jc.acento@exemplo.com.br' });
    for (const busca of ['Joao', 'JOÃO', 'conceicao', 'CONCEIÇÃO', 'jc.acento@', 'ACENTO@EXEMPLO']) {
      const body = await listar(`busca=${encodeURIComponent(busca)}`);
      expect(
        body.data.map((o: { id: number }) => o.id),
        busca,
      ).toEqual([joao.id]);
    }
  });

  it('filters by status', async () => {
    const ativo = await novoOperador({ name: 'Filtro Status Ativo' });
    const bloqueado = await createTestUser(t.database, 'operador', {
      name: 'Filtro Status Bloqueado',
      status: 'Bloqueado',
    });
    const ids = async (status: string) =>
      (await listar(`busca=filtro%20status&status=${status}`)).data.map((o: { id: number }) => o.id);
    expect(await ids('Ativo')).toEqual([ativo.id]);
    expect(await ids('Bloqueado')).toEqual([bloqueado.id]);
  });

  it('pages by 20 and answers a page past the end with empty data and the real totals', async () => {
    for (let i = 0; i < 21; i += 1) await novoOperador({ name: `Paginado ${String(i).padStart(2, '0')}` });
    const segunda = await listar('busca=paginado&page=2');
    expect(segunda).toMatchObject({ current_page: 2, last_page: 2, per_page: 20, total: 21 });
    expect(segunda.data.map((o: { name: string }) => o.name)).toEqual(['Paginado 20']);
    expect(await listar('busca=paginado&page=9')).toEqual({
      data: [],
      current_page: 9,
      last_page: 2,
      per_page: 20,
      total: 21,
    });
  });

  it.each(['0', '-1', 'abc', '1.5'])('answers 422 for page=%s', async (page) => {
    const response = await api('GET', `/api/admin/operadores?page=${page}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.page.length).toBeGreaterThan(0);
  });

  it('answers 422 for an unknown status', async () => {
    const response = await api('GET', '/api/admin/operadores?status=Excluido');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.status).toEqual(['Status deve ser Ativo ou Bloqueado.']);
  });

  it.each(['%', '_', '\\', "'; DROP TABLE usuarios; --", "' OR '1'='1"])(
    'treats %s in busca as plain text',
    async (busca) => {
      const body = await listar(`busca=${encodeURIComponent(busca)}`);
      expect(body.total).toBe(0);
      expect(body.data).toEqual([]);
    },
  );

  it('finds a literal % or _ in a name', async () => {
    const estranho = await novoOperador({ name: 'Nome 100%_real' });
    expect((await listar('busca=0%25_r')).data.map((o: { id: number }) => o.id)).toEqual([estranho.id]);
  });

  it('answers 422 for a busca over 120 characters', async () => {
    const response = await api('GET', `/api/admin/operadores?busca=${'a'.repeat(10_000)}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.busca).toEqual(['A busca pode ter no máximo 120 caracteres.']);
  });

  it('answers 403 to an operator', async () => {
    const operador = await novoOperador();
    const token = await issueToken(t.database, operador.id);
    expect((await api('GET', '/api/admin/operadores', undefined, token)).statusCode).toBe(403);
  });
});

describe('POST /api/admin/operadores', () => {
  it('creates an active operator who can sign in, and audits it without secrets', async () => {
    const response = await api('POST', '/api/admin/operadores', corpoCriacao(' Novo.Op@Exemplo.com.br '));
    expect(response.statusCode).toBe(201);
    const conta = response.json();
    expect(conta).toMatchObject({
      name: 'Operador Novo',
      email: 'novo.op@exemplo.com.br',
      role: 'operador',
      status: 'Ativo',
      last_login_at: null,
    });
    expect((await login('novo.op@exemplo.com.br', 'SenhaForte123')).statusCode).toBe(200);
    const [entrada] = await auditoriaDe(conta.id, 'operador.criado');
    expect(entrada).toMatchObject({ usuarioId: admin.id, ip: IP, entidade: 'usuario' });
    expect(JSON.stringify(entrada)).not.toMatch(/SenhaForte123|argon2/);
  });

  it('answers 422 on e-mail when the e-mail is taken in another case', async () => {
    const existente = await novoOperador({ email: 'ja.existe@exemplo.com.br' });
    const response = await api('POST', '/api/admin/operadores', corpoCriacao(existente.email.toUpperCase()));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['Este e-mail já está em uso.'] });
  });

  it.each([
    ['a mismatched confirmation', { password_confirmation: 'Diferente123' }, ['password_confirmation']],
    ['a short password', { password: 'abc1', password_confirmation: 'abc1' }, ['password']],
    [
      'a password without digits',
      { password: 'semnumeros', password_confirmation: 'semnumeros' },
      ['password'],
    ],
    ['an invalid e-mail', { email: 'nao-e-email' }, ['email']],
    ['a one-letter name', { name: 'A' }, ['name']],
    ['an unknown field', { role: 'super_admin' }, ['role']],
  ])('answers 422 for %s, naming the fields', async (_caso, overrides, campos) => {
    const response = await api(
      'POST',
      '/api/admin/operadores',
      corpoCriacao('valida@exemplo.com.br', overrides),
    );
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(campos);
  });

  it('answers 422 naming every missing field', async () => {
    const response = await api('POST', '/api/admin/operadores', {});
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'email',
      'name',
      'password',
      'password_confirmation',
    ]);
  });
});

describe('GET /api/admin/operadores/:id', () => {
  it('returns the operator', async () => {
    const operador = await novoOperador({ name: 'Ver Operador' });
    const response = await api('GET', `/api/admin/operadores/${operador.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: operador.id, name: 'Ver Operador', role: 'operador' });
  });

  it('answers 404 JSON for an admin id and for a missing id', async () => {
    for (const id of [admin.id, superAdmin.id, 999_999]) {
      const response = await api('GET', `/api/admin/operadores/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 'USUARIO_NAO_ENCONTRADO',
        message: 'Operador não encontrado.',
      });
    }
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])('answers 422 for the id %s', async (id) => {
    const response = await api('GET', `/api/admin/operadores/${id}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.id.length).toBeGreaterThan(0);
  });
});

describe('PUT /api/admin/operadores/:id', () => {
  it('changes name and e-mail and audits what changed', async () => {
    const operador = await novoOperador({ name: 'Antes Nome', email: 'antes@exemplo.com.br' });
    const response = await api('PUT', `/api/admin/operadores/${operador.id}`, {
      name: 'Depois Nome',
      email: 'Depois@Exemplo.com.br',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Depois Nome', email: 'depois@exemplo.com.br' });
    const [entrada] = await auditoriaDe(operador.id, 'operador.atualizado');
    expect(entrada).toMatchObject({ usuarioId: admin.id, ip: IP });
    expect(entrada?.detalhes).toEqual({
      name: { de: 'Antes Nome', para: 'Depois Nome' },
      email: { de: 'antes@exemplo.com.br', para: 'depois@exemplo.com.br' },
    });
  });

  it('keeps the operator’s own e-mail without complaint', async () => {
    const operador = await novoOperador();
    const response = await api('PUT', `/api/admin/operadores/${operador.id}`, {
      email: operador.email.toUpperCase(),
      name: 'Mesmo Email',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(operador.email);
  });

  it('answers 422 on e-mail when changing to a taken e-mail in another case', async () => {
    const operador = await novoOperador();
    const response = await api('PUT', `/api/admin/operadores/${operador.id}`, {
      email: admin.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['Este e-mail já está em uso.'] });
  });

  it('changes the password, signs the operator out everywhere and audits without secrets', async () => {
    const operador = await novoOperador();
    const token = await loginAs(t.app, operador);
    const response = await api('PUT', `/api/admin/operadores/${operador.id}`, {
      password: NOVA_SENHA,
      password_confirmation: NOVA_SENHA,
    });
    expect(response.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await login(operador.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(operador.email, NOVA_SENHA)).statusCode).toBe(200);
    const entradas = await auditoriaDe(operador.id, 'operador.senha_alterada');
    expect(entradas).toHaveLength(1);
    expect(entradas[0]).toMatchObject({ usuarioId: admin.id, ip: IP, detalhes: { sessoes_revogadas: 1 } });
    expect(await auditoriaDe(operador.id, 'operador.atualizado')).toEqual([]);
    const todas = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entidadeId, String(operador.id)));
    expect(JSON.stringify(todas)).not.toMatch(new RegExp(`${NOVA_SENHA}|argon2`));
  });

  it.each([
    ['an empty body', {}, ['body']],
    [
      'a mismatched confirmation',
      { password: NOVA_SENHA, password_confirmation: 'x' },
      ['password_confirmation'],
    ],
    ['a weak password', { password: 'curta', password_confirmation: 'curta' }, ['password']],
    ['an unknown field', { name: 'Nome Valido', status: 'Bloqueado' }, ['status']],
  ])('answers 422 for %s', async (_caso, payload, campos) => {
    const operador = await novoOperador();
    const response = await api('PUT', `/api/admin/operadores/${operador.id}`, payload);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(campos);
  });

  it('answers 404 for an admin id and leaves the admin untouched', async () => {
    const response = await api('PUT', `/api/admin/operadores/${admin.id}`, { name: 'Invasor' });
    expect(response.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(usuarios).where(eq(usuarios.id, admin.id));
    expect(row?.name).toBe('Admin Operadores');
  });
});

describe('PATCH /api/admin/operadores/:id/bloquear', () => {
  it('blocks, ends the operator’s sessions at once and refuses their sign-in', async () => {
    const operador = await novoOperador();
    const token = await loginAs(t.app, operador);
    expect((await me(token)).statusCode).toBe(200);
    const response = await api('PATCH', `/api/admin/operadores/${operador.id}/bloquear`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: operador.id, status: 'Bloqueado' });
    expect((await me(token)).statusCode).toBe(401);
    expect((await login(operador.email, operador.password)).statusCode).toBe(403);
  });

  it('audits the block with the caller and ip', async () => {
    const operador = await novoOperador();
    await api('PATCH', `/api/admin/operadores/${operador.id}/bloquear`);
    const [entrada] = await auditoriaDe(operador.id, 'operador.bloqueado');
    expect(entrada).toMatchObject({
      usuarioId: admin.id,
      ip: IP,
      detalhes: { status: { de: 'Ativo', para: 'Bloqueado' }, sessoes_revogadas: 0 },
    });
  });

  it('answers 409 when already blocked, and audits nothing more', async () => {
    const operador = await novoOperador();
    await api('PATCH', `/api/admin/operadores/${operador.id}/bloquear`);
    const response = await api('PATCH', `/api/admin/operadores/${operador.id}/bloquear`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'USUARIO_JA_NO_ESTADO',
      message: 'Esta conta já está bloqueada.',
    });
    expect(await auditoriaDe(operador.id, 'operador.bloqueado')).toHaveLength(1);
  });

  it('lets exactly one of two concurrent blocks win', async () => {
    const operador = await novoOperador();
    const url = `/api/admin/operadores/${operador.id}/bloquear`;
    const respostas = await Promise.all([api('PATCH', url), api('PATCH', url)]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await auditoriaDe(operador.id, 'operador.bloqueado')).toHaveLength(1);
  });

  it('answers 404 for an admin id and 422 for a garbage id', async () => {
    expect((await api('PATCH', `/api/admin/operadores/${superAdmin.id}/bloquear`)).statusCode).toBe(404);
    expect((await api('PATCH', '/api/admin/operadores/999999/bloquear')).statusCode).toBe(404);
    expect((await api('PATCH', '/api/admin/operadores/abc/bloquear')).statusCode).toBe(422);
    const [row] = await t.database.db.select().from(usuarios).where(eq(usuarios.id, superAdmin.id));
    expect(row?.status).toBe('Ativo');
  });

  it('answers 403 to an operator', async () => {
    const alvo = await novoOperador();
    const operador = await novoOperador();
    const token = await issueToken(t.database, operador.id);
    expect(
      (await api('PATCH', `/api/admin/operadores/${alvo.id}/bloquear`, undefined, token)).statusCode,
    ).toBe(403);
  });
});

describe('PATCH /api/admin/operadores/:id/reativar', () => {
  it('reactivates a blocked operator, who can then sign in, and audits it', async () => {
    const operador = await novoOperador();
    await api('PATCH', `/api/admin/operadores/${operador.id}/bloquear`);
    const response = await api('PATCH', `/api/admin/operadores/${operador.id}/reativar`);
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('Ativo');
    expect((await login(operador.email, operador.password)).statusCode).toBe(200);
    const [entrada] = await auditoriaDe(operador.id, 'operador.reativado');
    expect(entrada).toMatchObject({ usuarioId: admin.id, ip: IP });
  });

  it('answers 409 when already active', async () => {
    const operador = await novoOperador();
    const response = await api('PATCH', `/api/admin/operadores/${operador.id}/reativar`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'USUARIO_JA_NO_ESTADO', message: 'Esta conta já está ativa.' });
  });

  it('answers 404 for an admin id', async () => {
    expect((await api('PATCH', `/api/admin/operadores/${admin.id}/reativar`)).statusCode).toBe(404);
  });
});

describe('POST /api/admin/operadores/:id/nova-senha', () => {
  it('generates a strong password shown once, signs the operator out and audits without it', async () => {
    const operador = await novoOperador();
    const token = await loginAs(t.app, operador);
    const response = await api('POST', `/api/admin/operadores/${operador.id}/nova-senha`);
    expect(response.statusCode).toBe(200);
    const { usuario, senha_temporaria: senha } = response.json();
    expect(usuario).toMatchObject({ id: operador.id, role: 'operador', status: 'Ativo' });
    expect(senha).toMatch(/^[a-zA-Z2-9]{4}(-[a-zA-Z2-9]{4}){3}$/);
    expect((await me(token)).statusCode).toBe(401);
    expect((await login(operador.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(operador.email, senha)).statusCode).toBe(200);
    const entradas = await auditoriaDe(operador.id, 'operador.senha_gerada');
    expect(entradas).toHaveLength(1);
    expect(entradas[0]).toMatchObject({ usuarioId: admin.id, ip: IP, detalhes: { sessoes_revogadas: 1 } });
    const todas = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entidadeId, String(operador.id)));
    expect(JSON.stringify(todas)).not.toContain(senha);
  });

  it('gives a different password each time', async () => {
    const operador = await novoOperador();
    const primeira = (await api('POST', `/api/admin/operadores/${operador.id}/nova-senha`)).json();
    const segunda = (await api('POST', `/api/admin/operadores/${operador.id}/nova-senha`)).json();
    expect(primeira.senha_temporaria).not.toBe(segunda.senha_temporaria);
    expect((await login(operador.email, primeira.senha_temporaria)).statusCode).toBe(401);
  });

  it('answers 404 for an admin or the super admin, whose password stays', async () => {
    for (const conta of [admin, superAdmin]) {
      const response = await api('POST', `/api/admin/operadores/${conta.id}/nova-senha`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'USUARIO_NAO_ENCONTRADO' });
      expect(await auditoriaDe(conta.id, 'operador.senha_gerada')).toEqual([]);
    }
    expect((await login(superAdmin.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 404 for a missing id and 422 for a garbage id', async () => {
    expect((await api('POST', '/api/admin/operadores/999999/nova-senha')).statusCode).toBe(404);
    expect((await api('POST', '/api/admin/operadores/abc/nova-senha')).statusCode).toBe(422);
  });

  it('answers 403 to an operator and 401 without a session, changing nothing', async () => {
    const alvo = await novoOperador();
    const operador = await novoOperador();
    const token = await issueToken(t.database, operador.id);
    const url = `/api/admin/operadores/${alvo.id}/nova-senha`;
    expect((await api('POST', url, undefined, token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await login(alvo.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
