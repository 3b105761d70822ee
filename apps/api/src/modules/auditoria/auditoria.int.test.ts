import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { auditLogs } from '../../db/schema/index.ts';

let t: TestApp;
let admin: TestUser;
let operador: TestUser;
let adminToken: string;

type Entrada = {
  acao: string;
  createdAt: Date;
  usuarioId?: number | null;
  detalhes?: Record<string, unknown>;
};

const inserir = async (entrada: Entrada): Promise<number> => {
  const [row] = await t.database.db
    .insert(auditLogs)
    .values({ descricao: `teste ${entrada.acao}`, entidade: 'teste', ip: '198.51.100.1', ...entrada })
    .returning({ id: auditLogs.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
};

// Fixed instants around the São Paulo midnight of 2020-03-10 (03:00 UTC).
const PERIODO = {
  a: new Date('2020-03-10T02:30:00Z'), // 2020-03-09 23:30 in São Paulo
  b: new Date('2020-03-10T03:00:00Z'), // 2020-03-10 00:00
  c: new Date('2020-03-11T02:59:59.999Z'), // 2020-03-10 23:59:59.999
  d: new Date('2020-03-11T03:00:00Z'), // 2020-03-11 00:00
};
const ids = {} as Record<keyof typeof PERIODO, number>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createTestUser(t.database, 'admin', { name: 'Admin Logs' });
  operador = await createTestUser(t.database, 'operador', { name: 'Operador Logs' });
  adminToken = await issueToken(t.database, admin.id);
  for (const chave of ['a', 'b', 'c', 'd'] as const)
    ids[chave] = await inserir({ acao: 'teste.periodo', createdAt: PERIODO[chave], usuarioId: operador.id });
});
afterAll(() => t.close());

const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const idsDe = async (query: string) => {
  const response = await get(`/api/admin/logs?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().data.map((e: { id: number }) => e.id);
};

describe('GET /api/admin/logs', () => {
  it('returns entries newest first with the user as {id, name}', async () => {
    const response = await get('/api/admin/logs?acao=teste.periodo');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((e: { id: number }) => e.id)).toEqual([ids.d, ids.c, ids.b, ids.a]);
    expect(body).toMatchObject({ current_page: 1, last_page: 1, per_page: 20, total: 4 });
    expect(body.data[0]).toEqual({
      id: ids.d,
      created_at: '2020-03-11T03:00:00.000Z',
      acao: 'teste.periodo',
      descricao: 'teste teste.periodo',
      usuario: { id: operador.id, name: 'Operador Logs' },
      ip: '198.51.100.1',
      entidade: 'teste',
      entidade_id: null,
      detalhes: null,
    });
  });

  it('breaks ties of the same instant by the newest id, and shows a missing user as null', async () => {
    const instante = new Date('2019-05-05T12:00:00Z');
    const primeiro = await inserir({ acao: 'teste.empate', createdAt: instante, detalhes: { n: 1 } });
    const segundo = await inserir({ acao: 'teste.empate', createdAt: instante, usuarioId: null });
    const body = (await get('/api/admin/logs?acao=teste.empate')).json();
    expect(body.data.map((e: { id: number }) => e.id)).toEqual([segundo, primeiro]);
    expect(body.data[0].usuario).toBeNull();
    expect(body.data[1].detalhes).toEqual({ n: 1 });
  });

  it.each([
    ['a single São Paulo day, inclusive at both ends', 'de=2020-03-10&ate=2020-03-10', ['c', 'b']],
    ['the day before, which owns 02:30 UTC of the next', 'de=2020-03-09&ate=2020-03-09', ['a']],
    ['a range of days', 'de=2020-03-09&ate=2020-03-11', ['d', 'c', 'b', 'a']],
    ['only a start day', 'de=2020-03-11', ['d']],
    ['only an end day', 'ate=2020-03-09', ['a']],
  ] as const)('filters by %s', async (_caso, periodo, esperados) => {
    expect(await idsDe(`acao=teste.periodo&${periodo}`)).toEqual(esperados.map((k) => ids[k]));
  });

  it('filters by usuario_id', async () => {
    const outro = await createTestUser(t.database, 'operador');
    const id = await inserir({ acao: 'teste.usuario', createdAt: new Date(), usuarioId: outro.id });
    await inserir({ acao: 'teste.usuario', createdAt: new Date(), usuarioId: operador.id });
    expect(await idsDe(`usuario_id=${outro.id}&acao=teste.usuario`)).toEqual([id]);
    expect(await idsDe('usuario_id=999999')).toEqual([]);
  });

  it('shows the newest real entries first (the admin’s own actions are there)', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/operadores/${operador.id}/bloquear`,
      headers: bearer(adminToken),
    });
    const [primeira] = (await get('/api/admin/logs')).json().data;
    expect(primeira).toMatchObject({
      acao: 'operador.bloqueado',
      usuario: { id: admin.id, name: 'Admin Logs' },
    });
  });

  it('pages by 20 and answers a page past the end with empty data and the real totals', async () => {
    for (let i = 0; i < 21; i += 1)
      await inserir({ acao: 'teste.pagina', createdAt: new Date(Date.UTC(2018, 0, 1, 0, i)) });
    const segunda = (await get('/api/admin/logs?acao=teste.pagina&page=2')).json();
    expect(segunda).toMatchObject({ current_page: 2, last_page: 2, total: 21 });
    expect(segunda.data.map((e: { created_at: string }) => e.created_at)).toEqual([
      '2018-01-01T00:00:00.000Z',
    ]);
    expect((await get('/api/admin/logs?acao=teste.pagina&page=7')).json()).toEqual({
      data: [],
      current_page: 7,
      last_page: 2,
      per_page: 20,
      total: 21,
    });
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['de=10/03/2020', 'de'],
    ['ate=2020-02-30', 'ate'],
    ['de=2020-03-11&ate=2020-03-10', 'ate'],
    ['usuario_id=abc', 'usuario_id'],
    ['usuario_id=0', 'usuario_id'],
    [`acao=${'x'.repeat(81)}`, 'acao'],
  ])('answers 422 for %s, naming %s', async (query, campo) => {
    const response = await get(`/api/admin/logs?${query}`);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual([campo]);
  });

  it.each(["'; DROP TABLE audit_logs; --", '%', '_'])('treats acao=%s as a plain value', async (acao) => {
    const response = await get(`/api/admin/logs?acao=${encodeURIComponent(acao)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().total).toBe(0);
  });

  it('answers 403 to an operator', async () => {
    const outro = await createTestUser(t.database, 'operador');
    expect((await get('/api/admin/logs', await issueToken(t.database, outro.id))).statusCode).toBe(403);
  });
});

describe('GET /api/admin/logs/acoes', () => {
  it('lists each recorded action once, sorted', async () => {
    const response = await get('/api/admin/logs/acoes');
    expect(response.statusCode).toBe(200);
    const acoes: string[] = response.json();
    expect(acoes).toEqual([...new Set(acoes)].sort());
    expect(acoes).toEqual(expect.arrayContaining(['teste.periodo', 'usuario.criado']));
  });

  it('answers 403 to an operator', async () => {
    const outro = await createTestUser(t.database, 'operador');
    expect((await get('/api/admin/logs/acoes', await issueToken(t.database, outro.id))).statusCode).toBe(403);
  });
});
