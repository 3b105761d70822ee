import type { ClienteDetalhe, NegociacaoView } from '@cobranca/contracts';
import { hojeNoFuso, instanteNoFuso, somarDias, somarMeses } from '@cobranca/dominio';
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
import { filaOciosa } from '../../../../test/fila.ts';
import {
  auditLogs,
  clientes,
  cobrancasPix,
  contasReceber,
  debitoEventos,
  mensagens,
  pagamentos,
  recorrenciasPix,
} from '../../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../../clientes/clientes.test-fixtures.ts';
import { provedorPixAtivo } from '../../pix/configuracao/provedor-ativo.ts';
import { conciliarPix } from '../../pix/liquidacao/conciliacao-pix.ts';
import { brCodeValido } from '../../pix/psp/br-code.ts';
import {
  configuracaoDoPspFalso,
  iniciarPspFalso,
  type PspFalso,
} from '../../pix/psp/psp-falso.test-fixtures.ts';
import { configurar } from '../../regua/regua.test-fixtures.ts';
import { aplicarCobrancaRecorrente } from './aplicar-cobranca.ts';
import { cobrarParcelasRecorrentes } from './cobrar-parcelas-recorrentes.ts';
import { parcelasDoAcordo } from './debito-simulado.test-fixtures.ts';

// PIX Automático end to end against the fake PSP (docs/pix-automatico.md): a 6-instalment agreement with
// automatic debit, journey 3, the approval, each recurring charge inside D-10…D-2 (moved clocks), paid
// attempts settled once, rejected ones retried then replaced by an ordinary PIX, and the way back to
// ordinary collection.

let t: TestApp;
let psp: PspFalso;
let ana: TestUser;
let token: string;
let admin: string;
const hoje = hojeNoFuso(new Date());
const db = () => t.database.db;

beforeAll(async () => {
  t = await buildTestApp();
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  psp = await iniciarPspFalso();
  ana = await createTestUser(t.database, 'operador');
  token = await issueToken(t.database, ana.id);
  admin = await issueToken(t.database, (await createTestUser(t.database, 'admin')).id);
  const salvo = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/configuracoes/pix',
    headers: bearer(admin),
    payload: {
      ...configuracaoDoPspFalso(psp, base),
      conta_recebedor: { agencia: '0001', conta: '123456-7', tipo_conta: 'CORRENTE' },
    },
  });
  expect(salvo.statusCode, salvo.body).toBe(200);
  const verificado = await t.app.inject({
    method: 'POST',
    url: '/api/admin/configuracoes/pix/verificar',
    headers: bearer(admin),
  });
  expect(verificado.json()).toMatchObject({ status: 'conectado', recorrencias: true });
});
afterAll(async () => {
  await psp.fechar();
  await t.close();
});

