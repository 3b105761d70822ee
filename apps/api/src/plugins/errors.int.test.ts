import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createTestUser, issueToken, type TestApp } from '../../test/build-test-app.ts';
import { inserirCliente } from '../modules/clientes/clientes.test-fixtures.ts';

// Clients branch on `code`, never on the wording or the status (docs/produto.md §18).
let t: TestApp;
let tokenAna: string;
let tokenBruno: string;
let clienteDaAna: number;

beforeAll(async () => {
  t = await buildTestApp();
  const ana = await createTestUser(t.database, 'operador');
  const bruno = await createTestUser(t.database, 'operador');
  tokenAna = await issueToken(t.database, ana.id);
  tokenBruno = await issueToken(t.database, bruno.id);
  clienteDaAna = await inserirCliente(t.database.db, {
    nome: 'Cliente da Ana',
    status: 'em_atendimento',
    operadorId: ana.id,
  });
});
afterAll(() => t.close());

describe('error bodies carry a stable code', () => {
  it("another operator's customer: 404 CLIENTE_NAO_ENCONTRADO", async () => {
    const response = await t.app.inject({
      url: `/api/operador/clientes/${clienteDaAna}`,
      headers: bearer(tokenBruno),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'CLIENTE_NAO_ENCONTRADO', message: 'Cliente não encontrado.' });
  });

  it('acting on a queued customer: 409 ASSUMA_ANTES', async () => {
    const naFila = await inserirCliente(t.database.db, {
      nome: 'Cliente na fila',
      status: 'aguardando_atendimento',
      operadorId: null,
    });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/operador/clientes/${naFila}/pausar`,
      headers: bearer(tokenAna),
      payload: { motivo: 'Pediu prazo' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'ASSUMA_ANTES', message: expect.stringMatching(/Assumir/) });
  });

  it('a request that fails validation: 422 DADOS_INVALIDOS with the field errors', async () => {
    const response = await t.app.inject({ url: '/api/operador/clientes/0', headers: bearer(tokenAna) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'DADOS_INVALIDOS',
      message: 'Os dados enviados são inválidos.',
      errors: { id: [expect.any(String)] },
    });
  });

  it('a malformed JSON body: 422 DADOS_INVALIDOS on `body`', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'DADOS_INVALIDOS',
      message: 'Os dados enviados são inválidos.',
      errors: { body: ['O corpo da requisição não é um JSON válido.'] },
    });
  });

  it('no session: 401 NAO_AUTENTICADO', async () => {
    const response = await t.app.inject({ url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'NAO_AUTENTICADO', message: expect.any(String) });
  });

  it('a role the route does not allow: 403 SEM_PERMISSAO', async () => {
    const response = await t.app.inject({ url: '/api/admin/operadores', headers: bearer(tokenAna) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'SEM_PERMISSAO', message: expect.any(String) });
  });

  it('an unknown route: 404 ROTA_NAO_ENCONTRADA', async () => {
    const response = await t.app.inject({ url: '/api/nada-aqui', headers: bearer(tokenAna) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'ROTA_NAO_ENCONTRADA',
      message: 'Rota não encontrada: GET /api/nada-aqui',
    });
  });
});
