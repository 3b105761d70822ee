import { calcularEncargos, ENCARGOS_PADRAO, hojeNoFuso } from '@cobranca/dominio';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { auditLogs, contasReceber, pagamentos } from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';

// A prescribed receivable is never collected, but a debtor may still pay it: only an admin records that
// spontaneous payment (issue 31, point 7; decision 036).

let t: TestApp;
let ana: TestUser;
const tokens = { ana: '', admin: '' };
const hoje = hojeNoFuso(new Date());

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  const admin = await createTestUser(t.database, 'admin');
  tokens.ana = await issueToken(t.database, ana.id);
  tokens.admin = await issueToken(t.database, admin.id);
});
afterAll(() => t.close());

const pagar = (url: string, token: string, contaId: number, valor: number) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: bearer(token),
    payload: { conta_id: contaId, valor, data: hoje, forma: 'pix' },
  });
const contaRow = async (id: number) =>
  (await t.database.db.select().from(contasReceber).where(eq(contasReceber.id, id)))[0];

describe('payments of a prescribed receivable', () => {
  it('the operator cannot record one; an admin records the spontaneous payment, audited as theirs', async () => {
    const clienteId = await inserirCliente(t.database.db, {
      nome: 'Devedor Antigo',
      status: 'em_atendimento',
      operadorId: ana.id,
    });
    const contaId = await inserirConta(t.database.db, {
      clienteId,
      valorCentavos: 34_728,
      vencimento: '2018-08-24',
      status: 'prescrita',
    });

    // The admin sees it with what is still owed (principal and encargos) to record a payment.
    const lista = await t.app.inject({
      method: 'GET',
      url: `/api/admin/clientes/${clienteId}/contas-prescritas`,
      headers: bearer(tokens.admin),
    });
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json()).toEqual([
      expect.objectContaining({
        id: contaId,
        status: 'prescrita',
        saldo: 347.28,
        valor_atualizado: expect.any(Number),
      }),
    ]);
    expect(lista.json()[0].valor_atualizado).toBeGreaterThan(347.28);

    const operador = await pagar(
      `/api/operador/clientes/${clienteId}/pagamentos`,
      tokens.ana,
      contaId,
      347.28,
    );
    expect(operador.statusCode).toBe(422);
    expect(operador.json().errors.conta_id).toEqual([
      `A conta #${contaId} está prescrita (vencida há mais de 5 anos) e não pode ser cobrada; só um administrador registra um pagamento espontâneo dela.`,
    ]);
    expect(await t.database.db.select().from(pagamentos).where(eq(pagamentos.contaId, contaId))).toEqual([]);

    // Part of it first (juros first, as any payment): it stays prescrita, never back in collection.
    const parcial = await pagar(`/api/admin/clientes/${clienteId}/pagamentos`, tokens.admin, contaId, 100);
    expect(parcial.statusCode, parcial.body).toBe(201);
    expect(await contaRow(contaId)).toMatchObject({
      status: 'prescrita',
      jurosPendentesCentavos: expect.any(Number),
    });

    // Another one paid in full at its updated amount.
    const outra = await inserirConta(t.database.db, {
      clienteId,
      valorCentavos: 10_000,
      vencimento: '2019-05-10',
      status: 'prescrita',
    });
    const devido = calcularEncargos(
      { principalCentavos: 10_000, vencimento: '2019-05-10', pendentes: null },
      hoje,
      ENCARGOS_PADRAO,
    ).totalCentavos;
    const resto = await pagar(
      `/api/admin/clientes/${clienteId}/pagamentos`,
      tokens.admin,
      outra,
      devido / 100,
    );
    expect(resto.statusCode, resto.body).toBe(201);
    expect(await contaRow(outra)).toMatchObject({ status: 'paga', valorPagoCentavos: 10_000, pagoEm: hoje });
    const entradas = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.acao, 'pagamento.registrado'));
    expect(entradas.map((e) => e.usuarioId)).toEqual([expect.any(Number), expect.any(Number)]);
    expect(entradas.every((e) => e.usuarioId !== ana.id)).toBe(true);
  });

  it('is for admins only', async () => {
    const response = await pagar('/api/admin/clientes/1/pagamentos', tokens.ana, 1, 1);
    expect(response.statusCode).toBe(403);
    const lista = await t.app.inject({
      method: 'GET',
      url: '/api/admin/clientes/1/contas-prescritas',
      headers: bearer(tokens.ana),
    });
    expect(lista.statusCode).toBe(403);
  });
});