const detalhe = async (clienteId: number) => {
  const r = await t.app.inject({
    method: 'GET',
    url: `/api/operador/clientes/${clienteId}`,
    headers: bearer(token),
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json<ClienteDetalhe>();
};

const negociar = (clienteId: number, contaId: number, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/operador/clientes/${clienteId}/negociacoes`,
    headers: bearer(token),
    payload: {
      contas: [contaId],
      desconto: 0,
      parcelas: 6,
      primeiro_vencimento: hoje,
      debito_automatico: true,
      ...extra,
    },
  });

/** A customer of Ana's with one open receivable of `valorCentavos`. */
const devedor = async (valorCentavos = 60_000) => {
  const clienteId = await inserirCliente(db(), { nome: 'Maria Ramos', operadorId: ana.id });
  const contaId = await inserirConta(db(), { clienteId, valorCentavos, vencimento: somarDias(hoje, 5) });
  return { clienteId, contaId };
};

/** An agreement with automatic debit whose terms and recurrence went out. */
const acordoComDebito = async () => {
  const { clienteId, contaId } = await devedor();
  const r = await negociar(clienteId, contaId);
  expect(r.statusCode, r.body).toBe(201);
  await filaOciosa(t.app);
  const negociacao = (await detalhe(clienteId)).negociacoes[0] as NegociacaoView;
  const rec = (
    await db().select().from(recorrenciasPix).where(eq(recorrenciasPix.negociacaoId, negociacao.id))
  )[0];
  if (!rec?.idRec) throw new Error('recorrência não criada no PSP');
  return { clienteId, negociacao, idRec: rec.idRec };
};

const negociacaoDe = async (clienteId: number, id: number) =>
  (await detalhe(clienteId)).negociacoes.find((n) => n.id === id) as NegociacaoView;

const parcelasDe = (negociacaoId: number) => parcelasDoAcordo(t, negociacaoId);

/** Noon of `data` in São Paulo: the moved clock of both sides. */
const meioDia = (data: string) => instanteNoFuso(data, 12 * 60);

describe('an agreement with automatic debit (journey 3)', () => {
  it('makes monthly instalments, one immediate charge, the recurrence for 2…6 and the composite code in the terms', async () => {
    const { clienteId, negociacao, idRec } = await acordoComDebito();
    const parcelas = await parcelasDe(negociacao.id);
    expect(parcelas.map((p) => p.vencimento)).toEqual([0, 1, 2, 3, 4, 5].map((m) => somarMeses(hoje, m)));
    expect(parcelas.map((p) => p.valorCentavos)).toEqual([10_000, 10_000, 10_000, 10_000, 10_000, 10_000]);
    // Only the first instalment has a charge, and it is an immediate one.
    const cobrancas = await db().select().from(cobrancasPix).where(eq(cobrancasPix.clienteId, clienteId));
    expect(cobrancas.map((c) => c.tipo)).toEqual(['cob']);
    const rec = psp.recorrencias.recs.get(idRec);
    expect(rec?.corpo).toMatchObject({
      vinculo: { contrato: `ACORDO-${negociacao.id}`, devedor: { nome: 'Maria Ramos' } },
      calendario: {
        dataInicial: somarMeses(hoje, 1),
        dataFinal: somarMeses(hoje, 5),
        periodicidade: 'MENSAL',
      },
      valor: { valorRec: '100.00' },
      politicaRetentativa: 'PERMITE_3R_7D',
      ativacao: { dadosJornada: { txid: cobrancas[0]?.txid } },
    });
    const vista = await negociacaoDe(clienteId, negociacao.id);
    expect(vista.debito_automatico).toMatchObject({
      status: 'aguardando_aprovacao',
      id_rec: idRec,
      jornada: 'JORNADA_3',
    });
    expect(vista.debito_automatico?.parcelas.map((p) => p.numero)).toEqual([2, 3, 4, 5, 6]);
    const codigo = vista.debito_automatico?.pix_copia_e_cola ?? '';
    expect(brCodeValido(codigo)).toBe(true);
    expect(codigo).toContain(rec?.loc?.location);
    const [termos] = await db()
      .select()
      .from(mensagens)
      .where(and(eq(mensagens.clienteId, clienteId), eq(mensagens.templateTipo, 'negociacao')));
    expect(termos?.conteudo).toContain(codigo);
    expect(termos?.conteudo).toContain('débito automático');
  });

  it('the approval activates it: the first instalment paid, status ativo, on the timeline and audited', async () => {
    const { clienteId, negociacao, idRec } = await acordoComDebito();
    await psp.recorrencias.aprovar(idRec);
    await filaOciosa(t.app);
    const vista = await negociacaoDe(clienteId, negociacao.id);
    expect(vista.debito_automatico?.status).toBe('ativo');
    expect(vista.debito_automatico?.pix_copia_e_cola).toBeNull();
    const [primeira] = await parcelasDe(negociacao.id);
    expect(primeira?.status).toBe('paga');
    const eventos = await db().select().from(debitoEventos).where(eq(debitoEventos.clienteId, clienteId));
    expect(eventos.map((e) => e.evento)).toEqual(['aprovado']);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.acao, 'debito_automatico.aprovado'),
          eq(auditLogs.entidadeId, String(negociacao.id)),
        ),
      );
    expect(audit).toBeDefined();
  });

  it('refuses what the standard or the setting forbids, with the reason on the field', async () => {
    const { clienteId, contaId } = await devedor();
    const uma = await negociar(clienteId, contaId, { parcelas: 1 });
    expect(uma.statusCode).toBe(422);
    expect(JSON.stringify(uma.json())).toContain('2 ou mais parcelas');
    const quinzenal = await negociar(clienteId, contaId, { intervalo_dias: 15 });
    expect(quinzenal.statusCode).toBe(422);
    expect(JSON.stringify(quinzenal.json())).toContain('mesmo dia de cada mês');
    await configurar(db(), { debito_automatico: false });
    const desligado = await negociar(clienteId, contaId);
    expect(JSON.stringify(desligado.json())).toContain('desligado');
    await configurar(db(), { debito_automatico: true });
    // A foreign customer has neither CPF nor CNPJ.
    const estrangeiro = await devedor();
    await db()
      .update(clientes)
      .set({ documento: 'X1234567', documentoTipo: 'estrangeiro' })
      .where(eq(clientes.id, estrangeiro.clienteId));
    const r = await negociar(estrangeiro.clienteId, estrangeiro.contaId);
    expect(r.statusCode).toBe(422);
    expect(JSON.stringify(r.json())).toContain('CPF ou o CNPJ');
    expect(
      await db().select().from(recorrenciasPix).where(eq(recorrenciasPix.clienteId, clienteId)),
    ).toHaveLength(0);
  });
});

describe('the recurring charges', () => {
  it('are created only inside D-10…D-2, once each', async () => {
    const { negociacao, idRec } = await acordoComDebito();
    await psp.recorrencias.aprovar(idRec);
    await filaOciosa(t.app);
    const [, segunda] = await parcelasDe(negociacao.id);
    if (!segunda) throw new Error('sem 2ª parcela');
    const em = (dias: number) => meioDia(somarDias(segunda.vencimento, dias));
    const desta = () => [...psp.recorrencias.cobrs.values()].filter((c) => c.idRec === idRec);
    // Both clocks moved: ours asks, the PSP's validates.
    const cobrar = async (dias: number) => {
      psp.relogio = () => em(dias);
      await cobrarParcelasRecorrentes(db(), t.app.appKey, { agora: em(dias) });
      return desta().length;
    };
    expect(await cobrar(-11)).toBe(0);
    expect(await cobrar(-1)).toBe(0);
    expect(await cobrar(-10)).toBe(1);
    expect(await cobrar(-9)).toBe(1);
    const cobr = desta();
    expect(cobr[0]?.corpo).toMatchObject({
      calendario: { dataDeVencimento: segunda.vencimento },
      valor: { original: '100.00' },
      recebedor: { agencia: '0001', conta: '123456-7', tipoConta: 'CORRENTE' },
    });
    psp.relogio = () => new Date();
  });

  it('an instalment paid while its charge was being asked for: stored removed and cancelled at the PSP', async () => {
    const { negociacao, idRec } = await acordoComDebito();
    await psp.recorrencias.aprovar(idRec);
    await filaOciosa(t.app);
    const [, segunda] = await parcelasDe(negociacao.id);
    if (!segunda) throw new Error('sem 2ª parcela');
    const agora = meioDia(somarDias(segunda.vencimento, -5));
    psp.relogio = () => agora;
    const real = await provedorPixAtivo(db(), t.app.appKey);
    const { recorrencias } = real.provedor;
    const pagaNoCaminho = {
      ...real,
      provedor: {
        ...real.provedor,
        recorrencias: {
          ...recorrencias,
          criarCobranca: async (p: Parameters<typeof recorrencias.criarCobranca>[0]) => {
            const lida = await recorrencias.criarCobranca(p);
            await db()
              .update(contasReceber)
              .set({ status: 'paga', valorPagoCentavos: segunda.valorCentavos, pagoEm: hoje })
              .where(eq(contasReceber.id, segunda.id));
            return lida;
          },
        },
      },
    };
    await cobrarParcelasRecorrentes(db(), t.app.appKey, { agora, pixDe: async () => pagaNoCaminho });
    const [cobr] = await db()
      .select()
      .from(cobrancasPix)
      .where(and(eq(cobrancasPix.clienteId, segunda.clienteId), eq(cobrancasPix.tipo, 'cobr')));
    expect(cobr?.status).toBe('removida');
    await filaOciosa(t.app);
    expect(psp.recorrencias.cobrs.get(cobr?.txid ?? '')?.status).toBe('CANCELADA');
    psp.relogio = () => new Date();
  });

  it('a paid attempt settles the instalment once: a duplicate callback, a replay and the reconciliation add nothing', async () => {
    const { negociacao, idRec } = await acordoComDebito();
    await psp.recorrencias.aprovar(idRec);
    await filaOciosa(t.app);
    const [, segunda] = await parcelasDe(negociacao.id);
    if (!segunda) throw new Error('sem 2ª parcela');
    psp.relogio = () => meioDia(somarDias(segunda.vencimento, -5));
    await cobrarParcelasRecorrentes(db(), t.app.appKey, {
      agora: meioDia(somarDias(segunda.vencimento, -5)),
    });
    psp.relogio = () => meioDia(segunda.vencimento);
    const [cobr] = await psp.recorrencias.processarVencimentos();
    await filaOciosa(t.app);
    if (!cobr) throw new Error('nenhuma tentativa processada');
    await psp.recorrencias.notificarCobr(cobr);
    await psp.recorrencias.notificarCobr(cobr);
    await filaOciosa(t.app);
    await conciliarPix(db(), t.app.appKey, new Date(meioDia(segunda.vencimento).getTime() + 3_600_000));
    await filaOciosa(t.app);
    const pagos = await db().select().from(pagamentos).where(eq(pagamentos.contaId, segunda.id));
    expect(pagos.map((p) => p.valorCentavos)).toEqual([10_000]);
    expect((await parcelasDe(negociacao.id))[1]?.status).toBe('paga');
    const vista = await negociacaoDe(segunda.clienteId, negociacao.id);
    expect(vista.debito_automatico?.parcelas[0]).toMatchObject({ numero: 2, status: 'concluida' });
    expect(vista.debito_automatico?.parcelas[0]?.tentativas.map((x) => x.status)).toEqual(['PAGA']);
    psp.relogio = () => new Date();
  });

  it('a rejected attempt is retried three times, then the instalment gets an ordinary PIX', async () => {
    const { negociacao, idRec } = await acordoComDebito();
    await psp.recorrencias.aprovar(idRec);
    await filaOciosa(t.app);
    const [, segunda] = await parcelasDe(negociacao.id);
    if (!segunda) throw new Error('sem 2ª parcela');
    psp.relogio = () => meioDia(somarDias(segunda.vencimento, -3));
    await cobrarParcelasRecorrentes(db(), t.app.appKey, {
      agora: meioDia(somarDias(segunda.vencimento, -3)),
    });
    psp.recorrencias.roteiros.set(idRec, ['REJEITADA', 'REJEITADA', 'REJEITADA', 'REJEITADA']);
    const pix = await provedorPixAtivo(db(), t.app.appKey);
    for (let dia = 0; dia < 4; dia += 1) {
      const agora = meioDia(somarDias(segunda.vencimento, dia));
      psp.relogio = () => agora;
      const [cobr] = await psp.recorrencias.processarVencimentos({ notificar: false });
      if (!cobr) throw new Error(`nenhuma tentativa no dia ${dia}`);
      const lida = await pix.provedor.recorrencias.consultarCobranca(cobr.txid);
      if (!lida) throw new Error('cobrança sumiu do PSP');
      await aplicarCobrancaRecorrente(db(), t.app.appKey, lida, { agora });
    }
    await filaOciosa(t.app);
    const [cobr] = [...psp.recorrencias.cobrs.values()].filter((c) => c.idRec === idRec);
    expect(cobr?.tentativas.map((x) => [x.tipo, x.status])).toEqual([
      ['AGND', 'REJEITADA'],
      ['NTAG', 'REJEITADA'],
      ['NTAG', 'REJEITADA'],
      ['NTAG', 'REJEITADA'],
    ]);
    // The recurring charge is cancelled at the PSP; an immediate or due-dated PIX takes over.
    expect(cobr?.status).toBe('CANCELADA');
    const daParcela = await db()
      .select()
      .from(cobrancasPix)
      .where(eq(cobrancasPix.clienteId, segunda.clienteId));
    expect(daParcela.filter((c) => c.status === 'ativa' && c.tipo !== 'cobr')).toHaveLength(1);
    const eventos = await db()
      .select()
      .from(debitoEventos)
      .where(eq(debitoEventos.clienteId, segunda.clienteId));
    expect(eventos.map((e) => e.evento)).toEqual([
      'aprovado',
      'cobranca_criada',
      'tentativa_recusada',
      'retentativa',
      'tentativa_recusada',
      'retentativa',
      'tentativa_recusada',
      'retentativa',
      'tentativa_recusada',
      'pix_avulso',
    ]);
    psp.relogio = () => new Date();
  });
});

describe('back to ordinary collection', () => {
  it('when the payer cancels: the open instalments get PIX charges again, the operator sees it', async () => {
    const { clienteId, negociacao, idRec } = await acordoComDebito();
    await psp.recorrencias.aprovar(idRec);
    await filaOciosa(t.app);
    await psp.recorrencias.encerrarPeloPagador(idRec);
    await filaOciosa(t.app);
    const vista = await negociacaoDe(clienteId, negociacao.id);
    expect(vista.debito_automatico?.status).toBe('cancelado_pelo_cliente');
    const cobrancas = await db().select().from(cobrancasPix).where(eq(cobrancasPix.clienteId, clienteId));
    // The first (paid) cob, then one ordinary charge for each of instalments 2…6.
    expect(cobrancas.filter((c) => c.status === 'ativa' && c.origem === 'acordo')).toHaveLength(5);
    const eventos = await db().select().from(debitoEventos).where(eq(debitoEventos.clienteId, clienteId));
    expect(eventos.map((e) => e.evento)).toEqual(['aprovado', 'cancelado_pelo_cliente']);
  });

  it('when the operator cancels: PATCH at the PSP, once; another operator gets a 404, a second cancel a 409', async () => {
    const { clienteId, negociacao, idRec } = await acordoComDebito();
    const url = `/api/operador/clientes/${clienteId}/negociacoes/${negociacao.id}/debito-automatico/cancelar`;
    const outro = await issueToken(t.database, (await createTestUser(t.database, 'operador')).id);
    expect((await t.app.inject({ method: 'POST', url, headers: bearer(outro) })).statusCode).toBe(404);
    const r = await t.app.inject({ method: 'POST', url, headers: bearer(token) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<{ negociacao: NegociacaoView }>().negociacao.debito_automatico?.status).toBe('cancelado');
    expect(psp.recorrencias.recs.get(idRec)?.status).toBe('CANCELADA');
    const segunda = await t.app.inject({ method: 'POST', url, headers: bearer(token) });
    expect(segunda.statusCode).toBe(409);
    expect(segunda.json()).toMatchObject({ code: 'DEBITO_AUTOMATICO_INATIVO' });
    // Another customer's agreement under one's own customer: not found, nothing cancelled.
    const outroCliente = (await devedor()).clienteId;
    const alheio = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${outroCliente}/negociacoes/${negociacao.id}/debito-automatico/cancelar`,
      headers: bearer(token),
    });
    expect(alheio.json()).toMatchObject({ code: 'NEGOCIACAO_NAO_ENCONTRADA' });
    await filaOciosa(t.app);
    const cobrancas = await db().select().from(cobrancasPix).where(eq(cobrancasPix.clienteId, clienteId));
    expect(cobrancas.filter((c) => c.status === 'ativa' && c.origem === 'acordo')).toHaveLength(6);
  });

  it('a PATCH the PSP refuses while the recurrence is approved there cancels nothing here', async () => {
    const { clienteId, negociacao, idRec } = await acordoComDebito();
    await psp.recorrencias.aprovar(idRec);
    await filaOciosa(t.app);
    const url = `/api/operador/clientes/${clienteId}/negociacoes/${negociacao.id}/debito-automatico/cancelar`;
    psp.recorrencias.recusarCancelamento.add(idRec);
    const recusado = await t.app.inject({ method: 'POST', url, headers: bearer(token) });
    expect(recusado.statusCode).toBeGreaterThanOrEqual(400);
    expect(psp.recorrencias.recs.get(idRec)?.status).toBe('APROVADA');
    expect((await negociacaoDe(clienteId, negociacao.id)).debito_automatico?.status).toBe('ativo');
    await filaOciosa(t.app);
    // Instalments 2…6 are still the debit's: no ordinary charge was made for them.
    const ativas = await db().select().from(cobrancasPix).where(eq(cobrancasPix.clienteId, clienteId));
    expect(ativas.filter((c) => c.status === 'ativa' && c.origem === 'acordo')).toHaveLength(0);
    psp.recorrencias.recusarCancelamento.delete(idRec);
  });

  it('a PATCH refused because the payer already cancelled (a callback we missed) ends it here too', async () => {
    const { clienteId, negociacao, idRec } = await acordoComDebito();
    await psp.recorrencias.aprovar(idRec);
    await filaOciosa(t.app);
    const webhook = psp.recorrencias.webhookRec;
    psp.recorrencias.webhookRec = null;
    await psp.recorrencias.encerrarPeloPagador(idRec);
    psp.recorrencias.webhookRec = webhook;
    const url = `/api/operador/clientes/${clienteId}/negociacoes/${negociacao.id}/debito-automatico/cancelar`;
    const r = await t.app.inject({ method: 'POST', url, headers: bearer(token) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<{ negociacao: NegociacaoView }>().negociacao.debito_automatico?.status).toBe('cancelado');
  });
});

