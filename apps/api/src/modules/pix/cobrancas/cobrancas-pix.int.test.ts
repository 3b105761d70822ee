import type {
  ClienteDetalhe,
  CobrancaPixView,
  CobrancasPixResponse,
  SimularPagamentoPixResponse,
} from '@cobranca/contracts';
import { hojeNoFuso, somarDias } from '@cobranca/dominio';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../../test/build-test-app.ts';
import {
  auditLogs,
  clientes,
  cobrancasPix,
  contasReceber,
  pagamentos,
  pixRecebidos,
} from '../../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../../clientes/clientes.test-fixtures.ts';
import { registrarPixConfirmado } from '../liquidacao/liquidacao.service.ts';
import { brCodeValido } from '../psp/br-code.ts';

// Charges on the simulator and the confirm-and-settle path (docs/produto.md §21).

let t: TestApp;
let ana: TestUser;
let bruno: TestUser;
const tokens = { ana: '', bruno: '', admin: '' };
const hoje = hojeNoFuso(new Date());

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  bruno = await createTestUser(t.database, 'operador', { name: 'Bruno' });
  tokens.ana = await issueToken(t.database, ana.id);
  tokens.bruno = await issueToken(t.database, bruno.id);
  tokens.admin = await issueToken(t.database, (await createTestUser(t.database, 'admin')).id);
});
afterAll(() => t.close());

const url = (id: number, resto = '') => `/api/operador/clientes/${id}/cobrancas-pix${resto}`;
const criar = (id: number, payload?: object, token = tokens.ana, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: url(id),
    headers: { ...bearer(token), ...headers },
    ...(payload ? { payload } : {}),
  });
const listar = (id: number, token = tokens.ana) =>
  t.app.inject({ method: 'GET', url: url(id), headers: bearer(token) });
const simular = (id: number, txid: string, token = tokens.ana) =>
  t.app.inject({ method: 'POST', url: url(id, `/${txid}/simular-pagamento`), headers: bearer(token) });

const clienteCom = async (contas: { valorCentavos: number; vencimento: string }[], extra: object = {}) => {
  const id = await inserirCliente(t.database.db, {
    nome: 'Paula Pagadora',
    status: 'ativo',
    operadorId: ana.id,
    ...extra,
  });
  const ids: number[] = [];
  for (const c of contas) ids.push(await inserirConta(t.database.db, { clienteId: id, ...c }));
  return { id, contas: ids };
};

describe('POST/GET /api/operador/clientes/:id/cobrancas-pix (simulator)', () => {
  it('one receivable not yet due: a cobv on its principal, with a valid dynamic BR Code, listed', async () => {
    const { id, contas } = await clienteCom([{ valorCentavos: 15_000, vencimento: somarDias(hoje, 10) }]);
    const response = await criar(id);
    expect(response.statusCode, response.body).toBe(201);
    const cobranca = response.json<CobrancaPixView>();
    expect(cobranca).toMatchObject({
      tipo: 'cobv',
      valor: 150,
      vencimento: somarDias(hoje, 10),
      status: 'ativa',
      origem: 'operador',
      contas_ids: contas,
    });
    expect(cobranca.txid).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(brCodeValido(cobranca.pix_copia_e_cola ?? '')).toBe(true);
    expect(cobranca.pix_copia_e_cola).toContain('010212');
    const lista = (await listar(id)).json<CobrancasPixResponse>();
    expect(lista).toMatchObject({ provedor: 'simulador', cobrancas: [{ txid: cobranca.txid }] });
  });

  it('several receivables: a cob for the updated total, with the amount in the code', async () => {
    const { id } = await clienteCom([
      { valorCentavos: 10_000, vencimento: somarDias(hoje, 3) },
      { valorCentavos: 5_050, vencimento: somarDias(hoje, 20) },
    ]);
    const cobranca = (await criar(id)).json<CobrancaPixView>();
    expect(cobranca).toMatchObject({ tipo: 'cob', valor: 150.5, vencimento: null });
    expect(cobranca.pix_copia_e_cola).toContain('5406150.50');
  });

  it('answers 422 with nothing open, for another customer’s receivable, and 404 for another operator’s customer', async () => {
    const vazio = await clienteCom([]);
    expect((await criar(vazio.id)).statusCode).toBe(422);
    const { id } = await clienteCom([{ valorCentavos: 1_000, vencimento: hoje }]);
    const outro = await clienteCom([{ valorCentavos: 1_000, vencimento: hoje }]);
    const alheia = await criar(id, { conta_ids: outro.contas });
    expect(alheia.statusCode).toBe(422);
    expect(alheia.json().errors.conta_ids[0]).toMatch(/não encontrada/);
    expect((await criar(id, undefined, tokens.bruno)).statusCode).toBe(404);
    expect((await listar(id, tokens.bruno)).statusCode).toBe(404);
    expect((await criar(id, undefined, tokens.admin)).statusCode).toBe(403);
  });

  it('replays the first charge for a repeated Idempotency-Key', async () => {
    const { id } = await clienteCom([{ valorCentavos: 2_000, vencimento: somarDias(hoje, 5) }]);
    const chave = { 'idempotency-key': 'cobranca-pix-teste-0001' };
    const primeira = await criar(id, undefined, tokens.ana, chave);
    const segunda = await criar(id, undefined, tokens.ana, chave);
    expect(segunda.statusCode).toBe(201);
    expect(segunda.json<CobrancaPixView>().txid).toBe(primeira.json<CobrancaPixView>().txid);
    expect(await t.database.db.$count(cobrancasPix, eq(cobrancasPix.clienteId, id))).toBe(1);
  });
});

