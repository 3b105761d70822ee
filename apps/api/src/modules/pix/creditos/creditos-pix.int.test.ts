import type {
  AtribuicaoCreditoPixResponse,
  CobrancaPixView,
  CreditoPixView,
  NegociacaoBody,
  Paged,
} from '@cobranca/contracts';
import { hojeNoFuso, somarDias } from '@cobranca/dominio';
import { and, asc, eq } from 'drizzle-orm';
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
  mensagens,
  negociacoes,
  pagamentos,
  pixRecebidos,
  promessas,
} from '../../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../../clientes/clientes.test-fixtures.ts';
import { registrarPixConfirmado } from '../liquidacao/liquidacao.service.ts';

// Unmatched PIX credits and their assignment by an admin (docs/produto.md §21).

let t: TestApp;
let ana: TestUser;
let admin: TestUser;
const tokens = { ana: '', admin: '', superAdmin: '' };
const hoje = hojeNoFuso(new Date());
const db = () => t.database.db;

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  admin = await createTestUser(t.database, 'admin', { name: 'Alice Admin' });
  tokens.ana = await issueToken(t.database, ana.id);
  tokens.admin = await issueToken(t.database, admin.id);
  tokens.superAdmin = await issueToken(t.database, (await createTestUser(t.database, 'super_admin')).id);
});
afterAll(() => t.close());

let sequencia = 0;
/** A confirmed PIX for a txid nobody knows: all of it is credit. */
const creditoSolto = async (valorCentavos: number, horario = new Date()) => {
  sequencia += 1;
  const endToEndId = `E12345678202611231200CRED${String(sequencia).padStart(6, '0')}`;
  const r = await registrarPixConfirmado(
    db(),
    t.app.appKey,
    {
      endToEndId,
      txid: `X${String(sequencia).padStart(29, '0')}`,
      valorCentavos,
      horario,
      pagador: { nome: 'Paula Pagadora', documento: '52998224725' },
    },
    'webhook',
  );
  expect(r.situacao).toBe('sem_correspondencia');
  const [row] = await db().select().from(pixRecebidos).where(eq(pixRecebidos.endToEndId, endToEndId));
  if (!row) throw new Error('PIX não gravado');
  return row;
};

const clienteCom = async (
  contas: { valorCentavos: number; vencimento: string }[],
  extra: Partial<Parameters<typeof inserirCliente>[1]> = {},
) => {
  const id = await inserirCliente(db(), {
    nome: 'Carla Credora',
    status: 'ativo',
    operadorId: ana.id,
    ...extra,
  });
  const ids: number[] = [];
  for (const c of contas) ids.push(await inserirConta(db(), { clienteId: id, ...c }));
  return { id, contas: ids };
};

const listar = (page = 1, token = tokens.admin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/pix/creditos?page=${page}`, headers: bearer(token) });
const atribuir = (id: number, clienteId: unknown, { token = tokens.admin, chave = '' } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/pix/creditos/${id}/atribuir`,
    headers: { ...bearer(token), ...(chave ? { 'idempotency-key': chave } : {}) },
    payload: { cliente_id: clienteId },
  });
const contaRow = async (id: number) =>
  (await db().select().from(contasReceber).where(eq(contasReceber.id, id)))[0];
const pixRow = async (id: number) =>
  (await db().select().from(pixRecebidos).where(eq(pixRecebidos.id, id)))[0];

