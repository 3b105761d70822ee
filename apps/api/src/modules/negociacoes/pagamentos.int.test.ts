import type {
  ClienteDetalhe,
  MensagemView,
  NegociacaoView,
  PagamentoView,
  PromessaView,
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
} from '../../../test/build-test-app.ts';
import { filaOciosa } from '../../../test/fila.ts';
import { auditLogs, clientes, contasReceber, mensagemTemplates, pagamentos } from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';

let t: TestApp;
let ana: TestUser;
let token: string;
const hoje = hojeNoFuso(new Date());

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  token = await issueToken(t.database, ana.id);
});
afterAll(() => t.close());

type Corpo = Record<string, unknown>;
const post = (id: number, rota: string, payload: Corpo) =>
  t.app.inject({
    method: 'POST',
    url: `/api/operador/clientes/${id}/${rota}`,
    headers: bearer(token),
    payload,
  });
const pagar = (id: number, contaId: number, valor: number, extra: Corpo = {}) =>
  post(id, 'pagamentos', { conta_id: contaId, valor, data: hoje, forma: 'pix', ...extra });
const thread = async (id: number) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/operador/clientes/${id}/mensagens`,
      headers: bearer(token),
    })
  ).json<MensagemView[]>();

const novoCliente = (nome = 'Maria Pagadora') =>
  inserirCliente(t.database.db, { nome, status: 'em_atendimento', operadorId: ana.id });
const conta = (clienteId: number, valorCentavos: number) =>
  inserirConta(t.database.db, { clienteId, valorCentavos, vencimento: somarDias(hoje, 5) });
const contaRow = async (id: number) =>
  (await t.database.db.select().from(contasReceber).where(eq(contasReceber.id, id)))[0];
const statusCliente = async (id: number) =>
  (await t.database.db.select().from(clientes).where(eq(clientes.id, id)))[0]?.status;

type RespostaPagamento = { pagamento: PagamentoView; cliente: ClienteDetalhe };

describe('POST /api/operador/clientes/:id/pagamentos', () => {
  it('records a partial payment: balance goes down, the receivable stays open, audited', async () => {
    const id = await novoCliente();
    const c = await conta(id, 10_000);
    await conta(id, 5_000);
    const response = await pagar(id, c, 40.1, { forma: 'boleto', observacao: 'Primeira parte' });
    expect(response.statusCode, response.body).toBe(201);
    const { pagamento, cliente } = response.json<RespostaPagamento>();
    expect(pagamento).toMatchObject({
      conta_id: c,
      valor: 40.1,
      data: hoje,
      forma: 'boleto',
      observacao: 'Primeira parte',
      operador: { id: ana.id, name: 'Ana Operadora' },
    });
    expect(cliente.contas.find((x) => x.id === c)).toMatchObject({
      status: 'aberta',
      valor_pago: 40.1,
      saldo: 59.9,
    });
    expect(cliente).toMatchObject({ status: 'em_atendimento', total_em_aberto: 109.9 });
    expect(await contaRow(c)).toMatchObject({ valorPagoCentavos: 4_010, status: 'aberta', pagoEm: null });
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.acao, 'pagamento.registrado'), eq(auditLogs.entidadeId, String(pagamento.id))));
    expect(audit?.detalhes).toMatchObject({
      valor_centavos: 4_010,
      conta_quitada: false,
      cliente_concluido: false,
    });
  });

  it('settles the last receivable: paid on the date, customer concluded, thank-you message in the thread', async () => {
    const id = await novoCliente('Maria Pagadora');
    const c = await conta(id, 123_456);
    await t.database.db
      .update(contasReceber)
      .set({ valorPagoCentavos: 23_456 })
      .where(eq(contasReceber.id, c));
    const ontem = somarDias(hoje, -1);
    const response = await pagar(id, c, 1000, { data: ontem });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<RespostaPagamento>().cliente).toMatchObject({
      status: 'concluido',
      total_em_aberto: 0,
    });
    expect(await contaRow(c)).toMatchObject({ status: 'paga', pagoEm: ontem, valorPagoCentavos: 123_456 });
    // Sent by its job once the payment committed (docs/efeitos-colaterais.md).
    await filaOciosa(t.app);
    const [agradecimento] = await thread(id);
    expect(agradecimento).toMatchObject({
      direcao: 'saida',
      origem: 'sistema',
      status: 'entregue',
      autor: null,
    });
    expect(agradecimento?.conteudo).toContain(
      'Olá, Maria Pagadora! Recebemos o seu pagamento de R$ 1.000,00.',
    );
    expect(agradecimento?.conteudo).toContain('Empresa Demonstração Ltda, CNPJ 11.222.333/0001-81');
  });

  it('uses the stored thank-you template when the admin saved one', async () => {
    await t.database.db
      .insert(mensagemTemplates)
      .values({ tipo: 'agradecimento', texto: 'Valeu, {{nome}}! {{valor}} recebido. {{empresa}}' });
    const id = await novoCliente('Zé');
    const c = await conta(id, 990);
    expect((await pagar(id, c, 9.9)).statusCode).toBe(201);
    const [recibo] = (await thread(id)).map((m) => m.conteudo);
    expect(recibo?.split('\n\n')[0]).toBe('Valeu, Zé! R$ 9,90 recebido. Empresa Demonstração Ltda');
    await t.database.db.delete(mensagemTemplates).where(eq(mensagemTemplates.tipo, 'agradecimento'));
  });

  it('concludes an opted-out customer without messaging them', async () => {
    const id = await novoCliente();
    await t.database.db.update(clientes).set({ optOutEm: new Date() }).where(eq(clientes.id, id));
    const c = await conta(id, 1_000);
    expect((await pagar(id, c, 10)).statusCode).toBe(201);
    expect(await statusCliente(id)).toBe('concluido');
    expect(await thread(id)).toEqual([]);
  });

  it('answers 422 when the amount is above the updated amount, naming it in R$', async () => {
    const id = await novoCliente();
    const c = await conta(id, 250_050);
    const response = await pagar(id, c, 2500.51);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.valor).toEqual([
      'O valor pago (R$ 2.500,51) é maior que o valor atualizado da conta (R$ 2.500,50).',
    ]);
    expect(await contaRow(c)).toMatchObject({ valorPagoCentavos: 0 });
  });

  it.each([
    ['a payment date in the future', { data: somarDias(hoje, 1) }, 'data'],
    ['a zero amount', { valor: 0 }, 'valor'],
    ['three decimals', { valor: 1.001 }, 'valor'],
    ['an unknown method', { forma: 'cheque' }, 'forma'],
  ])('answers 422 on %s', async (_caso, extra, campo) => {
    const id = await novoCliente();
    const c = await conta(id, 1_000);
    const response = await pagar(id, c, 5, extra);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty(campo);
  });

  it('answers 422 on conta_id for another customer’s receivable or one that is not open', async () => {
    const id = await novoCliente();
    const outro = await conta(await novoCliente(), 1_000);
    const negociada = await inserirConta(t.database.db, {
      clienteId: id,
      valorCentavos: 1_000,
      vencimento: hoje,
      status: 'negociada',
    });
    for (const contaId of [outro, negociada, 99_999_999]) {
      const response = await pagar(id, contaId, 1);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toHaveProperty('conta_id');
    }
    expect(await contaRow(outro)).toMatchObject({ valorPagoCentavos: 0 });
  });

  it('takes only one of two concurrent payments of the full balance', async () => {
    const id = await novoCliente();
    const c = await conta(id, 7_777);
    const respostas = await Promise.all([pagar(id, c, 77.77), pagar(id, c, 77.77)]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await contaRow(c)).toMatchObject({ valorPagoCentavos: 7_777, status: 'paga' });
    expect(await t.database.db.select().from(pagamentos).where(eq(pagamentos.contaId, c))).toHaveLength(1);
    expect((await thread(id)).filter((m) => m.origem === 'sistema')).toHaveLength(1);
  });

  it('fulfils the agreement when its last instalment is paid, then concludes the customer', async () => {
    const id = await novoCliente();
    const original = await conta(id, 10_000);
    const acordo = await post(id, 'negociacoes', {
      contas: [original],
      desconto: 0,
      parcelas: 2,
      primeiro_vencimento: hoje,
    });
    expect(acordo.statusCode, acordo.body).toBe(201);
    const { negociacao } = acordo.json<{ negociacao: NegociacaoView }>();
    const [p1, p2] = negociacao.parcelas_ids as [number, number];
    const primeira = (await pagar(id, p1, 50)).json<RespostaPagamento>().cliente;
    expect(primeira.negociacoes[0]?.status).toBe('ativa');
    expect(primeira.status).toBe('em_atendimento');
    const segunda = (await pagar(id, p2, 50)).json<RespostaPagamento>().cliente;
    expect(segunda.negociacoes[0]?.status).toBe('cumprida');
    expect(segunda.status).toBe('concluido');
    expect(segunda.contas.find((c) => c.id === original)?.status).toBe('negociada');
  });

  it('fulfils a pending promise once the payments since it was made reach its amount', async () => {
    const id = await novoCliente();
    const c = await conta(id, 50_000);
    const promessa = await post(id, 'promessas', { data: somarDias(hoje, 5), valor: 150 });
    expect(promessa.statusCode, promessa.body).toBe(201);
    const primeira = (await pagar(id, c, 100)).json<RespostaPagamento>().cliente;
    expect(primeira.promessas[0]?.status).toBe('pendente');
    const segunda = (await pagar(id, c, 50)).json<RespostaPagamento>().cliente;
    expect(segunda.promessas[0]?.status).toBe('cumprida');
    expect(segunda.status).toBe('em_atendimento');
  });
});

describe('POST /api/operador/clientes/:id/promessas', () => {
  it('records the promise, snoozes the customer until the date, audited', async () => {
    const id = await novoCliente();
    await conta(id, 30_000);
    const data = somarDias(hoje, 60);
    const response = await post(id, 'promessas', { data, valor: 300 });
    expect(response.statusCode, response.body).toBe(201);
    const { promessa, cliente } = response.json<{ promessa: PromessaView; cliente: ClienteDetalhe }>();
    expect(promessa).toMatchObject({ data, valor: 300, status: 'pendente' });
    expect(cliente.promessas.map((p) => p.id)).toEqual([promessa.id]);
    const [row] = await t.database.db.select().from(clientes).where(eq(clientes.id, id));
    expect(row?.sonecaAte).toBe(data);
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.acao, 'promessa.registrada'), eq(auditLogs.entidadeId, String(promessa.id))));
    expect(audits).toHaveLength(1);
  });

  it('accepts today', async () => {
    const id = await novoCliente();
    await conta(id, 1_000);
    expect((await post(id, 'promessas', { data: hoje, valor: 1 })).statusCode).toBe(201);
  });

  it.each([
    ['yesterday', () => ({ data: somarDias(hoje, -1), valor: 1 }), 'data'],
    ['61 days ahead', () => ({ data: somarDias(hoje, 61), valor: 1 }), 'data'],
    ['more than the open balance', () => ({ data: hoje, valor: 10.01 }), 'valor'],
    ['a bad date', () => ({ data: '31/12/2026', valor: 1 }), 'data'],
  ])('answers 422 on %s', async (_caso, corpo, campo) => {
    const id = await novoCliente();
    await conta(id, 1_000);
    const response = await post(id, 'promessas', corpo());
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty(campo);
    const [row] = await t.database.db.select().from(clientes).where(eq(clientes.id, id));
    expect(row?.sonecaAte).toBeNull();
  });
});