describe('POST …/cobrancas-pix/:txid/simular-pagamento', () => {
  it('settles the receivables, concludes the customer, thanks them and audits by the system', async () => {
    const { id, contas } = await clienteCom(
      [
        { valorCentavos: 10_000, vencimento: somarDias(hoje, 3) },
        { valorCentavos: 5_000, vencimento: somarDias(hoje, 20) },
      ],
      { telefone: '+5511987650001' },
    );
    const { txid } = (await criar(id)).json<CobrancaPixView>();
    const response = await simular(id, txid);
    expect(response.statusCode, response.body).toBe(200);
    const { cobranca, cliente } = response.json<SimularPagamentoPixResponse>();
    expect(cobranca).toMatchObject({ status: 'paga', paga_em: expect.any(String) });
    expect(cliente.status).toBe('concluido');
    expect(cliente.contas.every((c) => c.status === 'paga')).toBe(true);
    expect(cliente.pagamentos.map((p) => [p.conta_id, p.valor, p.forma, p.operador])).toEqual(
      expect.arrayContaining([
        // Credited to the customer's operator at payment time (docs/produto.md §9).
        [contas[0], 100, 'pix', { id: ana.id, name: 'Ana Operadora' }],
        [contas[1], 50, 'pix', { id: ana.id, name: 'Ana Operadora' }],
      ]),
    );
    const [recebido] = await t.database.db.select().from(pixRecebidos).where(eq(pixRecebidos.txid, txid));
    expect(recebido).toMatchObject({
      situacao: 'conciliado',
      origem: 'simulador',
      valorCentavos: 15_000,
      creditoCentavos: 0,
    });
    const [auditoria] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.acao, 'pix.recebido'), eq(auditLogs.entidadeId, String(recebido?.id))));
    expect(auditoria).toMatchObject({ usuarioId: null });
    expect(auditoria?.detalhes).toMatchObject({ cliente_concluido: true, contas_quitadas: contas });
  });

  it('a second simulation of the same charge is a 409; another operator gets a 404', async () => {
    const { id } = await clienteCom([{ valorCentavos: 3_000, vencimento: somarDias(hoje, 3) }]);
    const { txid } = (await criar(id)).json<CobrancaPixView>();
    expect((await simular(id, txid, tokens.bruno)).statusCode).toBe(404);
    expect((await simular(id, txid)).statusCode).toBe(200);
    const outra = await simular(id, txid);
    expect(outra.statusCode).toBe(409);
    expect(outra.json().code).toBe('COBRANCA_NAO_ATIVA');
    expect((await simular(id, 'A'.repeat(32))).json().code).toBe('COBRANCA_NAO_ENCONTRADA');
    // Another customer's charge, even of the same operator, is not this customer's to pay.
    const outro = await clienteCom([{ valorCentavos: 3_000, vencimento: somarDias(hoje, 3) }]);
    const alheia = (await criar(outro.id)).json<CobrancaPixView>();
    const cruzada = await simular(id, alheia.txid);
    expect(cruzada.statusCode).toBe(404);
    expect(cruzada.json().code).toBe('COBRANCA_NAO_ENCONTRADA');
    expect((await listar(outro.id)).json<CobrancasPixResponse>().cobrancas[0]?.status).toBe('ativa');
  });

  it('a manual payment removes the active charge over that receivable', async () => {
    const { id, contas } = await clienteCom([{ valorCentavos: 4_000, vencimento: somarDias(hoje, 3) }]);
    await t.database.db.update(clientes).set({ status: 'em_atendimento' }).where(eq(clientes.id, id));
    const { txid } = (await criar(id)).json<CobrancaPixView>();
    const pago = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${id}/pagamentos`,
      headers: bearer(tokens.ana),
      payload: { conta_id: contas[0], valor: 10, data: hoje, forma: 'dinheiro' },
    });
    expect(pago.statusCode, pago.body).toBe(201);
    const [cobranca] = await t.database.db.select().from(cobrancasPix).where(eq(cobrancasPix.txid, txid));
    expect(cobranca).toMatchObject({ status: 'removida', remocaoPendente: false });
    expect((await simular(id, txid)).statusCode).toBe(409);
  });
});

describe('registrarPixConfirmado', () => {
  const pix = (txid: string | null, valorCentavos: number, e2e: string) => ({
    endToEndId: e2e,
    txid,
    valorCentavos,
    horario: new Date(),
    pagador: { nome: 'Paula', documento: '52998224725' },
  });

  it('a PIX settled while the same receivable is paid by hand: no deadlock, paid once', async () => {
    for (let vez = 0; vez < 5; vez += 1) {
      const { id, contas } = await clienteCom([{ valorCentavos: 4_000, vencimento: somarDias(hoje, 3) }], {
        status: 'em_atendimento',
      });
      const { txid } = (await criar(id)).json<CobrancaPixView>();
      // Both lock the customer first; the charge first would deadlock with the payment removing it.
      const [manual, recebido] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/operador/clientes/${id}/pagamentos`,
          headers: bearer(tokens.ana),
          payload: { conta_id: contas[0], valor: 40, data: hoje, forma: 'dinheiro' },
        }),
        registrarPixConfirmado(
          t.database.db,
          t.app.appKey,
          pix(txid, 4_000, `E2EDEADLOCK${vez}C${id}`),
          'webhook',
        ),
      ]);
      expect(manual.statusCode, manual.body).toBeLessThan(500);
      // Whichever came second found the receivable settled: a refused payment, or a PIX kept as credit.
      expect(recebido.situacao).toBe(manual.statusCode === 201 ? 'sem_correspondencia' : 'conciliado');
      expect(await t.database.db.$count(pagamentos, eq(pagamentos.clienteId, id))).toBe(1);
    }
  });

  it('records a replayed endToEndId once', async () => {
    const { id } = await clienteCom([{ valorCentavos: 2_500, vencimento: somarDias(hoje, 3) }]);
    const { txid } = (await criar(id)).json<CobrancaPixView>();
    const e2e = 'E12345678202611231200REPLAY00001';
    expect(
      (await registrarPixConfirmado(t.database.db, t.app.appKey, pix(txid, 2_500, e2e), 'webhook')).situacao,
    ).toBe('conciliado');
    expect(
      (await registrarPixConfirmado(t.database.db, t.app.appKey, pix(txid, 2_500, e2e), 'webhook')).situacao,
    ).toBe('repetido');
    expect(await t.database.db.$count(pagamentos, eq(pagamentos.clienteId, id))).toBe(1);
  });

  it('keeps a PIX for an unknown txid, or for a debt already settled, as an unmatched credit', async () => {
    const desconhecido = await registrarPixConfirmado(
      t.database.db,
      t.app.appKey,
      pix('X'.repeat(30), 999, 'E12345678202611231200UNKNOWN0001'),
      'webhook',
    );
    expect(desconhecido).toMatchObject({
      situacao: 'sem_correspondencia',
      creditoCentavos: 999,
      clienteId: null,
    });
    const { id } = await clienteCom([{ valorCentavos: 2_500, vencimento: somarDias(hoje, 3) }]);
    const { txid } = (await criar(id)).json<CobrancaPixView>();
    await t.database.db
      .update(contasReceber)
      .set({ status: 'cancelada' })
      .where(eq(contasReceber.clienteId, id));
    const semDivida = await registrarPixConfirmado(
      t.database.db,
      t.app.appKey,
      pix(txid, 2_500, 'E12345678202611231200SETTLED0001'),
      'webhook',
    );
    expect(semDivida).toMatchObject({
      situacao: 'sem_correspondencia',
      clienteId: id,
      creditoCentavos: 2_500,
    });
    expect(await t.database.db.$count(pagamentos, eq(pagamentos.clienteId, id))).toBe(0);
  });

  it('pays oldest first up to the updated amounts and keeps what is left as credit, never a negative balance', async () => {
    const { id } = await clienteCom([
      { valorCentavos: 1_000, vencimento: somarDias(hoje, 30) },
      { valorCentavos: 2_000, vencimento: somarDias(hoje, 5) },
    ]);
    const { txid } = (await criar(id)).json<CobrancaPixView>();
    const r = await registrarPixConfirmado(
      t.database.db,
      t.app.appKey,
      pix(txid, 3_500, 'E12345678202611231200SURPLUS0001'),
      'webhook',
    );
    expect(r).toMatchObject({ situacao: 'conciliado', pagoCentavos: 3_000, creditoCentavos: 500 });
    const linhas = await t.database.db.select().from(contasReceber).where(eq(contasReceber.clienteId, id));
    expect(linhas.every((c) => c.status === 'paga' && c.valorPagoCentavos === c.valorCentavos)).toBe(true);
    // A partial PIX pays the oldest receivable first.
    const parcial = await clienteCom([
      { valorCentavos: 1_000, vencimento: somarDias(hoje, 30) },
      { valorCentavos: 2_000, vencimento: somarDias(hoje, 5) },
    ]);
    const cobranca = (await criar(parcial.id)).json<CobrancaPixView>();
    await registrarPixConfirmado(
      t.database.db,
      t.app.appKey,
      pix(cobranca.txid, 2_500, 'E12345678202611231200PARTIAL0001'),
      'webhook',
    );
    const [maisNova, maisAntiga] = await Promise.all(
      parcial.contas.map(
        async (c) => (await t.database.db.select().from(contasReceber).where(eq(contasReceber.id, c)))[0],
      ),
    );
    expect(maisAntiga).toMatchObject({ status: 'paga', valorPagoCentavos: 2_000 });
    expect(maisNova).toMatchObject({ status: 'aberta', valorPagoCentavos: 500 });
  });

  it('shows each recorded PIX in the customer detail, newest first, split into settled and credit', async () => {
    const { id } = await clienteCom([{ valorCentavos: 100_000, vencimento: somarDias(hoje, 5) }]);
    const { txid } = (await criar(id)).json<CobrancaPixView>();
    const primeiro = {
      ...pix(txid, 102_400, 'E12345678202611231200DETALHE0001'),
      horario: new Date('2026-11-23T13:05:00.000Z'),
    };
    expect(await registrarPixConfirmado(t.database.db, t.app.appKey, primeiro, 'webhook')).toMatchObject({
      situacao: 'conciliado',
      pagoCentavos: 100_000,
      creditoCentavos: 2_400,
    });
    // The same charge paid again: no debt is left, so it is all credit.
    const segundo = {
      ...pix(txid, 5_000, 'E12345678202611231200DETALHE0002'),
      horario: new Date('2026-11-23T14:10:00.000Z'),
    };
    await registrarPixConfirmado(t.database.db, t.app.appKey, segundo, 'webhook');
    // Another customer's PIX is not this customer's.
    const outro = await clienteCom([{ valorCentavos: 1_000, vencimento: somarDias(hoje, 5) }]);
    const alheia = (await criar(outro.id)).json<CobrancaPixView>();
    await registrarPixConfirmado(
      t.database.db,
      t.app.appKey,
      pix(alheia.txid, 1_000, 'E12345678202611231200DETALHE0003'),
      'webhook',
    );

    const detalhe = await t.app.inject({
      method: 'GET',
      url: `/api/operador/clientes/${id}`,
      headers: bearer(tokens.ana),
    });
    expect(detalhe.statusCode, detalhe.body).toBe(200);
    expect(detalhe.json<ClienteDetalhe>().pix_recebidos).toEqual([
      {
        end_to_end_id: 'E12345678202611231200DETALHE0002',
        valor: 50,
        valor_liquidado: 0,
        credito: 50,
        horario: '2026-11-23T14:10:00.000Z',
      },
      {
        end_to_end_id: 'E12345678202611231200DETALHE0001',
        valor: 1024,
        valor_liquidado: 1000,
        credito: 24,
        horario: '2026-11-23T13:05:00.000Z',
      },
    ]);
  });
});
