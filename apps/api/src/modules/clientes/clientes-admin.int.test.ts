import type { ClienteAdmin, Paged } from '@cobranca/contracts';
import { hojeNoFuso } from '@cobranca/dominio';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { auditLogs, clientes } from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from './clientes.test-fixtures.ts';

let t: TestApp;
let token: string;
let admin: TestUser;
let ana: TestUser;
let bruno: TestUser;
let carla: TestUser;
const ids = { joao: 0, beatriz: 0, loja: 0, comercial: 0, mesmoNome: [0, 0] };
// Names whose order is the same under the C collation (PGlite) and a linguistic one (PostgreSQL).
const zecas = Array.from({ length: 39 }, (_, i) => `Zeca Cliente ${String(i + 1).padStart(2, '0')}`);

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  admin = await createTestUser(t.database, 'admin', { name: 'Admin Geral' });
  token = await issueToken(t.database, admin.id);
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  bruno = await createTestUser(t.database, 'operador', { name: 'Bruno Operador', status: 'Bloqueado' });
  carla = await createTestUser(t.database, 'operador', { name: 'Carla Operadora' });
  const hoje = hojeNoFuso(new Date());

  ids.joao = await inserirCliente(db, {
    nome: 'João da Silva',
    documento: '52998224725',
    telefone: '+5511999990001',
    operadorId: ana.id,
    numeroChamadas: 2,
  });
  await inserirConta(db, { clienteId: ids.joao, valorCentavos: 10_000, vencimento: hoje });
  await inserirConta(db, {
    clienteId: ids.joao,
    valorCentavos: 25_000,
    valorPagoCentavos: 5_000,
    vencimento: hoje,
  });
  await inserirConta(db, {
    clienteId: ids.joao,
    valorCentavos: 99_900,
    valorPagoCentavos: 99_900,
    status: 'paga',
    vencimento: hoje,
  });
  await inserirConta(db, {
    clienteId: ids.joao,
    valorCentavos: 8_000,
    status: 'cancelada',
    vencimento: hoje,
  });

  ids.beatriz = await inserirCliente(db, {
    nome: 'Beatriz Lima',
    status: 'aguardando_atendimento',
    operadorId: bruno.id,
  });
  await inserirConta(db, { clienteId: ids.beatriz, valorCentavos: 10, vencimento: hoje });
  await inserirConta(db, { clienteId: ids.beatriz, valorCentavos: 20, vencimento: hoje });

  ids.loja = await inserirCliente(db, {
    nome: 'Loja 100% Digital Ltda',
    documento: '11222333000181',
    status: 'concluido',
  });
  ids.comercial = await inserirCliente(db, {
    nome: 'Comercial_Sul Ltda',
    status: 'pausado',
    operadorId: ana.id,
  });
  await inserirConta(db, {
    clienteId: ids.comercial,
    valorCentavos: 7_000,
    status: 'negociada',
    vencimento: hoje,
  });

  ids.mesmoNome = [
    await inserirCliente(db, { nome: 'Mesmo Nome' }),
    await inserirCliente(db, { nome: 'Mesmo Nome' }),
  ];
  for (const nome of zecas) await inserirCliente(db, { nome });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const pagina = async (url: string): Promise<Paged<ClienteAdmin>> => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const nomes = (p: Paged<ClienteAdmin>) => p.data.map((c) => c.nome);
const buscar = async (busca: string, base = '/api/admin/clientes') =>
  nomes(await pagina(`${base}?busca=${encodeURIComponent(busca)}`));

