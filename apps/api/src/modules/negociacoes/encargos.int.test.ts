import type { ClienteDetalhe, NegociacaoView, PagamentoView } from '@cobranca/contracts';
import { diasEntre, ehDiaUtil, formatarReais, hojeNoFuso, somarDias } from '@cobranca/dominio';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import {
  auditLogs,
  contasReceber,
  negociacaoContas,
  negociacoes,
  pagamentos,
} from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { configurar } from '../regua/regua.test-fixtures.ts';

// Updated amounts through the API (docs/produto.md §7): R$ 1.000,00 overdue by a number of days that is a
// multiple of 3, on a business day, so the figures are computed by hand: multa 2 % = 20,00 and juros
// 1 % a month = dias / 3 reais.

let t: TestApp;
let ana: TestUser;
let token: string;
const hoje = hojeNoFuso(new Date());

/** A business day at least 12 days back whose distance to today is a multiple of 3. */
const vencimentoAtrasado = (): string => {
  let data = somarDias(hoje, -12);
  while (!ehDiaUtil(data) || diasEntre(data, hoje) % 3 !== 0) data = somarDias(data, -1);
  return data;
};
const VENCIMENTO = vencimentoAtrasado();
const DIAS = diasEntre(VENCIMENTO, hoje);
const JUROS = (DIAS / 3) * 100; // cents
const ATUALIZADO = 100_000 + 2_000 + JUROS;

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  token = await issueToken(t.database, ana.id);
});
afterAll(() => t.close());
beforeEach(() => configurar(t.database.db, {}));

type Corpo = Record<string, unknown>;
const post = (id: number, rota: string, payload: Corpo) =>
  t.app.inject({
    method: 'POST',
    url: `/api/operador/clientes/${id}/${rota}`,
    headers: bearer(token),
    payload,
  });
