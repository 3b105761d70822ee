import type { NegociacaoStatus, RecorrenciaStatus, TemplateTipo } from '@cobranca/contracts';
import { hojeNoFuso, instanteNoFuso, somarDias, ultimoVencimentoComAtraso } from '@cobranca/dominio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  contasReceber,
  mensagens,
  negociacoes,
  pagamentos,
  promessas,
  recorrenciasPix,
  reguaEnvios,
} from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';

// The team lead's view (docs/decisions/021-visao-do-gestor.md). Every expected figure is computed by
// hand below, to the cent. "This month" is the São Paulo month the suite runs in; the régua block uses
// a fixed past period (March 2025) so its day arithmetic is exact.

const agora = new Date();
const hoje = hojeNoFuso(agora);
const primeiroDia = `${hoje.slice(0, 7)}-01`;
const [ano = 0, mes = 1] = hoje.split('-').map(Number);
const proximoMes = new Date(Date.UTC(ano, mes, 1)).toISOString().slice(0, 10);
const ultimoDia = somarDias(proximoMes, -1);
const inicio = instanteNoFuso(primeiroDia, 0);
const fim = instanteNoFuso(proximoMes, 0);
const depois = (instante: Date, segundos: number) => new Date(instante.getTime() + segundos * 1000);
const HORA = 3600;

type NovoPagamento = {
  clienteId: number;
  contaId: number;
  centavos: number;
  data: string;
  operadorId: number | null;
  createdAt?: Date;
};
const pagar = async (db: DbOrTx, p: NovoPagamento) => {
  await db.insert(pagamentos).values({
    clienteId: p.clienteId,
    contaId: p.contaId,
    operadorId: p.operadorId,
    valorCentavos: p.centavos,
    principalCentavos: p.centavos,
    data: p.data,
    forma: 'pix',
    ...(p.createdAt ? { createdAt: p.createdAt } : {}),
  });
};

const prometer = async (
  db: DbOrTx,
  clienteId: number,
  operadorId: number | null,
  status: 'pendente' | 'cumprida' | 'quebrada',
  resolvidaEm: Date | null,
) => {
  await db
    .insert(promessas)
    .values({ clienteId, operadorId, data: primeiroDia, valorCentavos: 1_000, status, resolvidaEm });
};

/** A régua message and the (receivable, step) rows that planned it. */
const enviarRegua = async (
  db: DbOrTx,
  m: {
    clienteId: number;
    contas: number[];
    etapa: number;
    tipo: TemplateTipo;
    enviadaEm: Date | null;
    status?: 'enviada' | 'falhou';
  },
) => {
  const [row] = await db
    .insert(mensagens)
    .values({
      clienteId: m.clienteId,
      telefone: '+5511900000000',
      direcao: 'saida',
      origem: 'regua',
      status: m.status ?? 'enviada',
      conteudo: 'Lembrete',
      canal: 'whatsapp',
      provedor: 'simulador',
      templateTipo: m.tipo,
      enviadaEm: m.enviadaEm,
      createdAt: m.enviadaEm ?? new Date('2025-03-01T12:00:00Z'),
    })
    .returning({ id: mensagens.id });
  if (!row) throw new Error('insert returned no row');
  for (const contaId of m.contas)
    await db.insert(reguaEnvios).values({
      contaId,
      etapaDias: m.etapa,
      mensagemId: row.id,
      status: m.status === 'falhou' ? 'falhou' : 'enviado',
      dataReferencia: '2025-03-01',
    });
};

