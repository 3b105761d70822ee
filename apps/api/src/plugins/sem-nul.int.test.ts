import { ACAO_EXPORTACAO } from '@cobranca/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createTestUser, issueToken, type TestApp } from '../../test/build-test-app.ts';
import { auditLogs } from '../db/schema/index.ts';
import { inserirCliente } from '../modules/clientes/clientes.test-fixtures.ts';

// A NUL in any query string is the app's 422 before any route runs (plugins/sem-nul.ts): an export
// with `busca=%00` used to drop it, export every row and then fail its audit entry.

let t: TestApp;
const tokens = { admin: '', operador: '' };

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createTestUser(t.database, 'admin');
  const operador = await createTestUser(t.database, 'operador');
  tokens.admin = await issueToken(t.database, admin.id);
  tokens.operador = await issueToken(t.database, operador.id);
  await inserirCliente(t.database.db, { nome: 'Cliente Um', operadorId: operador.id });
});
afterAll(() => t?.close());

const NUL = 'O endereço tem um caractere nulo (%00), que não é aceito.';

describe('a NUL in the query string', () => {
  it.each([
    ['admin CSV export', 'GET', '/api/admin/clientes/exportar?formato=csv&busca=%00', 'admin', 'busca'],
    ['admin XLSX export', 'GET', '/api/admin/clientes/exportar?formato=xlsx&busca=a%00b', 'admin', 'busca'],
    ['admin logs export', 'GET', '/api/admin/logs/exportar?formato=csv&acao=%00', 'admin', 'acao'],
    [
      'operator export',
      'GET',
      '/api/operador/clientes/ativos/exportar?formato=csv&busca=%00',
      'operador',
      'busca',
    ],
    [
      'operator receivables export',
      'GET',
      '/api/operador/contas-receber/exportar?formato=xlsx&busca=%00',
      'operador',
      'busca',
    ],
    ['a list', 'GET', '/api/operador/clientes/ativos?busca=%00', 'operador', 'busca'],
    ['an admin list', 'GET', '/api/admin/clientes?busca=x&page=1%00', 'admin', 'page'],
    ['a name of its own', 'GET', '/api/operador/clientes/ativos?%00=1', 'operador', 'query'],
    ['a portal route', 'GET', '/api/portal/resumo?x=%00', null, 'x'],
    ['a public portal route', 'POST', '/api/portal/link?t=%00', null, 't'],
  ] as const)(
    '%s: 422 with the field, nothing exported nor audited',
    async (_caso, method, url, quem, campo) => {
      const response = await t.app.inject({
        method,
        url,
        headers: quem ? bearer(tokens[quem]) : {},
        ...(method === 'POST' ? { payload: { token: 'x'.repeat(32) } } : {}),
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual({
        code: 'DADOS_INVALIDOS',
        message: 'Os dados enviados são inválidos.',
        errors: { [campo]: [NUL] },
      });
      expect(await t.database.db.select().from(auditLogs).where(eq(auditLogs.acao, ACAO_EXPORTACAO))).toEqual(
        [],
      );
    },
  );

  it('leaves other encodings alone: a literal "%00" searched for is text', async () => {
    const response = await t.app.inject({
      url: '/api/operador/clientes/ativos?busca=%2500',
      headers: bearer(tokens.operador),
    });
    expect(response.statusCode).toBe(200);
  });
});