describe('GET /api/admin/clientes', () => {
  it('lists every customer by nome then id, 20 per page, with totals', async () => {
    const p = await pagina('/api/admin/clientes');
    expect({ ...p, data: undefined }).toEqual({
      data: undefined,
      current_page: 1,
      last_page: 3, // 45 customers: 20 + 20 + 5
      per_page: 20,
      total: 45,
    });
    expect(nomes(p)).toEqual([
      'Beatriz Lima',
      'Comercial_Sul Ltda',
      'João da Silva',
      'Loja 100% Digital Ltda',
      'Mesmo Nome',
      'Mesmo Nome',
      ...zecas.slice(0, 14),
    ]);
    // Same name: the lower id first.
    expect(p.data.filter((c) => c.nome === 'Mesmo Nome').map((c) => c.id)).toEqual(ids.mesmoNome);
  });

  it('shows each row with its operator (or null) and open balance in reais', async () => {
    const { data } = await pagina('/api/admin/clientes');
    expect(data.find((c) => c.id === ids.joao)).toEqual({
      id: ids.joao,
      nome: 'João da Silva',
      documento: '52998224725',
      telefone: '+5511999990001',
      status: 'ativo',
      numero_chamadas: 2,
      // open: 100,00 + (250,00 − 50,00) = 300,00; the paga 999,00 and cancelada 80,00 do not count
      total_em_aberto: 300,
      operador: { id: ana.id, name: 'Ana Operadora' },
    });
    const porId = new Map(data.map((c) => [c.id, c]));
    // open: 0,10 + 0,20 = 0,30 exactly (summed in cents, not 0.30000000000000004); blocked operator still shown
    expect(porId.get(ids.beatriz)).toMatchObject({
      total_em_aberto: 0.3,
      operador: { id: bruno.id, name: 'Bruno Operador' },
    });
    expect(porId.get(ids.loja)).toMatchObject({ total_em_aberto: 0, operador: null, status: 'concluido' });
    // only a negociada receivable: nothing open
    expect(porId.get(ids.comercial)).toMatchObject({ total_em_aberto: 0, status: 'pausado' });
  });

  it('answers the last partial page, and a page past the end with empty data and the real totals', async () => {
    expect(nomes(await pagina('/api/admin/clientes?page=3'))).toEqual(zecas.slice(34));
    expect(await pagina('/api/admin/clientes?page=4')).toEqual({
      data: [],
      current_page: 4,
      last_page: 3,
      per_page: 20,
      total: 45,
    });
  });

  it.each(['0', '-1', 'abc', '1.5', ''])('answers 422 for page=%j', async (page) => {
    const response = await get(`/api/admin/clientes?page=${page}`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: expect.any(String),
      errors: { page: [expect.any(String)] },
    });
  });

  it('finds a customer by name without accents or case', async () => {
    expect(await buscar('joao')).toEqual(['João da Silva']);
    expect(await buscar('  JOÃO   DA ')).toEqual(['João da Silva']);
    expect(await buscar('lima')).toEqual(['Beatriz Lima']);
  });

  it('finds a customer by document, typed with or without punctuation', async () => {
    expect(await buscar('529.982.247-25')).toEqual(['João da Silva']);
    expect(await buscar('52998224725')).toEqual(['João da Silva']);
    expect(await buscar('2247')).toEqual(['João da Silva']);
    expect(await buscar('11.222.333/0001-81')).toEqual(['Loja 100% Digital Ltda']);
  });

  it('treats % and _ as literal characters, not wildcards', async () => {
    expect(await buscar('%')).toEqual(['Loja 100% Digital Ltda']);
    expect(await buscar('_')).toEqual(['Comercial_Sul Ltda']);
    expect(await buscar('%_%')).toEqual([]);
    expect(await buscar('m_smo')).toEqual([]);
  });

  it.each(["'", '"', "'; DROP TABLE clientes; --", '\\', '\\%', 'a\u0000b', '😀'])(
    'answers 200 for the hostile search %j and keeps the table intact',
    async (busca) => {
      const response = await get(`/api/admin/clientes?busca=${encodeURIComponent(busca)}`);
      expect(response.statusCode).toBeLessThan(500);
      expect((await pagina('/api/admin/clientes')).total).toBe(45);
    },
  );

  it('answers 422 for a search over 120 characters, counting after trimming', async () => {
    const longa = await get(`/api/admin/clientes?busca=${'a'.repeat(121)}`);
    expect(longa.statusCode).toBe(422);
    expect(longa.json().errors).toEqual({ busca: [expect.stringContaining('120')] });
    expect(
      (await get(`/api/admin/clientes?busca=${encodeURIComponent(`  ${'a'.repeat(120)}  `)}`)).statusCode,
    ).toBe(200);
  });

  it('ignores an empty or blank search', async () => {
    expect((await pagina('/api/admin/clientes?busca=')).total).toBe(45);
    expect((await pagina('/api/admin/clientes?busca=%20%20')).total).toBe(45);
  });
});

describe('GET /api/admin/clientes/por-status/:status', () => {
  it('lists only the customers in that status, paged', async () => {
    const ativos = await pagina('/api/admin/clientes/por-status/ativo');
    // João, 2 × Mesmo Nome and 39 Zecas = 42 → 20 + 20 + 2
    expect([ativos.total, ativos.last_page]).toEqual([42, 3]);
    expect(nomes(await pagina('/api/admin/clientes/por-status/ativo?page=3'))).toEqual(zecas.slice(37));
    expect(nomes(await pagina('/api/admin/clientes/por-status/aguardando_atendimento'))).toEqual([
      'Beatriz Lima',
    ]);
    expect(await pagina('/api/admin/clientes/por-status/em_atendimento')).toEqual({
      data: [],
      current_page: 1,
      last_page: 1,
      per_page: 20,
      total: 0,
    });
  });

  it('combines the status with the search', async () => {
    expect(await buscar('beatriz', '/api/admin/clientes/por-status/ativo')).toEqual([]);
    expect(await buscar('LIMA', '/api/admin/clientes/por-status/aguardando_atendimento')).toEqual([
      'Beatriz Lima',
    ]);
  });

  it.each(['desconhecido', 'ATIVO', 'ativo%20'])(
    'answers 422 JSON for the unknown status %j',
    async (status) => {
      const response = await get(`/api/admin/clientes/por-status/${status}`);
      expect(response.statusCode).toBe(422);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toMatchObject({
        errors: { status: [expect.stringContaining('Status desconhecido')] },
      });
    },
  );

  it('answers 422 for page=0 as the plain list does', async () => {
    expect((await get('/api/admin/clientes/por-status/ativo?page=0')).statusCode).toBe(422);
  });
});