const getJson = async (t: TestApp, token: string, url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const zeros = {
  valor_cobrado: 0,
  pagamentos: 0,
  clientes_concluidos: 0,
  promessas_cumpridas: 0,
  promessas_quebradas: 0,
};

describe("admin dashboard: the team lead's view", () => {
  let t: TestApp;
  let token: string;
  let tokenOperador: string;
  let ana: TestUser;
  let bruno: TestUser;
  let carla: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const admin = await createTestUser(t.database, 'admin', { name: 'Admin Geral' });
    token = await issueToken(t.database, admin.id);
    carla = await createTestUser(t.database, 'operador', { name: 'Carla Operadora' });
    bruno = await createTestUser(t.database, 'operador', { name: 'Bruno Operador', status: 'Bloqueado' });
    ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
    tokenOperador = await issueToken(t.database, ana.id);

    const c1 = await inserirCliente(db, { nome: 'Cliente Um', operadorId: ana.id });
    const c2 = await inserirCliente(db, { nome: 'Cliente Dois', operadorId: bruno.id });
    const c3 = await inserirCliente(db, { nome: 'Cliente Três', status: 'concluido' });
    const c4 = await inserirCliente(db, { nome: 'Cliente Quatro', status: 'concluido', operadorId: ana.id });
    const c5 = await inserirCliente(db, { nome: 'Cliente Cinco', status: 'concluido', operadorId: ana.id });
    const c6 = await inserirCliente(db, { nome: 'Cliente Seis', status: 'concluido', operadorId: bruno.id });

    // Open receivables K1…K5 (the portfolio), then closed ones K6…K8 that never count as open.
    const k1 = await inserirConta(db, {
      clienteId: c1,
      valorCentavos: 10_000,
      vencimento: somarDias(hoje, 5),
    });
    const k2 = await inserirConta(db, {
      clienteId: c1,
      valorCentavos: 20_000,
      valorPagoCentavos: 5_000,
      vencimento: somarDias(ultimoVencimentoComAtraso(hoje, 31), 1),
    });
    const k3 = await inserirConta(db, {
      clienteId: c2,
      valorCentavos: 30_000,
      vencimento: ultimoVencimentoComAtraso(hoje, 31),
    });
    const k4 = await inserirConta(db, {
      clienteId: c2,
      valorCentavos: 40_000,
      vencimento: somarDias(ultimoVencimentoComAtraso(hoje, 91), 1),
    });
    const k5 = await inserirConta(db, {
      clienteId: c2,
      valorCentavos: 50_000,
      vencimento: ultimoVencimentoComAtraso(hoje, 91),
    });
    // Prescribed (over five years past due): apart from the buckets (issue 31).
    await inserirConta(db, {
      clienteId: c3,
      valorCentavos: 34_728,
      vencimento: '2019-01-02',
      status: 'prescrita',
    });
    const fechada = (clienteId: number, status: 'paga' | 'negociada' | 'cancelada') =>
      inserirConta(db, {
        clienteId,
        valorCentavos: 60_000,
        valorPagoCentavos: status === 'paga' ? 60_000 : 0,
        status,
        vencimento: somarDias(hoje, -200),
      });
    const k6 = await fechada(c3, 'paga');
    await fechada(c1, 'negociada');
    await fechada(c2, 'cancelada');

    // This month's payments P1…P10 (the receivable they paid does not matter to these figures).
    await pagar(db, { clienteId: c1, contaId: k2, centavos: 12_345, data: primeiroDia, operadorId: ana.id });
    await pagar(db, { clienteId: c1, contaId: k2, centavos: 10_000, data: ultimoDia, operadorId: ana.id });
    await pagar(db, {
      clienteId: c2,
      contaId: k3,
      centavos: 5_055,
      data: somarDias(primeiroDia, 3),
      operadorId: bruno.id,
    });
    // P4: a confirmed PIX (no operator) that concluded C3.
    await pagar(db, {
      clienteId: c3,
      contaId: k6,
      centavos: 7_777,
      data: somarDias(primeiroDia, 1),
      operadorId: null,
      createdAt: depois(inicio, HORA),
    });
    // P5 last month, P6 next month: out of the period.
    await pagar(db, {
      clienteId: c1,
      contaId: k2,
      centavos: 99_999,
      data: somarDias(primeiroDia, -1),
      operadorId: ana.id,
    });
    await pagar(db, { clienteId: c2, contaId: k3, centavos: 1_000, data: proximoMes, operadorId: bruno.id });
    // C4: Bruno recorded P7, then Ana P8, the last one, which concluded it → concluded by Ana.
    await pagar(db, {
      clienteId: c4,
      contaId: k6,
      centavos: 2_000,
      data: somarDias(primeiroDia, 2),
      operadorId: bruno.id,
      createdAt: depois(inicio, 2 * HORA),
    });
    await pagar(db, {
      clienteId: c4,
      contaId: k6,
      centavos: 3_000,
      data: somarDias(primeiroDia, 2),
      operadorId: ana.id,
      createdAt: depois(inicio, 3 * HORA),
    });
    // P9: dated this month but recorded (and C5 concluded) after it: collected now, concluded later.
    await pagar(db, {
      clienteId: c5,
      contaId: k6,
      centavos: 1_111,
      data: ultimoDia,
      operadorId: ana.id,
      createdAt: depois(fim, HORA),
    });
    // P10: C6 concluded last month.
    await pagar(db, {
      clienteId: c6,
      contaId: k6,
      centavos: 500,
      data: somarDias(primeiroDia, -1),
      operadorId: bruno.id,
      createdAt: depois(inicio, -HORA),
    });

    // Promises resolved this month (resolvida_em), attributed to whoever recorded them.
    await prometer(db, c1, ana.id, 'cumprida', depois(inicio, 5 * HORA));
    await prometer(db, c1, ana.id, 'quebrada', new Date(fim.getTime() - 1));
    await prometer(db, c1, ana.id, 'cumprida', new Date(inicio.getTime() - 1)); // last month
    await prometer(db, c2, bruno.id, 'quebrada', inicio);
    await prometer(db, c2, bruno.id, 'pendente', null);
    await prometer(db, c3, null, 'cumprida', depois(inicio, HORA));

    // March 2025: régua messages R1…R5 and payments Q1…Q6.
    await enviarRegua(db, {
      clienteId: c1,
      contas: [k1],
      etapa: -3,
      tipo: 'lembrete',
      enviadaEm: new Date('2025-03-03T12:00:00Z'),
    });
    // R2 consolidates two receivables: one message, counted once.
    await enviarRegua(db, {
      clienteId: c1,
      contas: [k1, k2],
      etapa: 0,
      tipo: 'vencimento',
      enviadaEm: new Date('2025-03-06T12:00:00Z'),
    });
    // R3 at 23:30 on 31 March in São Paulo (already April in UTC): in the period, its day is 31 March.
    await enviarRegua(db, {
      clienteId: c2,
      contas: [k3],
      etapa: 3,
      tipo: 'atraso',
      enviadaEm: new Date('2025-04-01T02:30:00Z'),
    });
    // R4 at 00:00 on 1 April in São Paulo: out. R5 failed: never sent.
    await enviarRegua(db, {
      clienteId: c2,
      contas: [k4],
      etapa: 3,
      tipo: 'atraso',
      enviadaEm: new Date('2025-04-01T03:00:00Z'),
    });
    await enviarRegua(db, {
      clienteId: c2,
      contas: [k5],
      etapa: 7,
      tipo: 'atraso',
      enviadaEm: null,
      status: 'falhou',
    });
    const q = (clienteId: number, centavos: number, data: string, operadorId: number | null) =>
      pagar(db, {
        clienteId,
        contaId: k2,
        centavos,
        data,
        operadorId,
        createdAt: new Date(`${data}T15:00:00Z`),
      });
    await q(c1, 1_000, '2025-03-05', ana.id); // Q1: after R1 only → R1
    await q(c1, 2_000, '2025-03-06', ana.id); // Q2: R2's day, R1 within 7 days too → the last touch, R2
    await q(c1, 3_000, '2025-03-13', ana.id); // Q3: R2 + 7 days (inclusive) → R2
    await q(c1, 4_000, '2025-03-14', ana.id); // Q4: 8 days after R2 → no message
    await q(c2, 5_000, '2025-04-07', null); // Q5: R3 (day 31 March) + 7 → R3, though after the period
    await q(c2, 600, '2025-03-30', bruno.id); // Q6: before R3 → no message
  });
  afterAll(() => t.close());

  it('carteira-atraso buckets open receivables by days overdue (principal) and adds up to the open total', async () => {
    const carteira = await getJson(t, token, '/api/admin/dashboard/carteira-atraso');
    expect(carteira).toEqual({
      hoje,
      faixas: [
        // Each at a bucket's edge in days overdue (diasDeAtraso: from the next business day).
        // K1 (due in 5 days: 0 days overdue) 100,00 + K2 (30 days at most) 200,00 − 50,00 paid = 250,00
        { faixa: '0-30', contas: 2, clientes: 1, valor: 250 },
        { faixa: '31-60', contas: 1, clientes: 1, valor: 300 }, // K3, 31 days at least
        { faixa: '61-90', contas: 1, clientes: 1, valor: 400 }, // K4, 90 days at most
        { faixa: '90+', contas: 1, clientes: 1, valor: 500 }, // K5, 91 days at least
      ],
      total_contas: 5,
      total_valor: 1450,
      prescritas: { contas: 1, clientes: 1, valor: 347.28 },
    });
    // Reconciles with the headline "Valores em aberto" (also principal).
    const resumo = await getJson(t, token, '/api/admin/dashboard');
    expect(resumo.valores_em_aberto).toBe(carteira.total_valor);
  });

  it('recuperacao-operadores defaults to this month and reconciles with "Valores cobrados"', async () => {
    const recuperacao = await getJson(t, token, '/api/admin/dashboard/recuperacao-operadores');
    expect(recuperacao).toEqual({
      periodo: { de: primeiroDia, ate: ultimoDia },
      operadores: [
        {
          id: ana.id,
          name: 'Ana Operadora',
          status: 'Ativo',
          // P1 123,45 + P2 100,00 + P8 30,00 + P9 11,11 = 264,56
          valor_cobrado: 264.56,
          pagamentos: 4,
          clientes_concluidos: 1, // C4 (P8); not C5 (concluded after the month)
          promessas_cumpridas: 1,
          promessas_quebradas: 1, // the last millisecond of the month counts
        },
        {
          id: bruno.id,
          name: 'Bruno Operador',
          status: 'Bloqueado',
          // P3 50,55 + P7 20,00 = 70,55; not P6 (next month) nor P10 (last month)
          valor_cobrado: 70.55,
          pagamentos: 2,
          clientes_concluidos: 0, // C6 was concluded last month; C4's last payment is Ana's
          promessas_cumpridas: 0,
          promessas_quebradas: 1,
        },
        { id: carla.id, name: 'Carla Operadora', status: 'Ativo', ...zeros },
      ],
      // P4, a confirmed PIX: 77,77, and it concluded C3; the promise recorded without an operator
      sem_operador: {
        valor_cobrado: 77.77,
        pagamentos: 1,
        clientes_concluidos: 1,
        promessas_cumpridas: 1,
        promessas_quebradas: 0,
      },
      total: {
        valor_cobrado: 412.88, // 264,56 + 70,55 + 77,77
        pagamentos: 7,
        clientes_concluidos: 2,
        promessas_cumpridas: 2,
        promessas_quebradas: 2,
      },
    });
    const centavos = (reais: number) => Math.round(reais * 100);
    const somaLinhas =
      recuperacao.operadores.reduce(
        (s: number, o: { valor_cobrado: number }) => s + centavos(o.valor_cobrado),
        0,
      ) + centavos(recuperacao.sem_operador.valor_cobrado);
    expect(somaLinhas).toBe(centavos(recuperacao.total.valor_cobrado));
    const resumo = await getJson(t, token, '/api/admin/dashboard');
    expect(resumo.valores_cobrados).toBe(recuperacao.total.valor_cobrado);
  });

  it('recuperacao-operadores takes an explicit period (inclusive days)', async () => {
    const r = await getJson(
      t,
      token,
      '/api/admin/dashboard/recuperacao-operadores?de=2025-03-01&ate=2025-03-31',
    );
    expect(r.periodo).toEqual({ de: '2025-03-01', ate: '2025-03-31' });
    // Q1…Q4 Ana 10 + 20 + 30 + 40; Q6 Bruno 6,00; Q5 (April) is out
    expect(
      r.operadores.map((o: { valor_cobrado: number; pagamentos: number }) => [o.valor_cobrado, o.pagamentos]),
    ).toEqual([
      [100, 4],
      [6, 1],
      [0, 0],
    ]);
    expect(r.sem_operador.valor_cobrado).toBe(0);
    expect(r.total.valor_cobrado).toBe(106);
  });

  it('recuperacao-regua groups the régua messages of the period by step and template, last touch within N days', async () => {
    expect(
      await getJson(t, token, '/api/admin/dashboard/recuperacao-regua?de=2025-03-01&ate=2025-03-31'),
    ).toEqual({
      periodo: { de: '2025-03-01', ate: '2025-03-31' },
      dias: 7,
      etapas: [
        { etapa_dias: -3, template_tipo: 'lembrete', mensagens: 1, clientes_pagaram: 1, valor_pago: 10 }, // Q1
        { etapa_dias: 0, template_tipo: 'vencimento', mensagens: 1, clientes_pagaram: 1, valor_pago: 50 }, // Q2 + Q3
        { etapa_dias: 3, template_tipo: 'atraso', mensagens: 1, clientes_pagaram: 1, valor_pago: 50 }, // Q5
      ],
      // Each payment once: 10 + 50 + 50 = Q1 + Q2 + Q3 + Q5 = 110,00; customers C1 and C2
      total: { mensagens: 3, clientes_pagaram: 2, valor_pago: 110 },
    });
  });

  it('recuperacao-regua narrows the window with `dias`', async () => {
    const r = await getJson(
      t,
      token,
      '/api/admin/dashboard/recuperacao-regua?de=2025-03-01&ate=2025-03-31&dias=1',
    );
    // R1 window 3–4 March: nothing; R2 6–7 March: Q2 20,00; R3 31 March–1 April: nothing
    expect(r.etapas.map((e: { valor_pago: number }) => e.valor_pago)).toEqual([0, 20, 0]);
    expect(r.total).toEqual({ mensagens: 3, clientes_pagaram: 1, valor_pago: 20 });
  });

  it('recuperacao-regua answers no rows for a period without régua messages', async () => {
    expect(
      await getJson(t, token, '/api/admin/dashboard/recuperacao-regua?de=2024-01-01&ate=2024-01-31'),
    ).toEqual({
      periodo: { de: '2024-01-01', ate: '2024-01-31' },
      dias: 7,
      etapas: [],
      total: { mensagens: 0, clientes_pagaram: 0, valor_pago: 0 },
    });
  });

  it.each([
    ['de=2025-03-31&ate=2025-03-01', 'A data inicial deve ser anterior ou igual à final.'],
    ['de=2024-01-01&ate=2025-01-01', 'O período pode ter no máximo 366 dias.'],
    ['de=2025-03-01', 'Informe a data inicial e a final do período.'],
    ['de=2025-02-30&ate=2025-03-01', 'Use uma data no formato AAAA-MM-DD.'],
    ['de=01/03/2025&ate=2025-03-01', 'Use uma data no formato AAAA-MM-DD.'],
  ])('an invalid period (%s) is a 422 in pt-BR on every ranged route', async (query, mensagem) => {
    for (const rota of ['recuperacao-operadores', 'recuperacao-regua', 'acordos']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/dashboard/${rota}?${query}`,
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.body).toContain(mensagem);
    }
  });

  it('accepts exactly 366 days (a leap year)', async () => {
    await getJson(t, token, '/api/admin/dashboard/recuperacao-operadores?de=2024-01-01&ate=2024-12-31');
  });

  it.each(['0', '31', '2.5', 'x'])('recuperacao-regua refuses dias=%s with a 422', async (dias) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/dashboard/recuperacao-regua?dias=${dias}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(422);
  });

  it.each(['carteira-atraso', 'recuperacao-operadores', 'recuperacao-regua', 'acordos'])(
    'an operator gets 403 on %s, and no token 401',
    async (rota) => {
      const url = `/api/admin/dashboard/${rota}`;
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(tokenOperador) })).statusCode).toBe(
        403,
      );
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    },
  );
});

type NovoAcordo = {
  status: NegociacaoStatus;
  parcelas?: number;
  createdAt?: Date;
  /** Instalments (origem 'acordo'): due date and status. */
  contas: { vencimento: string; status: 'aberta' | 'paga' }[];
  /** The agreement's PIX Automático recurrence, if any; approved when `aprovadaEm` is set. */
  recorrencia?: { status: RecorrenciaStatus; aprovadaEm: Date | null };
};

/** An agreement, its instalments and its recurrence, as the agreement's transaction leaves them. */
const acordar = async (db: DbOrTx, clienteId: number, a: NovoAcordo) => {
  const [n] = await db
    .insert(negociacoes)
    .values({
      clienteId,
      status: a.status,
      valorOriginalCentavos: 30_000,
      valorTotalCentavos: 30_000,
      parcelas: a.parcelas ?? 3,
      primeiroVencimento: a.contas[0]?.vencimento ?? hoje,
      intervaloDias: 30,
      mensal: a.recorrencia !== undefined,
      createdAt: a.createdAt ?? depois(inicio, HORA),
    })
    .returning({ id: negociacoes.id });
  if (!n) throw new Error('insert returned no row');
  for (const [i, c] of a.contas.entries())
    await db.insert(contasReceber).values({
      clienteId,
      origem: 'acordo',
      negociacaoId: n.id,
      numeroParcela: String(i + 1),
      descricao: `Parcela ${i + 1}`,
      valorCentavos: 10_000,
      vencimento: c.vencimento,
      status: c.status,
      valorPagoCentavos: c.status === 'paga' ? 10_000 : 0,
      pagoEm: c.status === 'paga' ? c.vencimento : null,
    });
  if (a.recorrencia)
    await db.insert(recorrenciasPix).values({
      negociacaoId: n.id,
      clienteId,
      provedor: 'simulador',
      status: a.recorrencia.status,
      valorCentavos: 10_000,
      dataInicial: a.contas[1]?.vencimento ?? hoje,
      dataFinal: a.contas.at(-1)?.vencimento ?? hoje,
      aprovadaEm: a.recorrencia.aprovadaEm,
    });
};

// Agreements kept and broken, with and without automatic debit (docs/pix-automatico.md, "Acordos
// cumpridos e quebrados"). Its own database: the instalments below would change the portfolio above.
describe("admin dashboard: the team lead's agreements kept and broken", () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const admin = await createTestUser(t.database, 'admin');
    token = await issueToken(t.database, admin.id);
    const cliente = await inserirCliente(db, { nome: 'Cliente Acordos' });
    const paga = (dias: number) => ({ vencimento: somarDias(hoje, dias), status: 'paga' as const });
    const aberta = (dias: number) => ({ vencimento: somarDias(hoje, dias), status: 'aberta' as const });
    const aprovada = { status: 'aprovada' as const, aprovadaEm: depois(inicio, 2 * HORA) };

    // With an approved recurrence.
    // D1 kept: first instalment paid, the rest not due yet.
    await acordar(db, cliente, {
      status: 'ativa',
      contas: [paga(-5), aberta(25), aberta(55)],
      recorrencia: aprovada,
    });
    // D2 broken: an instalment open exactly 30 days after its due date.
    await acordar(db, cliente, {
      status: 'ativa',
      contas: [paga(-60), aberta(-30), aberta(0)],
      recorrencia: aprovada,
    });
    // D3 kept: fulfilled; the payer cancelled the recurrence later, it was approved all the same.
    await acordar(db, cliente, {
      status: 'cumprida',
      contas: [paga(-60), paga(-30), paga(0)],
      recorrencia: { status: 'cancelada', aprovadaEm: depois(inicio, 2 * HORA) },
    });
    // D4 cancelled: in neither count, overdue instalment and all.
    await acordar(db, cliente, {
      status: 'cancelada',
      contas: [aberta(-45), aberta(-15)],
      recorrencia: aprovada,
    });

    // Without automatic debit.
    // S1 kept: open 29 days after its due date, not yet broken; the older instalment was paid.
    await acordar(db, cliente, { status: 'ativa', contas: [paga(-59), aberta(-29), aberta(1)] });
    // S2 broken: its recurrence was never approved (still awaiting), so it has no automatic debit.
    await acordar(db, cliente, {
      status: 'ativa',
      contas: [aberta(-45), aberta(-15)],
      recorrencia: { status: 'criada', aprovadaEm: null },
    });
    // S3 broken by status; S4 kept by status; S5 cancelled.
    await acordar(db, cliente, { status: 'quebrada', contas: [aberta(-10), aberta(20)] });
    await acordar(db, cliente, { status: 'cumprida', contas: [paga(-20), paga(10)] });
    await acordar(db, cliente, { status: 'cancelada', contas: [aberta(-40), aberta(-10)] });

    // Out of the count: a single-instalment agreement, and one created last month (broken).
    await acordar(db, cliente, { status: 'ativa', parcelas: 1, contas: [aberta(-40)] });
    await acordar(db, cliente, {
      status: 'ativa',
      createdAt: new Date(inicio.getTime() - 1),
      contas: [aberta(-50), aberta(-20)],
    });
  });
  afterAll(() => t.close());

  it('counts agreements of 2+ instalments created this month as kept or broken, with and without automatic debit', async () => {
    expect(await getJson(t, token, '/api/admin/dashboard/acordos')).toEqual({
      periodo: { de: primeiroDia, ate: ultimoDia },
      hoje,
      acordos: {
        com_debito: { mantidos: 2, quebrados: 1 }, // D1, D3 kept; D2 broken; D4 cancelled
        sem_debito: { mantidos: 2, quebrados: 2 }, // S1 (29 days), S4 kept; S2, S3 broken; S5 cancelled
      },
    });
  });

  it('takes an explicit period: last month holds only the agreement created in its last instant', async () => {
    const ate = somarDias(primeiroDia, -1);
    const de = `${ate.slice(0, 7)}-01`;
    expect(await getJson(t, token, `/api/admin/dashboard/acordos?de=${de}&ate=${ate}`)).toEqual({
      periodo: { de, ate },
      hoje,
      acordos: { com_debito: { mantidos: 0, quebrados: 0 }, sem_debito: { mantidos: 0, quebrados: 1 } },
    });
  });

  it('answers zeros for a period without agreements', async () => {
    expect(
      (await getJson(t, token, '/api/admin/dashboard/acordos?de=2024-01-01&ate=2024-01-31')).acordos,
    ).toEqual({ com_debito: { mantidos: 0, quebrados: 0 }, sem_debito: { mantidos: 0, quebrados: 0 } });
  });
});
