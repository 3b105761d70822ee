import type { ClienteDetalhe, NegociacaoView } from '@cobranca/contracts';
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
import { auditLogs, contasReceber, negociacaoContas, negociacoes } from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { buscarSistemaSettings, salvarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';

let t: TestApp;
let ana: TestUser;
let token: string;
const hoje = hojeNoFuso(new Date());

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  token = await issueToken(t.database, ana.id);
  const settings = await buscarSistemaSettings(t.database.db);
  await salvarSistemaSettings(t.database.db, { ...settings, desconto_maximo_percentual: 20 }, null);
});
afterAll(() => t.close());

type Resposta = { negociacao: NegociacaoView; cliente: ClienteDetalhe };
const negociar = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/operador/clientes/${id}/negociacoes`,
    headers: bearer(token),
    payload,
  });

const clienteComContas = async (...valores: number[]) => {
  const id = await inserirCliente(t.database.db, {
    nome: 'Cliente Acordo',
    status: 'em_atendimento',
    operadorId: ana.id,
  });
  const contas: number[] = [];
  for (const valorCentavos of valores)
    contas.push(
      await inserirConta(t.database.db, { clienteId: id, valorCentavos, vencimento: somarDias(hoje, 20) }),
    );
  return { id, contas };
};

const contasDe = (clienteId: number) =>
  t.database.db
    .select()
    .from(contasReceber)
    .where(eq(contasReceber.clienteId, clienteId))
    .orderBy(contasReceber.id);

describe('POST /api/operador/clientes/:id/negociacoes', () => {
  it('splits R$ 100,00 in 3 (33,34 + 33,33 + 33,33), replaces the receivables and keeps the customer status', async () => {
    const { id, contas } = await clienteComContas(6_000, 4_000);
    const response = await negociar(id, {
      contas,
      desconto: 0,
      parcelas: 3,
      primeiro_vencimento: hoje,
      intervalo_dias: 15,
      observacao: 'Acordo por telefone',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { negociacao, cliente } = response.json<Resposta>();
    expect(negociacao).toMatchObject({
      status: 'ativa',
      valor_original: 100,
      desconto: 0,
      valor_total: 100,
      parcelas: 3,
      primeiro_vencimento: hoje,
      intervalo_dias: 15,
      observacao: 'Acordo por telefone',
      contas_ids: contas,
    });
    expect(cliente.status).toBe('em_atendimento');
    expect(cliente.total_em_aberto).toBe(100);
    const parcelas = cliente.contas.filter((c) => c.origem === 'acordo');
    expect(parcelas.map((p) => [p.valor, p.vencimento, p.numero_parcela, p.descricao])).toEqual([
      [33.34, hoje, '1/3', `Acordo #${negociacao.id} — parcela 1/3`],
      [33.33, somarDias(hoje, 15), '2/3', `Acordo #${negociacao.id} — parcela 2/3`],
      [33.33, somarDias(hoje, 30), '3/3', `Acordo #${negociacao.id} — parcela 3/3`],
    ]);
    expect(negociacao.parcelas_ids).toEqual(parcelas.map((p) => p.id));
    const linhas = await contasDe(id);
    expect(linhas.filter((c) => contas.includes(c.id)).map((c) => c.status)).toEqual([
      'negociada',
      'negociada',
    ]);
    expect(linhas.filter((c) => c.origem === 'acordo').every((c) => c.negociacaoId === negociacao.id)).toBe(
      true,
    );
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.acao, 'negociacao.criada'), eq(auditLogs.entidadeId, String(negociacao.id))));
    expect(audit?.detalhes).toMatchObject({ valor_total_centavos: 10_000, parcelas: 3 });
  });

  it('uses the open balance of partly paid receivables and takes the discount in cents', async () => {
    const id = await inserirCliente(t.database.db, { nome: 'Parcial', operadorId: ana.id });
    const conta = await inserirConta(t.database.db, {
      clienteId: id,
      valorCentavos: 50_000,
      valorPagoCentavos: 10_001,
      vencimento: hoje,
    });
    const response = await negociar(id, {
      contas: [conta],
      desconto: 79.99,
      parcelas: 24,
      primeiro_vencimento: hoje,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { negociacao, cliente } = response.json<Resposta>();
    expect(negociacao).toMatchObject({
      valor_original: 399.99,
      desconto: 79.99,
      valor_total: 320,
      intervalo_dias: 30,
    });
    const valores = cliente.contas.filter((c) => c.origem === 'acordo').map((c) => Math.round(c.valor * 100));
    expect(valores).toHaveLength(24);
    expect(valores.reduce((a, b) => a + b, 0)).toBe(32_000);
    // 32 000 / 24 = 1 333 remainder 8: the first 8 instalments carry one cent more.
    expect(valores).toEqual([...Array(8).fill(1_334), ...Array(16).fill(1_333)]);
    const [link] = await t.database.db
      .select()
      .from(negociacaoContas)
      .where(eq(negociacaoContas.contaId, conta));
    expect(link?.valorCentavos).toBe(39_999);
  });

  it('answers 422 on contas for another customer’s receivable, and changes nothing', async () => {
    const { id, contas } = await clienteComContas(10_000);
    const outro = await clienteComContas(5_000);
    const response = await negociar(id, {
      contas: [...contas, ...outro.contas],
      desconto: 0,
      parcelas: 1,
      primeiro_vencimento: hoje,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.contas[0]).toMatch(/não encontrada/);
    expect((await contasDe(id)).map((c) => c.status)).toEqual(['aberta']);
    expect((await contasDe(outro.id)).map((c) => c.status)).toEqual(['aberta']);
  });

  it.each([
    ['a receivable that is not open', 'paga'],
    ['a receivable already negotiated', 'negociada'],
  ] as const)('answers 422 on contas for %s', async (_caso, status) => {
    const id = await inserirCliente(t.database.db, { nome: 'Fechada', operadorId: ana.id });
    const conta = await inserirConta(t.database.db, {
      clienteId: id,
      valorCentavos: 1_000,
      vencimento: hoje,
      status,
    });
    const response = await negociar(id, {
      contas: [conta],
      desconto: 0,
      parcelas: 1,
      primeiro_vencimento: hoje,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.contas[0]).toMatch(/em aberto/);
  });

  it.each([
    ['repeated receivables', (c: number[]) => ({ contas: [c[0], c[0]] }), 'contas'],
    ['a discount above the maximum (20%)', () => ({ desconto: 20.01 }), 'desconto'],
    ['a discount equal to the total', () => ({ desconto: 100 }), 'desconto'],
    [
      'a first due date in the past',
      () => ({ primeiro_vencimento: somarDias(hoje, -1) }),
      'primeiro_vencimento',
    ],
    ['25 instalments', () => ({ parcelas: 25 }), 'parcelas'],
    ['0 instalments', () => ({ parcelas: 0 }), 'parcelas'],
    ['no receivables', () => ({ contas: [] }), 'contas'],
    ['three decimals in the discount', () => ({ desconto: 1.001 }), 'desconto'],
  ])('answers 422 on %s', async (_caso, alterar, campo) => {
    const { id, contas } = await clienteComContas(10_000);
    const response = await negociar(id, {
      contas,
      desconto: 0,
      parcelas: 2,
      primeiro_vencimento: hoje,
      ...alterar(contas),
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toHaveProperty(campo);
    expect((await contasDe(id)).map((c) => c.status)).toEqual(['aberta']);
  });

  it('accepts a discount of exactly the maximum percentage', async () => {
    const { id, contas } = await clienteComContas(10_000);
    const response = await negociar(id, { contas, desconto: 20, parcelas: 1, primeiro_vencimento: hoje });
    expect(response.statusCode).toBe(201);
    expect(response.json<Resposta>().negociacao.valor_total).toBe(80);
  });

  it('refuses 1 cent in 2 instalments rather than creating a R$ 0,00 one', async () => {
    const { id, contas } = await clienteComContas(1);
    const response = await negociar(id, { contas, desconto: 0, parcelas: 2, primeiro_vencimento: hoje });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.parcelas[0]).toMatch(/no máximo 1 parcela/);
  });

  it('opens only one agreement on a double submit', async () => {
    const { id, contas } = await clienteComContas(10_000, 2_000);
    const corpo = { contas, desconto: 0, parcelas: 2, primeiro_vencimento: hoje };
    const respostas = await Promise.all([negociar(id, corpo), negociar(id, corpo)]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await t.database.db.select().from(negociacoes).where(eq(negociacoes.clienteId, id))).toHaveLength(
      1,
    );
    expect((await contasDe(id)).filter((c) => c.origem === 'acordo')).toHaveLength(2);
  });
});
