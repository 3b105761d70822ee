import type {
  ClienteDetalhe,
  CobrancaPixView,
  MensagemView,
  NegociacaoView,
  PagamentoView,
  TermosAcordoView,
} from '@cobranca/contracts';
import { hojeNoFuso, reaisParaCentavos, somarDias } from '@cobranca/dominio';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { efeitosConcluidos } from '../../../test/fila.ts';
import {
  auditLogs,
  clientes,
  cobrancaPixContas,
  cobrancasPix,
  contasReceber,
  mensagens,
  pagamentos,
} from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { buscarPixArmazenado, salvarPixArmazenado } from '../pix/configuracao/pix-settings.repository.ts';

// The agreement and payment loop (docs/produto.md §8, §9): the terms go to the customer when the
// agreement is confirmed, one amount pays several receivables oldest first, and the thank-you states
// what the operation paid in total.

let t: TestApp;
let ana: TestUser;
let beto: TestUser;
let token: string;
let tokenBeto: string;
const hoje = hojeNoFuso(new Date());

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  beto = await createTestUser(t.database, 'operador', { name: 'Beto Operador' });
  token = await issueToken(t.database, ana.id);
  tokenBeto = await issueToken(t.database, beto.id);
});
afterAll(() => t.close());

type Corpo = Record<string, unknown>;
const post = (id: number, rota: string, payload: Corpo, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/operador/clientes/${id}/${rota}`,
    headers: { ...bearer(token), ...headers },
    payload,
  });
const thread = async (id: number) => {
  await efeitosConcluidos(t.app);
  return (
    await t.app.inject({
      method: 'GET',
      url: `/api/operador/clientes/${id}/mensagens`,
      headers: bearer(token),
    })
  ).json<MensagemView[]>();
};
const detalhe = async (id: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/operador/clientes/${id}`, headers: bearer(token) })
  ).json<ClienteDetalhe>();

const novoCliente = (nome = 'Paula Acordo', operadorId = ana.id) =>
  inserirCliente(t.database.db, { nome, status: 'em_atendimento', operadorId });
const conta = (clienteId: number, valorCentavos: number, dias = 5) =>
  inserirConta(t.database.db, { clienteId, valorCentavos, vencimento: somarDias(hoje, dias) });
const contaRow = async (id: number) =>
  (await t.database.db.select().from(contasReceber).where(eq(contasReceber.id, id)))[0];

type RespostaAcordo = { negociacao: NegociacaoView; cliente: ClienteDetalhe; termos: TermosAcordoView };
type RespostaPagamento = { pagamento: PagamentoView; pagamentos: PagamentoView[]; cliente: ClienteDetalhe };

const acordo = (id: number, contas: number[], headers: Record<string, string> = {}) =>
  post(
    id,
    'negociacoes',
    { contas, desconto: 0, parcelas: 3, primeiro_vencimento: somarDias(hoje, 5), intervalo_dias: 30 },
    headers,
  );

/** The active `acordo` charge over the instalment, as the workspace lists it. */
const cobrancaDaParcela = async (contaId: number) => {
  const [linha] = await t.database.db
    .select({ codigo: cobrancasPix.pixCopiaECola })
    .from(cobrancasPix)
    .innerJoin(cobrancaPixContas, eq(cobrancaPixContas.cobrancaId, cobrancasPix.id))
    .where(and(eq(cobrancaPixContas.contaId, contaId), eq(cobrancasPix.origem, 'acordo')));
  return linha?.codigo;
};

const fmt = (iso: string) => iso.split('-').reverse().join('/');