describe('GET /api/admin/pix/creditos', () => {
  it('lists what no debt took, newest first, paged; a settled PIX without remainder is not there', async () => {
    const antigo = await creditoSolto(1_234, new Date('2026-11-20T12:00:00.000Z'));
    const novo = await creditoSolto(5_000, new Date('2026-11-21T12:00:00.000Z'));
    // A charge paid beyond its debt leaves the rest as credit, under its customer.
    const { id: clienteId } = await clienteCom([{ valorCentavos: 2_000, vencimento: somarDias(hoje, 5) }], {
      nome: 'Sobra Silva',
    });
    const criada = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${clienteId}/cobrancas-pix`,
      headers: bearer(tokens.ana),
    });
    const { txid } = criada.json<CobrancaPixView>();
    await registrarPixConfirmado(
      db(),
      t.app.appKey,
      {
        endToEndId: 'E12345678202611231200SOBRA00001',
        txid,
        valorCentavos: 2_500,
        horario: new Date(),
        pagador: null,
      },
      'webhook',
    );
    const { txid: txidExato } = (
      await t.app.inject({
        method: 'POST',
        url: `/api/operador/clientes/${(await clienteCom([{ valorCentavos: 700, vencimento: somarDias(hoje, 5) }])).id}/cobrancas-pix`,
        headers: bearer(tokens.ana),
      })
    ).json<CobrancaPixView>();
    await registrarPixConfirmado(
      db(),
      t.app.appKey,
      {
        endToEndId: 'E12345678202611231200EXATO00001',
        txid: txidExato,
        valorCentavos: 700,
        horario: new Date(),
        pagador: null,
      },
      'webhook',
    );

    const response = await listar();
    expect(response.statusCode, response.body).toBe(200);
    const pagina = response.json<Paged<CreditoPixView>>();
    expect(pagina).toMatchObject({ current_page: 1, last_page: 1, per_page: 20, total: 3 });
    expect(pagina.data.map((c) => c.end_to_end_id)).toEqual([
      'E12345678202611231200SOBRA00001',
      novo.endToEndId,
      antigo.endToEndId,
    ]);
    expect(pagina.data[0]).toMatchObject({
      txid,
      valor: 25,
      credito: 5,
      pagador: null,
      cliente: { id: clienteId, nome: 'Sobra Silva' },
      situacao: 'conciliado',
    });
    expect(pagina.data[2]).toEqual({
      id: antigo.id,
      end_to_end_id: antigo.endToEndId,
      txid: antigo.txid,
      valor: 12.34,
      credito: 12.34,
      horario: '2026-11-20T12:00:00.000Z',
      pagador: { nome: 'Paula Pagadora', documento: '52998224725' },
      cliente: null,
      situacao: 'sem_correspondencia',
    });
    // The super admin sees it too; a page past the end is empty with the real totals.
    expect((await listar(1, tokens.superAdmin)).statusCode).toBe(200);
    expect((await listar(2)).json<Paged<CreditoPixView>>()).toMatchObject({ data: [], total: 3 });
    expect((await listar(1, tokens.ana)).statusCode).toBe(403);
    // Clean slate for the rest of the file's lists.
    await db().update(pixRecebidos).set({ creditoCentavos: 0 });
  });
});

describe('POST /api/admin/pix/creditos/:id/atribuir', () => {
  it('settles the oldest receivable first, encargos apart, and keeps the rest as credit', async () => {
    const { id, contas } = await clienteCom([
      { valorCentavos: 3_000, vencimento: somarDias(hoje, 10) },
      { valorCentavos: 10_000, vencimento: somarDias(hoje, -40) },
    ]);
    const [maisNova, vencida] = contas as [number, number];
    const credito = await creditoSolto(15_000);
    const response = await atribuir(credito.id, id, { chave: 'chave-atribuicao-00001' });
    expect(response.statusCode, response.body).toBe(200);
    const corpo = response.json<AtribuicaoCreditoPixResponse>();
    const [pagoVencida, pagoNova] = corpo.pagamentos;
    // The overdue one first, in full: its principal plus multa (2%) and juros, apart.
    expect(pagoVencida).toMatchObject({ conta_id: vencida, principal: 100, multa: 2, quitada: true });
    expect(pagoVencida?.juros).toBeGreaterThan(0);
    expect(pagoVencida?.valor).toBeCloseTo(100 + 2 + (pagoVencida?.juros ?? 0), 2);
    // The newer one with what is left, in full too; the rest stays as credit.
    expect(pagoNova).toMatchObject({ conta_id: maisNova, valor: 30, principal: 30, multa: 0, juros: 0 });
    const aplicado = (pagoVencida?.valor ?? 0) + 30;
    expect(corpo.aplicado).toBeCloseTo(aplicado, 2);
    expect(corpo.credito).toMatchObject({
      id: credito.id,
      valor: 150,
      situacao: 'sem_correspondencia',
      cliente: { id, nome: 'Carla Credora' },
    });
    expect(corpo.credito.credito).toBeCloseTo(150 - aplicado, 2);
    expect(corpo.cliente_concluido).toBe(true);

    expect(await contaRow(vencida)).toMatchObject({ status: 'paga', valorPagoCentavos: 10_000 });
    expect(await contaRow(maisNova)).toMatchObject({ status: 'paga', valorPagoCentavos: 3_000 });
    const registrados = await db()
      .select()
      .from(pagamentos)
      .where(eq(pagamentos.clienteId, id))
      .orderBy(asc(pagamentos.id));
    expect(registrados.map((p) => [p.contaId, p.forma, p.pixRecebidoId, p.data, p.operadorId])).toEqual([
      // Credited to the customer's operator, not to the admin who assigned it (decision 037).
      [vencida, 'pix', credito.id, hoje, ana.id],
      [maisNova, 'pix', credito.id, hoje, ana.id],
    ]);
    expect(registrados[0]?.multaCentavos).toBe(200);
    const restante = 15_000 - Math.round(aplicado * 100);
    expect(await pixRow(credito.id)).toMatchObject({
      creditoCentavos: restante,
      situacao: 'sem_correspondencia',
      clienteId: id,
      atribuidoPor: admin.id,
      atribuidoEm: expect.any(Date),
    });
    const [auditoria] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.acao, 'pix.credito_atribuido'), eq(auditLogs.entidadeId, String(credito.id))));
    expect(auditoria).toMatchObject({ usuarioId: admin.id, entidade: 'pix_recebido' });
    expect(auditoria?.detalhes).toMatchObject({
      cliente_id: id,
      credito_anterior_centavos: 15_000,
      aplicado_centavos: 15_000 - restante,
      credito_centavos: restante,
      contas_quitadas: [vencida, maisNova],
      cliente_concluido: true,
    });

    // The same key again: the first answer, nothing more recorded.
    const repetida = await atribuir(credito.id, id, { chave: 'chave-atribuicao-00001' });
    expect(repetida.statusCode).toBe(200);
    expect(repetida.headers['idempotent-replayed']).toBe('true');
    expect(repetida.json()).toEqual(corpo);
    expect(await db().$count(pagamentos, eq(pagamentos.clienteId, id))).toBe(2);
    // The remainder is still listed, for another customer.
    const lista = (await listar()).json<Paged<CreditoPixView>>();
    expect(lista.data.map((c) => c.id)).toContain(credito.id);
  });

  it('a credit used up becomes atribuido; assigning it again is a 409', async () => {
    const { id, contas } = await clienteCom([{ valorCentavos: 8_000, vencimento: somarDias(hoje, 5) }]);
    const credito = await creditoSolto(5_000);
    const response = await atribuir(credito.id, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AtribuicaoCreditoPixResponse>()).toMatchObject({
      aplicado: 50,
      credito: { credito: 0, situacao: 'atribuido' },
      pagamentos: [{ conta_id: contas[0], valor: 50, principal: 50, quitada: false }],
      cliente_concluido: false,
    });
    expect(await contaRow(contas[0] as number)).toMatchObject({ status: 'aberta', valorPagoCentavos: 5_000 });
    const outra = await atribuir(credito.id, id);
    expect(outra.statusCode).toBe(409);
    expect(outra.json()).toEqual({
      code: 'CREDITO_PIX_ESGOTADO',
      message: 'Este PIX não tem mais crédito a atribuir: ele já foi todo atribuído.',
    });
    expect((await listar()).json<Paged<CreditoPixView>>().data.map((c) => c.id)).not.toContain(credito.id);
  });

  it('refuses an operator (403), a missing credit (404) and a customer with nothing open (422), changing nothing', async () => {
    const credito = await creditoSolto(1_000);
    const { id } = await clienteCom([{ valorCentavos: 1_000, vencimento: somarDias(hoje, 5) }]);
    const operador = await atribuir(credito.id, id, { token: tokens.ana });
    expect(operador.statusCode).toBe(403);
    const ausente = await atribuir(2_147_483_647, id);
    expect(ausente.statusCode).toBe(404);
    expect(ausente.json()).toEqual({
      code: 'CREDITO_PIX_NAO_ENCONTRADO',
      message: 'Crédito PIX não encontrado.',
    });
    const quitado = await clienteCom([{ valorCentavos: 1_000, vencimento: somarDias(hoje, 5) }], {
      nome: 'Quitado Souza',
    });
    await db()
      .update(contasReceber)
      .set({ status: 'cancelada' })
      .where(eq(contasReceber.clienteId, quitado.id));
    const semDivida = await atribuir(credito.id, quitado.id);
    expect(semDivida.statusCode).toBe(422);
    expect(semDivida.json()).toMatchObject({
      code: 'DADOS_INVALIDOS',
      errors: { cliente_id: ['Quitado Souza não tem contas em aberto para receber este crédito.'] },
    });
    const ninguem = await atribuir(credito.id, 2_147_483_647);
    expect(ninguem.statusCode).toBe(422);
    expect(ninguem.json().errors).toEqual({ cliente_id: ['Cliente não encontrado.'] });
    expect((await atribuir(credito.id, 'abc')).statusCode).toBe(422);
    expect(await pixRow(credito.id)).toMatchObject({
      creditoCentavos: 1_000,
      atribuidoPor: null,
      atribuidoEm: null,
    });
    expect(await db().$count(pagamentos, eq(pagamentos.pixRecebidoId, credito.id))).toBe(0);
  });

  it('fulfils the agreement and the promise, concludes the customer, queues the thank-you and stops the charges', async () => {
    const { id, contas } = await clienteCom([{ valorCentavos: 30_000, vencimento: somarDias(hoje, 5) }], {
      nome: 'Acordo Almeida',
      status: 'em_atendimento',
      telefone: '+5511987650042',
    });
    const acordo: NegociacaoBody = {
      contas,
      desconto: 0,
      parcelas: 3,
      primeiro_vencimento: somarDias(hoje, 10),
    };
    const criado = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${id}/negociacoes`,
      headers: bearer(tokens.ana),
      payload: acordo,
    });
    expect(criado.statusCode, criado.body).toBe(201);
    const negociacaoId = criado.json<{ negociacao: { id: number } }>().negociacao.id;
    const prometida = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${id}/promessas`,
      headers: bearer(tokens.ana),
      payload: { data: somarDias(hoje, 3), valor: 300 },
    });
    expect(prometida.statusCode, prometida.body).toBe(201);
    const parcelas = await db()
      .select()
      .from(contasReceber)
      .where(and(eq(contasReceber.clienteId, id), eq(contasReceber.status, 'aberta')));
    expect(parcelas).toHaveLength(3);
    // An active charge over the instalments (what the agreement asks for, or one made now).
    const cobranca = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${id}/cobrancas-pix`,
      headers: bearer(tokens.ana),
    });
    expect(cobranca.statusCode, cobranca.body).toBe(201);

    const credito = await creditoSolto(30_000);
    const response = await atribuir(credito.id, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AtribuicaoCreditoPixResponse>()).toMatchObject({
      aplicado: 300,
      credito: { credito: 0, situacao: 'atribuido' },
      cliente_concluido: true,
    });
    const [negociacao] = await db().select().from(negociacoes).where(eq(negociacoes.id, negociacaoId));
    expect(negociacao?.status).toBe('cumprida');
    const [promessa] = await db().select().from(promessas).where(eq(promessas.clienteId, id));
    expect(promessa?.status).toBe('cumprida');
    const [cliente] = await db().select().from(clientes).where(eq(clientes.id, id));
    expect(cliente?.status).toBe('concluido');
    const ativas = await db()
      .select()
      .from(cobrancasPix)
      .where(and(eq(cobrancasPix.clienteId, id), eq(cobrancasPix.status, 'ativa')));
    expect(ativas).toEqual([]);
    const [agradecimento] = await db()
      .select()
      .from(mensagens)
      .where(and(eq(mensagens.clienteId, id), eq(mensagens.templateTipo, 'agradecimento')));
    expect(agradecimento).toMatchObject({ direcao: 'saida', origem: 'sistema' });
    expect(agradecimento?.conteudo).toContain('R$ 300,00');
    const [auditoria] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.acao, 'pix.credito_atribuido'), eq(auditLogs.entidadeId, String(credito.id))));
    expect(auditoria?.detalhes).toMatchObject({
      negociacoes_cumpridas: [negociacaoId],
      promessas_cumpridas: [expect.any(Number)],
      cliente_concluido: true,
    });
  });
});

