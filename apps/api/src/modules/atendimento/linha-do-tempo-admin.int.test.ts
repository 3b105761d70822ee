import type { LinhaDoTempoResponse } from '@cobranca/contracts';
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
import { auditLogs } from '../../db/schema/index.ts';
import { inserirCliente, inserirMensagem } from '../clientes/clientes.test-fixtures.ts';

// The admin's read of a customer's timeline (docs/produto.md §15): any customer, notes without the
// author's deadline (the admin deletes through their own route), on both databases.

let t: TestApp;
let ana: TestUser;
let bruno: TestUser;
const tokens = { ana: '', bruno: '', admin: '', superAdmin: '' };
let adminId = 0;

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  bruno = await createTestUser(t.database, 'operador', { name: 'Bruno Operador' });
  const admin = await createTestUser(t.database, 'admin', { name: 'Alice Admin' });
  const superAdmin = await createTestUser(t.database, 'super_admin');
  adminId = admin.id;
  tokens.ana = await issueToken(t.database, ana.id);
  tokens.bruno = await issueToken(t.database, bruno.id);
  tokens.admin = await issueToken(t.database, admin.id);
  tokens.superAdmin = await issueToken(t.database, superAdmin.id);
});
afterAll(() => t.close());

const chamar = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

const linhaDoTempoAdmin = (token: string, clienteId: number | string, query = '') =>
  chamar(token, 'GET', `/api/admin/clientes/${clienteId}/linha-do-tempo${query}`);

const notaDe = async (token: string, clienteId: number, texto: string) => {
  const resposta = await chamar(token, 'POST', `/api/operador/clientes/${clienteId}/notas`, { texto });
  expect(resposta.statusCode).toBe(201);
  return resposta.json().nota as { id: number; excluivel_ate: string | null };
};

describe('GET /api/admin/clientes/:id/linha-do-tempo', () => {
  it('shows any operator’s customer, notes included, none with the author’s deadline', async () => {
    const clienteId = await inserirCliente(t.database.db, { nome: 'Cliente do Bruno', operadorId: bruno.id });
    await inserirMensagem(t.database.db, {
      clienteId,
      direcao: 'entrada',
      conteudo: 'Quero negociar',
      createdAt: new Date(Date.now() - 60_000),
    });
    const nota = await notaDe(tokens.bruno, clienteId, 'Prefere ligação à tarde');
    // Fresh: the author may still delete it from the workspace.
    expect(nota.excluivel_ate).not.toBeNull();

    for (const token of [tokens.admin, tokens.superAdmin]) {
      const resposta = await linhaDoTempoAdmin(token, clienteId);
      expect(resposta.statusCode).toBe(200);
      const { itens, proximo } = resposta.json<LinhaDoTempoResponse>();
      expect(proximo).toBeNull();
      expect(itens.map((i) => i.tipo)).toEqual(['nota', 'mensagem']);
      expect(itens[0]).toMatchObject({
        id: nota.id,
        texto: 'Prefere ligação à tarde',
        autor: { id: bruno.id, name: 'Bruno Operador' },
        excluivel_ate: null,
      });
    }
    // Paged like the operator's: one at a time, then the rest.
    const primeira = (
      await linhaDoTempoAdmin(tokens.admin, clienteId, '?limite=1')
    ).json<LinhaDoTempoResponse>();
    expect(primeira.itens).toHaveLength(1);
    const antes = encodeURIComponent(primeira.proximo ?? '');
    const segunda = (
      await linhaDoTempoAdmin(tokens.admin, clienteId, `?limite=1&antes=${antes}`)
    ).json<LinhaDoTempoResponse>();
    expect(segunda.itens.map((i) => i.tipo)).toEqual(['mensagem']);
  });

  it('after the admin deletes a note it is gone from the timeline, and the audit log keeps it', async () => {
    const clienteId = await inserirCliente(t.database.db, { nome: 'Cliente da Ana', operadorId: ana.id });
    const nota = await notaDe(tokens.ana, clienteId, 'CPF da mãe: 123');
    const excluir = await chamar(tokens.admin, 'DELETE', `/api/admin/clientes/${clienteId}/notas/${nota.id}`);
    expect(excluir.statusCode).toBe(204);
    expect((await linhaDoTempoAdmin(tokens.admin, clienteId)).json<LinhaDoTempoResponse>().itens).toEqual([]);
    const [entrada] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.acao, 'nota.excluida'), eq(auditLogs.entidadeId, String(clienteId))));
    expect(entrada).toMatchObject({
      usuarioId: adminId,
      detalhes: { nota_id: nota.id, texto: 'CPF da mãe: 123', por: 'admin' },
    });
  });

  it('is a 404 for a missing customer and a 422 for a malformed id or cursor', async () => {
    expect((await linhaDoTempoAdmin(tokens.admin, 2_147_483_647)).statusCode).toBe(404);
    expect((await linhaDoTempoAdmin(tokens.admin, 2_147_483_647)).json().message).toBe(
      'Cliente não encontrado.',
    );
    expect((await linhaDoTempoAdmin(tokens.admin, 'abc')).statusCode).toBe(422);
    const cursor = await linhaDoTempoAdmin(tokens.admin, 1, '?antes=ontem');
    expect(cursor.statusCode).toBe(422);
    expect(cursor.json().errors.antes).toEqual([
      'Cursor inválido: use o valor de "proximo" da página anterior.',
    ]);
    const limite = await linhaDoTempoAdmin(tokens.admin, 1, '?limite=101');
    expect(limite.json().errors.limite).toEqual(['O limite máximo é 100.']);
  });

  it('is closed to operators, even the customer’s own', async () => {
    const clienteId = await inserirCliente(t.database.db, { nome: 'Outro da Ana', operadorId: ana.id });
    expect((await linhaDoTempoAdmin(tokens.ana, clienteId)).statusCode).toBe(403);
    expect((await linhaDoTempoAdmin(tokens.bruno, clienteId)).statusCode).toBe(403);
  });
});