const detalhe = async (id: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/operador/clientes/${id}`, headers: bearer(token) })
  ).json<ClienteDetalhe>();
const clienteComConta = async (vencimento = VENCIMENTO) => {
  const id = await inserirCliente(t.database.db, {
    nome: 'Rita Atrasada',
    status: 'em_atendimento',
    operadorId: ana.id,
  });
  const conta = await inserirConta(t.database.db, { clienteId: id, valorCentavos: 100_000, vencimento });
  return { id, conta };
};
const contaRow = async (id: number) =>
  (await t.database.db.select().from(contasReceber).where(eq(contasReceber.id, id)))[0];
const reais = (centavos: number) => centavos / 100;

describe('updated amounts on the wire', () => {
  it('shows principal, multa, juros and the updated amount of an overdue receivable, and the updated total', async () => {
    const { id, conta } = await clienteComConta();
    const cliente = await detalhe(id);
    expect(cliente.contas.find((c) => c.id === conta)).toMatchObject({
      saldo: 1000,
      multa: 20,
      juros: reais(JUROS),
      valor_atualizado: reais(ATUALIZADO),
      dias_atraso: DIAS,
    });
    expect(cliente.total_em_aberto).toBe(reais(ATUALIZADO));
  });

  it('follows the configured percentages (1,5 % multa, 3 % a month)', async () => {
    await configurar(t.database.db, { encargos: { multa_percentual: 1.5, juros_mensal_percentual: 3 } });
    const { id, conta } = await clienteComConta();
    expect((await detalhe(id)).contas.find((c) => c.id === conta)).toMatchObject({
      multa: 15,
      juros: reais(DIAS * 100), // 3 % a month = 1,00 a day on R$ 1.000,00
    });
  });
});

describe('payments with encargos', () => {
  it('a payment of the updated amount settles the receivable, recording principal, multa and juros apart', async () => {
    const { id, conta } = await clienteComConta();
    const response = await post(id, 'pagamentos', {
      conta_id: conta,
      valor: reais(ATUALIZADO),
      data: hoje,
      forma: 'pix',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { pagamento, cliente } = response.json<{ pagamento: PagamentoView; cliente: ClienteDetalhe }>();
    expect(pagamento).toMatchObject({
      valor: reais(ATUALIZADO),
      principal: 1000,
      multa: 20,
      juros: reais(JUROS),
    });
    expect(cliente.status).toBe('concluido');
    expect(await contaRow(conta)).toMatchObject({
      status: 'paga',
      valorPagoCentavos: 100_000,
      encargosAte: null,
    });
    const [linha] = await t.database.db.select().from(pagamentos).where(eq(pagamentos.contaId, conta));
    expect(linha).toMatchObject({ principalCentavos: 100_000, multaCentavos: 2_000, jurosCentavos: JUROS });
    const [auditoria] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.acao, 'pagamento.registrado'), eq(auditLogs.entidadeId, String(pagamento.id))));
    expect(auditoria?.detalhes).toMatchObject({
      principal_centavos: 100_000,
      multa_centavos: 2_000,
      juros_centavos: JUROS,
    });
  });

  it('the face value does not settle an overdue receivable: juros and multa first, the rest stays open', async () => {
    const { id, conta } = await clienteComConta();
    const response = await post(id, 'pagamentos', {
      conta_id: conta,
      valor: 1000,
      data: hoje,
      forma: 'dinheiro',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { pagamento, cliente } = response.json<{ pagamento: PagamentoView; cliente: ClienteDetalhe }>();
    expect(pagamento).toMatchObject({
      principal: reais(100_000 - 2_000 - JUROS),
      multa: 20,
      juros: reais(JUROS),
    });
    expect(cliente.status).toBe('em_atendimento');
    // What is left is principal only, and no more multa: it owes exactly what the encargos took.
    expect(cliente.contas.find((c) => c.id === conta)).toMatchObject({
      status: 'aberta',
      saldo: reais(2_000 + JUROS),
      multa: 0,
      juros: 0,
      valor_atualizado: reais(2_000 + JUROS),
    });
    expect(await contaRow(conta)).toMatchObject({
      encargosAte: hoje,
      multaPendenteCentavos: 0,
      jurosPendentesCentavos: 0,
    });
    const resto = await post(id, 'pagamentos', {
      conta_id: conta,
      valor: reais(2_000 + JUROS),
      data: hoje,
      forma: 'dinheiro',
    });
    expect(resto.statusCode, resto.body).toBe(201);
    expect(resto.json<{ cliente: ClienteDetalhe }>().cliente.status).toBe('concluido');
  });

  it('answers 422 above the updated amount, naming it', async () => {
    const { id, conta } = await clienteComConta();
    const response = await post(id, 'pagamentos', {
      conta_id: conta,
      valor: reais(ATUALIZADO + 1),
      data: hoje,
      forma: 'pix',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.valor[0]).toContain(`maior que o valor atualizado da conta`);
    expect(await contaRow(conta)).toMatchObject({ status: 'aberta', valorPagoCentavos: 0 });
  });

  it('a payment dated on the due date owes no encargos and settles at face value', async () => {
    const { id, conta } = await clienteComConta();
    const response = await post(id, 'pagamentos', {
      conta_id: conta,
      valor: 1000,
      data: VENCIMENTO,
      forma: 'pix',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ pagamento: PagamentoView }>().pagamento).toMatchObject({ multa: 0, juros: 0 });
    expect(await contaRow(conta)).toMatchObject({ status: 'paga', pagoEm: VENCIMENTO });
  });
});

describe('agreements over overdue receivables', () => {
  const acordo = (id: number, conta: number, desconto: number) =>
    post(id, 'negociacoes', {
      contas: [conta],
      desconto,
      parcelas: 2,
      primeiro_vencimento: hoje,
      intervalo_dias: 30,
    });

  it('negotiates from the updated amount and records the encargos the discount waived', async () => {
    const { id, conta } = await clienteComConta();
    const response = await acordo(id, conta, 10);
    expect(response.statusCode, response.body).toBe(201);
    const { negociacao } = response.json<{ negociacao: NegociacaoView }>();
    expect(negociacao).toMatchObject({
      valor_original: reais(ATUALIZADO),
      encargos: reais(2_000 + JUROS),
      desconto: 10,
      encargos_dispensados: 10,
      valor_total: reais(ATUALIZADO - 1_000),
    });
    const [link] = await t.database.db
      .select()
      .from(negociacaoContas)
      .where(eq(negociacaoContas.negociacaoId, negociacao.id));
    expect(link?.valorCentavos).toBe(ATUALIZADO);
    const [auditoria] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.acao, 'negociacao.criada'), eq(auditLogs.entidadeId, String(negociacao.id))));
    expect(auditoria?.detalhes).toMatchObject({
      encargos_centavos: 2_000 + JUROS,
      encargos_dispensados_centavos: 1_000,
    });
  });

  it('lets the discount waive all the encargos above the maximum percentage, and not a cent more', async () => {
    await configurar(t.database.db, { desconto_maximo_percentual: 1 });
    const { id, conta } = await clienteComConta();
    const acima = await acordo(id, conta, reais(2_000 + JUROS + 1));
    expect(acima.statusCode).toBe(422);
    expect(acima.json().errors.desconto).toEqual([
      `O desconto máximo é o valor dos encargos (${formatarReais(2_000 + JUROS)}).`,
    ]);
    const todos = await acordo(id, conta, reais(2_000 + JUROS));
    expect(todos.statusCode, todos.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(negociacoes)
      .where(eq(negociacoes.id, todos.json<{ negociacao: NegociacaoView }>().negociacao.id));
    expect(row).toMatchObject({
      encargosCentavos: 2_000 + JUROS,
      encargosDispensadosCentavos: 2_000 + JUROS,
      valorTotalCentavos: 100_000,
    });
  });
});

describe('promises over overdue receivables', () => {
  it('may promise up to the updated total, not above', async () => {
    const { id } = await clienteComConta();
    const data = somarDias(hoje, 5);
    const acima = await post(id, 'promessas', { data, valor: reais(ATUALIZADO + 1) });
    expect(acima.statusCode).toBe(422);
    expect((await post(id, 'promessas', { data, valor: reais(ATUALIZADO) })).statusCode).toBe(201);
  });
});