describe('an agreement settled early', () => {
  it('has its recurrence cancelled at the PSP by the system, on the timeline and audited', async () => {
    const { clienteId, negociacao, idRec } = await acordoComDebito();
    await psp.recorrencias.aprovar(idRec);
    await filaOciosa(t.app);
    const abertas = (await parcelasDe(negociacao.id)).filter((p) => p.status === 'aberta');
    expect(abertas).toHaveLength(5);
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${clienteId}/pagamentos`,
      headers: bearer(token),
      payload: { contas_ids: abertas.map((p) => p.id), valor: 500, data: hoje, forma: 'transferencia' },
    });
    expect(r.statusCode, r.body).toBe(201);
    expect((await negociacaoDe(clienteId, negociacao.id)).status).toBe('cumprida');
    await filaOciosa(t.app);
    expect(psp.recorrencias.recs.get(idRec)?.status).toBe('CANCELADA');
    const [rec] = await db().select().from(recorrenciasPix).where(eq(recorrenciasPix.idRec, idRec));
    expect(rec).toMatchObject({ status: 'cancelada', canceladaPor: 'sistema' });
    const eventos = await db().select().from(debitoEventos).where(eq(debitoEventos.clienteId, clienteId));
    expect(eventos.map((e) => e.evento)).toEqual(['aprovado', 'cancelado']);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.acao, 'debito_automatico.cancelado'),
          eq(auditLogs.entidadeId, String(negociacao.id)),
        ),
      );
    expect(audit?.descricao).toContain('quitado');
  });
});