describe('agreement terms message (template negociacao)', () => {
  it('stores and sends the terms with every instalment and the first one’s PIX copia e cola', async () => {
    const id = await novoCliente('Paula Acordo');
    const contas = [await conta(id, 6_000), await conta(id, 4_000)];
    const response = await acordo(id, contas);
    expect(response.statusCode, response.body).toBe(201);
    const { negociacao, termos } = response.json<RespostaAcordo>();
    expect(termos).toEqual({ na_fila: true, motivo: null });
    const [m] = await thread(id);
    const primeiro = somarDias(hoje, 5);
    expect(m).toMatchObject({ direcao: 'saida', origem: 'sistema', status: 'entregue', autor: null });
    expect(m?.conteudo).toContain('Olá, Paula Acordo!');
    expect(m?.conteudo).toContain('o seu acordo ficou em 3 parcelas, totalizando R$ 100,00:');
    expect(m?.conteudo).toContain(
      `1ª parcela de R$ 33,34 em ${fmt(primeiro)}\n2ª parcela de R$ 33,33 em ${fmt(somarDias(primeiro, 30))}\n` +
        `3ª parcela de R$ 33,33 em ${fmt(somarDias(primeiro, 60))}`,
    );
    expect(m?.conteudo).toContain(`A primeira parcela, de R$ 33,34, vence em ${fmt(primeiro)}.`);
    const codigo = await cobrancaDaParcela(negociacao.parcelas_ids[0] as number);
    expect(codigo).toBeTruthy();
    expect(m?.conteudo).toContain(`PIX copia e cola:\n${codigo}`);
    const [row] = await t.database.db
      .select()
      .from(mensagens)
      .where(eq(mensagens.id, m?.id as number));
    expect(row).toMatchObject({ templateTipo: 'negociacao', valorCentavos: 10_000 });
    // Every instalment still gets its own charge after the terms.
    for (const parcela of negociacao.parcelas_ids) expect(await cobrancaDaParcela(parcela)).toBeTruthy();
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.acao, 'negociacao.criada'), eq(auditLogs.entidadeId, String(negociacao.id))));
    expect(audit?.detalhes).toMatchObject({ termos_na_fila: true, termos_mensagem_id: m?.id });
  });

  it('sends the terms without the PIX paragraph when PIX is not configured', async () => {
    const antes = await buscarPixArmazenado(t.database.db);
    await salvarPixArmazenado(t.database.db, { ...antes, provedor: 'api_pix' }, null);
    try {
      const id = await novoCliente();
      const response = await acordo(id, [await conta(id, 9_000)]);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<RespostaAcordo>().termos.na_fila).toBe(true);
      const [m] = await thread(id);
      expect(m?.conteudo).toContain('ficou em 3 parcelas, totalizando R$ 90,00:');
      expect(m?.conteudo).not.toContain('PIX');
      expect(m?.conteudo).toContain('.\n\nObrigado pela parceria!');
    } finally {
      await salvarPixArmazenado(t.database.db, antes, null);
    }
  });

  it('says "1 parcela" and uses the admin’s stored template', async () => {
    const { mensagemTemplates } = await import('../../db/schema/index.ts');
    await t.database.db.insert(mensagemTemplates).values({
      tipo: 'negociacao',
      texto: 'Oi {{nome}}: {{parcelas}} ({{quantidade}}x), total {{total}}. {{empresa}}',
    });
    try {
      const id = await novoCliente('Zé');
      const response = await post(id, 'negociacoes', {
        contas: [await conta(id, 5_000)],
        desconto: 0,
        parcelas: 1,
        primeiro_vencimento: somarDias(hoje, 5),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect((await thread(id)).map((m) => m.conteudo)).toEqual([
        'Oi Zé: 1 parcela (1x), total R$ 50,00. Empresa Demonstração Ltda',
      ]);
    } finally {
      await t.database.db.delete(mensagemTemplates).where(eq(mensagemTemplates.tipo, 'negociacao'));
    }
  });

  it('sends nothing to an opted-out customer and says why; the agreement is still made', async () => {
    const id = await novoCliente();
    await t.database.db.update(clientes).set({ optOutEm: new Date() }).where(eq(clientes.id, id));
    const response = await acordo(id, [await conta(id, 3_000)]);
    expect(response.statusCode, response.body).toBe(201);
    const { termos, cliente } = response.json<RespostaAcordo>();
    expect(termos.na_fila).toBe(false);
    expect(termos.motivo).toMatch(/^O cliente pediu para não receber mensagens \(opt-out em /);
    expect(cliente.negociacoes).toHaveLength(1);
    expect(await thread(id)).toEqual([]);
  });

  it('a repeated Idempotency-Key answers the first answer and sends the terms once', async () => {
    const id = await novoCliente();
    const contas = [await conta(id, 3_000)];
    const headers = { 'idempotency-key': `acordo-termos-${id}` };
    const primeira = await acordo(id, contas, headers);
    const segunda = await acordo(id, contas, headers);
    expect(primeira.statusCode).toBe(201);
    expect(segunda.statusCode).toBe(201);
    expect(segunda.headers['idempotent-replayed']).toBeDefined();
    expect(segunda.json()).toEqual(primeira.json());
    expect(await thread(id)).toHaveLength(1);
  });
});

describe('one payment over several receivables', () => {
  it('pays oldest due date first, each with its encargos, one payment per receivable, one audit entry', async () => {
    const id = await novoCliente();
    const atrasada = await conta(id, 10_000, -40);
    const proxima = await conta(id, 5_000, 3);
    const ultima = await conta(id, 7_000, 20);
    const antes = await detalhe(id);
    const devido = reaisParaCentavos(antes.contas.find((c) => c.id === atrasada)?.valor_atualizado ?? 0);
    expect(devido).toBeGreaterThan(10_000);
    // All of the overdue one (with multa and juros), all of the next, 12,34 of the last.
    const valor = (devido + 5_000 + 1_234) / 100;
    const response = await post(id, 'pagamentos', {
      contas_ids: [ultima, atrasada, proxima],
      valor,
      data: hoje,
      forma: 'transferencia',
    });
    expect(response.statusCode, response.body).toBe(201);
    const corpo = response.json<RespostaPagamento>();
    expect(corpo.pagamentos.map((p) => [p.conta_id, reaisParaCentavos(p.valor)])).toEqual([
      [atrasada, devido],
      [proxima, 5_000],
      [ultima, 1_234],
    ]);
    expect(corpo.pagamento.id).toBe(corpo.pagamentos[0]?.id);
    const [pagoAtrasada] = corpo.pagamentos;
    expect(pagoAtrasada?.principal).toBe(100);
    expect(reaisParaCentavos((pagoAtrasada?.multa ?? 0) + (pagoAtrasada?.juros ?? 0))).toBe(devido - 10_000);
    expect(await contaRow(atrasada)).toMatchObject({ status: 'paga', valorPagoCentavos: 10_000 });
    expect(await contaRow(proxima)).toMatchObject({ status: 'paga', valorPagoCentavos: 5_000 });
    expect(await contaRow(ultima)).toMatchObject({ status: 'aberta', valorPagoCentavos: 1_234 });
    expect(corpo.cliente.status).toBe('em_atendimento');
    const linhas = await t.database.db
      .select()
      .from(pagamentos)
      .where(eq(pagamentos.clienteId, id))
      .orderBy(asc(pagamentos.id));
    expect(linhas.map((p) => p.valorCentavos)).toEqual([devido, 5_000, 1_234]);
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.acao, 'pagamento.registrado'), eq(auditLogs.entidadeId, String(corpo.pagamento.id))),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]?.detalhes).toMatchObject({
      valor_centavos: devido + 6_234,
      contas_quitadas: [atrasada, proxima],
      conta_quitada: false,
      pagamentos: [
        { conta_id: atrasada, valor_centavos: devido, quitou: true },
        { conta_id: proxima, valor_centavos: 5_000, quitou: true },
        { conta_id: ultima, valor_centavos: 1_234, quitou: false },
      ],
    });
  });

  it('leaves untouched the receivables the amount does not reach', async () => {
    const id = await novoCliente();
    const a = await conta(id, 3_000, 2);
    const b = await conta(id, 3_000, 9);
    const response = await post(id, 'pagamentos', {
      contas_ids: [b, a],
      valor: 10,
      data: hoje,
      forma: 'pix',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<RespostaPagamento>().pagamentos.map((p) => p.conta_id)).toEqual([a]);
    expect(await contaRow(b)).toMatchObject({ valorPagoCentavos: 0 });
  });

  it('answers 422 when the amount is above the sum of the updated amounts, and changes nothing', async () => {
    const id = await novoCliente();
    const a = await conta(id, 1_000);
    const b = await conta(id, 2_050);
    const response = await post(id, 'pagamentos', {
      contas_ids: [a, b],
      valor: 30.51,
      data: hoje,
      forma: 'pix',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.valor).toEqual([
      'O valor pago (R$ 30,51) é maior que a soma dos valores atualizados das contas escolhidas (R$ 30,50).',
    ]);
    expect(await contaRow(a)).toMatchObject({ valorPagoCentavos: 0 });
    expect(await t.database.db.select().from(pagamentos).where(eq(pagamentos.clienteId, id))).toEqual([]);
  });

  it.each([
    ['both conta_id and contas_ids', (a: number) => ({ conta_id: a, contas_ids: [a] }), 'conta_id'],
    ['neither', () => ({}), 'conta_id'],
    ['a repeated receivable', (a: number) => ({ contas_ids: [a, a] }), 'contas_ids'],
    ['an empty list', () => ({ contas_ids: [] }), 'contas_ids'],
  ])('answers 422 on %s', async (_caso, contas, campo) => {
    const id = await novoCliente();
    const a = await conta(id, 1_000);
    const response = await post(id, 'pagamentos', { ...contas(a), valor: 1, data: hoje, forma: 'pix' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty(campo);
  });

  it('answers 422 on contas_ids naming another customer’s or a closed receivable', async () => {
    const id = await novoCliente();
    const minha = await conta(id, 1_000);
    const alheia = await conta(await novoCliente(), 1_000);
    const negociada = await inserirConta(t.database.db, {
      clienteId: id,
      valorCentavos: 1_000,
      vencimento: hoje,
      status: 'negociada',
    });
    const r1 = await post(id, 'pagamentos', {
      contas_ids: [minha, alheia],
      valor: 1,
      data: hoje,
      forma: 'pix',
    });
    expect(r1.statusCode).toBe(422);
    expect(r1.json().errors.contas_ids).toEqual([`Conta não encontrada para este cliente: #${alheia}.`]);
    const r2 = await post(id, 'pagamentos', {
      contas_ids: [minha, negociada],
      valor: 1,
      data: hoje,
      forma: 'pix',
    });
    expect(r2.statusCode).toBe(422);
    expect(r2.json().errors.contas_ids).toEqual([
      `Só contas em aberto podem ser pagas: #${negociada} (negociada).`,
    ]);
    expect(await contaRow(minha)).toMatchObject({ valorPagoCentavos: 0 });
  });

  it('does not let an operator pay another operator’s customer', async () => {
    const id = await novoCliente('Cliente do Beto', beto.id);
    const a = await conta(id, 1_000);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${id}/pagamentos`,
      headers: bearer(token),
      payload: { contas_ids: [a], valor: 10, data: hoje, forma: 'pix' },
    });
    expect(response.statusCode).toBe(404);
    expect(await contaRow(a)).toMatchObject({ valorPagoCentavos: 0 });
    const doBeto = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${id}/pagamentos`,
      headers: bearer(tokenBeto),
      payload: { contas_ids: [a], valor: 10, data: hoje, forma: 'pix' },
    });
    expect(doBeto.statusCode, doBeto.body).toBe(201);
  });
});

