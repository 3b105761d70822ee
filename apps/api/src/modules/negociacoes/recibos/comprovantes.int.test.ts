import type { CobrancaPixView, ComprovantesResponse, ComprovanteView } from '@cobranca/contracts';
import { formatarDataBr, formatarDocumento, hojeNoFuso, minutosDoDia, somarDias } from '@cobranca/dominio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../../test/build-test-app.ts';
import { inserirCliente, inserirConta } from '../../clientes/clientes.test-fixtures.ts';
import { type ClientePortal, clienteComLink } from '../../portal/portal.test-fixtures.ts';

// Comprovantes (docs/produto.md §9, §22): one per payment operation, for the customer's operator, the
// admin and the customer's own portal session; anyone else's is a 404, the wrong role a 403.

let t: TestApp;
let ana: Record<string, string>;
let beto: Record<string, string>;
let admin: Record<string, string>;
let maria: ClientePortal;
let pagamentoMaria: number;
let pixCliente: number;
let pagamentoPix: number;
const hoje = hojeNoFuso(new Date());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await buildTestApp();
  const anaUser = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  ana = bearer(await issueToken(t.database, anaUser.id));
  beto = bearer(await issueToken(t.database, (await createTestUser(t.database, 'operador')).id));
  admin = bearer(await issueToken(t.database, (await createTestUser(t.database, 'admin')).id));

  maria = await clienteComLink(t.database.db, { nome: 'Maria Portal Silva', operadorId: anaUser.id });
  const [conta] = (await get(`/api/operador/clientes/${maria.id}`, ana)).json<{ contas: { id: number }[] }>()
    .contas;
  const pago = await t.app.inject({
    method: 'POST',
    url: `/api/operador/clientes/${maria.id}/pagamentos`,
    headers: ana,
    payload: { conta_id: conta?.id, valor: 100, data: hoje, forma: 'dinheiro', observacao: 'Recibo nº 55' },
  });
  expect(pago.statusCode, pago.body).toBe(201);
  pagamentoMaria = pago.json<{ pagamento: { id: number } }>().pagamento.id;

  pixCliente = await inserirCliente(t.database.db, {
    nome: 'Rita Pix',
    status: 'em_atendimento',
    operadorId: anaUser.id,
  });
  const contas = [
    await inserirConta(t.database.db, {
      clienteId: pixCliente,
      valorCentavos: 3_000,
      vencimento: somarDias(hoje, 2),
    }),
    await inserirConta(t.database.db, {
      clienteId: pixCliente,
      valorCentavos: 2_500,
      vencimento: somarDias(hoje, 9),
    }),
  ];
  const criada = await t.app.inject({
    method: 'POST',
    url: `/api/operador/clientes/${pixCliente}/cobrancas-pix`,
    headers: ana,
    payload: { conta_ids: contas },
  });
  expect(criada.statusCode, criada.body).toBe(201);
  const paga = await t.app.inject({
    method: 'POST',
    url: `/api/operador/clientes/${pixCliente}/cobrancas-pix/${criada.json<CobrancaPixView>().txid}/simular-pagamento`,
    headers: ana,
    payload: {},
  });
  expect(paga.statusCode, paga.body).toBe(200);
  const lista = (
    await get(`/api/operador/clientes/${pixCliente}/comprovantes`, ana)
  ).json<ComprovantesResponse>();
  pagamentoPix = lista.data[0]?.id ?? 0;
});
afterAll(() => t.close());

