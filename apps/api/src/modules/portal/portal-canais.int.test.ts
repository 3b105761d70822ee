import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { auditLogs, clientes } from '../../db/schema/index.ts';
import { clienteComLink } from './portal.test-fixtures.ts';

// The customer chooses in the portal the channel to be reached on first (docs/produto.md §12, §22).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const sessaoDe = async (cliente: { token: string; documento: string }) => {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/portal/sessao',
    payload: { token: cliente.token, documento: cliente.documento },
  });
  expect(r.statusCode, r.body).toBe(200);
  return bearer(r.json<{ sessao: string }>().sessao);
};

describe('the preferred channel in the portal', () => {
  it('shows the channels the customer can be reached on and keeps the choice, audited', async () => {
    const cliente = await clienteComLink(t.database.db);
    await t.database.db
      .update(clientes)
      .set({ email: 'maria@cliente.example' })
      .where(eq(clientes.id, cliente.id));
    const s = await sessaoDe(cliente);
    const antes = (await t.app.inject({ method: 'GET', url: '/api/portal/resumo', headers: s })).json();
    expect(antes).toMatchObject({ canal_preferido: null, canais_disponiveis: ['whatsapp', 'email', 'sms'] });

    const escolha = await t.app.inject({
      method: 'PUT',
      url: '/api/portal/canal-preferido',
      headers: s,
      payload: { canal: 'email' },
    });
    expect(escolha.statusCode, escolha.body).toBe(200);
    expect(escolha.json()).toEqual({ canal_preferido: 'email' });
    const depois = (await t.app.inject({ method: 'GET', url: '/api/portal/resumo', headers: s })).json();
    expect(depois.canal_preferido).toBe('email');
    const [auditoria] = await t.database.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.acao, 'cliente.canal_preferido'), eq(auditLogs.entidadeId, String(cliente.id))),
      );
    expect(auditoria?.detalhes).toEqual({ anterior: null, novo: 'email', origem: 'portal' });
  });

  it('refuses an unknown channel (422) and answers 401 without a session', async () => {
    const cliente = await clienteComLink(t.database.db);
    const s = await sessaoDe(cliente);
    const ruim = await t.app.inject({
      method: 'PUT',
      url: '/api/portal/canal-preferido',
      headers: s,
      payload: { canal: 'fax' },
    });
    expect(ruim.statusCode).toBe(422);
    const sem = await t.app.inject({
      method: 'PUT',
      url: '/api/portal/canal-preferido',
      payload: { canal: 'sms' },
    });
    expect(sem.statusCode).toBe(401);
  });
});
