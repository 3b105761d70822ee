import { formatarDocumento } from '@cobranca/dominio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { clienteComLink } from './portal.test-fixtures.ts';

// A prescribed receivable is not asked for on the portal (issue 31, point 7; decision 036).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the portal and prescribed receivables', () => {
  it('leaves them out of the debts and the amount due', async () => {
    const cliente = await clienteComLink(t.database.db, { nome: 'Rui Antigo' });
    await inserirConta(t.database.db, {
      clienteId: cliente.id,
      valorCentavos: 34_728,
      vencimento: '2018-08-24',
      status: 'prescrita',
    });
    const aberta = await t.app.inject({
      method: 'POST',
      url: '/api/portal/sessao',
      payload: { token: cliente.token, documento: formatarDocumento(cliente.documento) },
    });
    expect(aberta.statusCode, aberta.body).toBe(200);
    const resumo = await t.app.inject({
      method: 'GET',
      url: '/api/portal/resumo',
      headers: bearer(aberta.json<{ sessao: string }>().sessao),
    });
    expect(resumo.statusCode, resumo.body).toBe(200);
    const { contas, total } = resumo.json<{
      contas: { principal: number; total: number }[];
      total: number;
    }>();
    // Only the fixture's R$ 1.000,00 forty days overdue.
    expect(contas.map((c) => c.principal)).toEqual([1000]);
    expect(total).toBe(contas[0]?.total);
  });
});