describe('PATCH /api/admin/clientes/:id/operador', () => {
  const patch = (id: number, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/clientes/${id}/operador`,
      headers: bearer(token),
      payload: payload as object,
    });
  const auditoriasDe = (clienteId: number) =>
    t.database.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.acao, 'cliente.operador_alterado'), eq(auditLogs.entidadeId, String(clienteId))),
      );
  const operadorNoBanco = async (clienteId: number) =>
    (await t.database.db.select().from(clientes).where(eq(clientes.id, clienteId)))[0]?.operadorId;

  it('assigns an active operator, answers the updated customer and writes the audit entry', async () => {
    const response = await patch(ids.loja, { operador_id: carla.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: ids.loja,
      nome: 'Loja 100% Digital Ltda',
      documento: '11222333000181',
      telefone: expect.any(String),
      status: 'concluido',
      numero_chamadas: 0,
      total_em_aberto: 0,
      operador: { id: carla.id, name: 'Carla Operadora' },
    });
    expect(await operadorNoBanco(ids.loja)).toBe(carla.id);
    expect(await auditoriasDe(ids.loja)).toEqual([
      expect.objectContaining({
        usuarioId: admin.id,
        entidade: 'cliente',
        detalhes: { operador_anterior_id: null, operador_novo_id: carla.id },
        ip: expect.any(String),
      }),
    ]);
  });

  it('unassigns with null, keeping the rest of the row', async () => {
    const response = await patch(ids.joao, { operador_id: null });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: ids.joao,
      operador: null,
      total_em_aberto: 300,
      status: 'ativo',
    });
    expect(await operadorNoBanco(ids.joao)).toBeNull();
    expect((await auditoriasDe(ids.joao)).map((a) => a.detalhes)).toEqual([
      { operador_anterior_id: ana.id, operador_novo_id: null },
    ]);
  });

  it('puts an in-service customer back in the awaiting queue when its operator is removed', async () => {
    const emAtendimento = await inserirCliente(t.database.db, {
      nome: 'Cliente Em Atendimento',
      status: 'em_atendimento',
      operadorId: ana.id,
    });
    const response = await patch(emAtendimento, { operador_id: null });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ operador: null, status: 'aguardando_atendimento' });
    const [row] = await t.database.db.select().from(clientes).where(eq(clientes.id, emAtendimento));
    expect(row?.aguardandoDesde).toBeInstanceOf(Date);
    expect((await auditoriasDe(emAtendimento))[0]?.detalhes).toMatchObject({
      status_anterior: 'em_atendimento',
      status_novo: 'aguardando_atendimento',
    });
  });

  it('changes nothing and records nothing when the operator is already the linked one', async () => {
    const response = await patch(ids.comercial, { operador_id: ana.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().operador).toEqual({ id: ana.id, name: 'Ana Operadora' });
    expect(await auditoriasDe(ids.comercial)).toEqual([]);
  });

  it.each([
    ['a blocked operator', () => bruno.id, /bloqueado/],
    ['an admin', () => admin.id, /não encontrado/],
    ['a missing user', () => 999_999, /não encontrado/],
  ])('answers 422 on operador_id for %s and changes nothing', async (_caso, operadorId, mensagem) => {
    const response = await patch(ids.comercial, { operador_id: operadorId() });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'DADOS_INVALIDOS',
      message: expect.stringMatching(mensagem),
      errors: { operador_id: [expect.stringMatching(mensagem)] },
    });
    expect(await operadorNoBanco(ids.comercial)).toBe(ana.id);
    expect(await auditoriasDe(ids.comercial)).toEqual([]);
  });

  it('answers 404 for an unknown customer', async () => {
    const response = await patch(999_999, { operador_id: carla.id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'CLIENTE_NAO_ENCONTRADO', message: 'Cliente não encontrado.' });
  });

  it.each([
    ['an empty body', {}, 'operador_id'],
    ['a string id', { operador_id: 'x' }, 'operador_id'],
    ['id 0', { operador_id: 0 }, 'operador_id'],
    ['a fractional id', { operador_id: 1.5 }, 'operador_id'],
    ['an unknown field', { operador_id: null, status: 'ativo' }, 'status'],
  ])('answers 422 for %s', async (_caso, payload, campo) => {
    const response = await patch(ids.comercial, payload);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toContain(campo);
  });

  it('answers 422 for an id that is not a positive integer', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/clientes/abc/operador',
      headers: bearer(token),
      payload: { operador_id: null },
    });
    expect(response.statusCode).toBe(422);
  });
});