describe('a PIX for a debt an agreement replaced while it was on its way', () => {
  let e2e = 0;
  /**
   * Ana's customer with two receivables of R$ 300,00, a charge over the first (or both), then an agreement
   * over both; the charge is paid after all.
   */
  const pagaDepoisDoAcordo = async (desconto: number, cobrarAmbas: boolean) => {
    const { id, contas } = await clienteCom(
      [
        { valorCentavos: 30_000, vencimento: somarDias(hoje, 10) },
        { valorCentavos: 30_000, vencimento: somarDias(hoje, 12) },
      ],
      { nome: 'Rita Renegociou' },
    );
    const criada = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${id}/cobrancas-pix`,
      headers: bearer(tokens.ana),
      payload: { conta_ids: cobrarAmbas ? contas : [contas[0]] },
    });
    expect(criada.statusCode, criada.body).toBe(201);
    const { txid, valor } = criada.json<CobrancaPixView>();
    const acordo = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${id}/negociacoes`,
      headers: bearer(tokens.ana),
      payload: {
        contas,
        desconto,
        parcelas: 3,
        primeiro_vencimento: somarDias(hoje, 5),
        intervalo_dias: 30,
      } satisfies NegociacaoBody,
    });
    expect(acordo.statusCode, acordo.body).toBe(201);
    const [removida] = await db().select().from(cobrancasPix).where(eq(cobrancasPix.txid, txid));
    expect(removida?.status).toBe('removida');
    e2e += 1;
    const endToEndId = `E12345678202611231200ACOR${String(e2e).padStart(6, '0')}`;
    const resultado = await registrarPixConfirmado(
      db(),
      t.app.appKey,
      { endToEndId, txid, valorCentavos: Math.round(valor * 100), horario: new Date(), pagador: null },
      'webhook',
    );
    const parcelas = await db()
      .select()
      .from(contasReceber)
      .where(and(eq(contasReceber.clienteId, id), eq(contasReceber.origem, 'acordo')))
      .orderBy(asc(contasReceber.vencimento));
    const [pix] = await db().select().from(pixRecebidos).where(eq(pixRecebidos.endToEndId, endToEndId));
    const [cobranca] = await db().select().from(cobrancasPix).where(eq(cobrancasPix.txid, txid));
    return { id, resultado, parcelas, pix, cobranca };
  };

  it('pays the agreement’s instalments earliest first, not a loose credit, and says so in the audit', async () => {
    const { id, resultado, parcelas, pix, cobranca } = await pagaDepoisDoAcordo(0, false);
    expect(resultado).toEqual({
      situacao: 'conciliado',
      clienteId: id,
      pagoCentavos: 30_000,
      creditoCentavos: 0,
    });
    expect(parcelas.map((p) => [p.valorCentavos, p.valorPagoCentavos, p.status])).toEqual([
      [20_000, 20_000, 'paga'],
      [20_000, 10_000, 'aberta'],
      [20_000, 0, 'aberta'],
    ]);
    expect(pix).toMatchObject({ situacao: 'conciliado', clienteId: id, creditoCentavos: 0 });
    expect(cobranca?.status).toBe('paga');
    const [auditoria] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.acao, 'pix.recebido'), eq(auditLogs.entidadeId, String(pix?.id))));
    expect(auditoria?.descricao).toContain('aplicado às parcelas do acordo');
    expect(auditoria?.detalhes).toMatchObject({ aplicado_ao_acordo: parcelas[0]?.negociacaoId });
  });

  it('pays every instalment and leaves the surplus as the customer’s credit; the agreement is fulfilled', async () => {
    const { id, resultado, parcelas, pix } = await pagaDepoisDoAcordo(180, true);
    expect(resultado).toEqual({
      situacao: 'conciliado',
      clienteId: id,
      pagoCentavos: 42_000,
      creditoCentavos: 18_000,
    });
    expect(parcelas.map((p) => p.status)).toEqual(['paga', 'paga', 'paga']);
    expect(pix).toMatchObject({ situacao: 'conciliado', clienteId: id, creditoCentavos: 18_000 });
    const [acordo] = await db()
      .select()
      .from(negociacoes)
      .where(eq(negociacoes.id, parcelas[0]?.negociacaoId ?? 0));
    expect(acordo?.status).toBe('cumprida');
  });
});