describe('the operator’s comprovantes', () => {
  it('lists each payment operation, paged, and shows one with payer, document, time and what it paid', async () => {
    const lista = await get(`/api/operador/clientes/${maria.id}/comprovantes`, ana);
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json<ComprovantesResponse>()).toMatchObject({
      data: [{ id: pagamentoMaria, valor: 100, forma: 'dinheiro', data: hoje }],
      total: 1,
      current_page: 1,
    });
    const r = await get(`/api/operador/clientes/${maria.id}/comprovantes/${pagamentoMaria}`, ana);
    expect(r.statusCode, r.body).toBe(200);
    const c = r.json<ComprovanteView>();
    expect(c).toMatchObject({
      id: pagamentoMaria,
      valor: 100,
      forma: 'dinheiro',
      forma_rotulo: 'Dinheiro',
      pagador: { nome: 'Maria Portal Silva', documento: formatarDocumento(maria.documento) },
      end_to_end_id: null,
      observacao: 'Recibo nº 55',
      credor: { nome: 'Empresa Demonstração Ltda' },
    });
    const instante = new Date(c.horario);
    const minutos = minutosDoDia(instante);
    expect(c.horario_local).toBe(
      `${formatarDataBr(hojeNoFuso(instante))} às ${String(Math.floor(minutos / 60)).padStart(2, '0')}:${String(minutos % 60).padStart(2, '0')}`,
    );
    expect(c.itens).toHaveLength(1);
    const [item] = c.itens;
    expect((item?.principal ?? 0) + (item?.multa ?? 0) + (item?.juros ?? 0)).toBeCloseTo(100, 2);
    expect(item?.juros).toBeGreaterThan(0);
    const depois = await get(`/api/operador/clientes/${maria.id}/comprovantes?page=2`, ana);
    expect(depois.json<ComprovantesResponse>()).toMatchObject({ data: [], total: 1, last_page: 1 });
  });

  it('one PIX over two receivables is one comprovante with its end-to-end id and both receivables', async () => {
    const c = (
      await get(`/api/operador/clientes/${pixCliente}/comprovantes/${pagamentoPix}`, ana)
    ).json<ComprovanteView>();
    expect(c).toMatchObject({ valor: 55, forma: 'pix', observacao: null });
    expect(c.end_to_end_id).toMatch(/^E\d{8}/);
    expect(c.itens.map((i) => i.valor)).toEqual([30, 25]);
  });

  it('another operator’s customer, or another customer’s payment, is a 404', async () => {
    expect((await get(`/api/operador/clientes/${maria.id}/comprovantes`, beto)).statusCode).toBe(404);
    expect(
      (await get(`/api/operador/clientes/${maria.id}/comprovantes/${pagamentoMaria}`, beto)).statusCode,
    ).toBe(404);
    const cruzado = await get(`/api/operador/clientes/${pixCliente}/comprovantes/${pagamentoMaria}`, ana);
    expect(cruzado.statusCode).toBe(404);
    expect(cruzado.json()).toMatchObject({ code: 'COMPROVANTE_NAO_ENCONTRADO' });
  });
});

describe('the admin’s comprovantes and the roles', () => {
  it('the admin reads any customer’s; an operator on the admin route, or the admin on the operator’s, is a 403', async () => {
    const r = await get(`/api/admin/clientes/${maria.id}/comprovantes/${pagamentoMaria}`, admin);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<ComprovanteView>().valor).toBe(100);
    expect((await get(`/api/admin/clientes/${pixCliente}/comprovantes`, admin)).json()).toMatchObject({
      total: 1,
    });
    expect((await get(`/api/admin/clientes/${maria.id}/comprovantes`, ana)).statusCode).toBe(403);
    expect((await get(`/api/operador/clientes/${maria.id}/comprovantes`, admin)).statusCode).toBe(403);
  });
});

describe('the portal’s comprovantes', () => {
  const sessao = async ({ token, documento }: ClientePortal) => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/portal/sessao',
      payload: { token, documento },
    });
    expect(r.statusCode, r.body).toBe(200);
    return bearer(r.json<{ sessao: string }>().sessao);
  };

  it('lists and shows its own customer’s payments only; without a session, a 401', async () => {
    const s = await sessao(maria);
    expect(
      (await get('/api/portal/comprovantes', s)).json<ComprovantesResponse>().data.map((c) => c.id),
    ).toEqual([pagamentoMaria]);
    const c = await get(`/api/portal/comprovantes/${pagamentoMaria}`, s);
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json<ComprovanteView>().pagador.nome).toBe('Maria Portal Silva');
    expect((await get(`/api/portal/comprovantes/${pagamentoPix}`, s)).statusCode).toBe(404);
    expect((await get('/api/portal/comprovantes')).statusCode).toBe(401);
    expect((await get('/api/portal/comprovantes', ana)).statusCode).toBe(401);
  });
});