describe('the thank-you states the total paid', () => {
  it('by one payment over several receivables that concludes the customer', async () => {
    const id = await novoCliente('Maria Quitada');
    const a = await conta(id, 3_000, 2);
    const b = await conta(id, 2_000, 9);
    const response = await post(id, 'pagamentos', {
      contas_ids: [a, b],
      valor: 50,
      data: hoje,
      forma: 'pix',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<RespostaPagamento>().cliente.status).toBe('concluido');
    const agradecimentos = (await thread(id)).filter((m) => m.origem === 'sistema');
    expect(agradecimentos).toHaveLength(1);
    expect(agradecimentos[0]?.conteudo).toContain('Recebemos o seu pagamento de R$ 50,00.');
  });

  it('by a PIX that settles several receivables at once', async () => {
    const id = await novoCliente('Rita Pix');
    const a = await conta(id, 3_000, 2);
    const b = await conta(id, 2_500, 9);
    const criada = await post(id, 'cobrancas-pix', { conta_ids: [a, b] });
    expect(criada.statusCode, criada.body).toBe(201);
    const { txid } = criada.json<CobrancaPixView>();
    const paga = await post(id, `cobrancas-pix/${txid}/simular-pagamento`, {});
    expect(paga.statusCode, paga.body).toBe(200);
    expect((await detalhe(id)).status).toBe('concluido');
    const agradecimentos = (await thread(id)).filter((m) => m.origem === 'sistema');
    expect(agradecimentos.map((m) => m.conteudo.split('\n')[0])).toEqual([
      'Olá, Rita Pix! Recebemos o seu pagamento de R$ 55,00. Muito obrigado!',
    ]);
  });
});
