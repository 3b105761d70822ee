import type { CobrancaPixView } from '@cobranca/contracts';
import { hojeNoFuso, somarDias } from '@cobranca/dominio';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../../test/build-test-app.ts';
import { anteciparTentativas, filaOciosa, jobsDa } from '../../../../test/fila.ts';
import {
  auditLogs,
  cobrancasPix,
  contasReceber,
  pagamentos,
  pixNotificacoes,
  pixRecebidos,
} from '../../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../../clientes/clientes.test-fixtures.ts';
import { configuracaoDoPspFalso, iniciarPspFalso, type PspFalso } from '../psp/psp-falso.test-fixtures.ts';
import { conciliarPix } from './conciliacao-pix.ts';
import { NOTIFICACOES_PIX_POR_MINUTO } from './webhook-pix.routes.ts';

// A real PSP's side (docs/produto.md §21): charges created at a fake PSP over mutual TLS, its webhook
// as a hint confirmed by reading the PIX back, the reconciliation, the removal of charges.

let t: TestApp;
let psp: PspFalso;
let ana: TestUser;
let token: string;
let caminhoWebhook: string;
const hoje = hojeNoFuso(new Date());

beforeAll(async () => {
  t = await buildTestApp();
  psp = await iniciarPspFalso();
  ana = await createTestUser(t.database, 'operador');
  token = await issueToken(t.database, ana.id);
  const admin = await issueToken(t.database, (await createTestUser(t.database, 'admin')).id);
  const salvo = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/configuracoes/pix',
    headers: bearer(admin),
    payload: configuracaoDoPspFalso(psp),
  });
  expect(salvo.statusCode, salvo.body).toBe(200);
  await t.app.inject({
    method: 'POST',
    url: '/api/admin/configuracoes/pix/verificar',
    headers: bearer(admin),
  });
  const registrado = psp.webhook?.webhookUrl;
  if (!registrado) throw new Error('webhook não registrado no PSP falso');
  caminhoWebhook = `${new URL(registrado).pathname}/pix`;
});
afterAll(async () => {
  await psp.fechar();
  await t.close();
});

const novaCobranca = async (valorCentavos: number, vencimento = somarDias(hoje, 10)) => {
  const id = await inserirCliente(t.database.db, {
    nome: 'Carla Cliente',
    status: 'ativo',
    operadorId: ana.id,
  });
  const conta = await inserirConta(t.database.db, { clienteId: id, valorCentavos, vencimento });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/operador/clientes/${id}/cobrancas-pix`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id, conta, cobranca: response.json<CobrancaPixView>() };
};
const notificar = (payload: unknown, caminho = caminhoWebhook) =>
  t.app.inject({ method: 'POST', url: caminho, payload: payload as object });
const recebido = async (e2e: string) =>
  (await t.database.db.select().from(pixRecebidos).where(eq(pixRecebidos.endToEndId, e2e)))[0];
/** What the webhook's jobs do once it answered: confirm at the PSP, then settle. */
const confirmar = () => filaOciosa(t.app);
/** The confirmation job of the notification that carried `e2e`. */
const jobDe = async (e2e: string) =>
  (await jobsDa(t.database, 'pix.confirmar-notificacao')).find((j) =>
    (j.data as { itens: { end_to_end_id: string }[] }).itens.some((i) => i.end_to_end_id === e2e),
  );
/** How many times the PSP was asked for `e2e`. */
const consultasAoPsp = (e2e: string) =>
  psp.chamadas.filter((c) => c.metodo === 'GET' && c.caminho.endsWith(`/pix/${e2e}`)).length;
const forjados = (prefixo: string, quantos: number) =>
  Array.from({ length: quantos }, (_, i) => ({
    endToEndId: `E99999999202611231200${prefixo}${String(i).padStart(5, '0')}`,
    txid: `forjado${i}`,
  }));

describe('charges at the PSP', () => {
  it('creates a cobv with the customer as devedor and our multa and juros, and shows the PSP’s copia e cola', async () => {
    const { cobranca } = await novaCobranca(25_000);
    const noPsp = psp.cobrancas.get(cobranca.txid);
    expect(noPsp?.tipo).toBe('cobv');
    expect(noPsp?.corpo).toMatchObject({
      chave: psp.chave,
      devedor: { nome: 'Carla Cliente' },
      valor: {
        original: '250.00',
        multa: { modalidade: 2, valorPerc: '2.00' },
        juros: { modalidade: 3, valorPerc: '1.00' },
      },
      calendario: { dataDeVencimento: somarDias(hoje, 10), validadeAposVencimento: 30 },
    });
    expect(cobranca.pix_copia_e_cola).toBe(noPsp?.pixCopiaECola);
  });

  it('answers 502 with the PSP’s reason in pt-BR when it refuses or is down, and stores nothing', async () => {
    const id = await inserirCliente(t.database.db, { nome: 'Dora', status: 'ativo', operadorId: ana.id });
    await inserirConta(t.database.db, {
      clienteId: id,
      valorCentavos: 1_000,
      vencimento: somarDias(hoje, 5),
    });
    psp.falharProximas(1, 503);
    const fora = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${id}/cobrancas-pix`,
      headers: bearer(token),
    });
    expect(fora.statusCode).toBe(502);
    expect(fora.json()).toMatchObject({ code: 'PSP_INDISPONIVEL' });
    expect(await t.database.db.$count(cobrancasPix, eq(cobrancasPix.clienteId, id))).toBe(0);
  });
});

describe('POST {webhookUrl}/pix', () => {
  it('records what the PSP confirms, with the PSP’s amount over the notification’s', async () => {
    const { id, cobranca } = await novaCobranca(12_345);
    const pix = await psp.pagar(cobranca.txid, { notificar: false });
    const response = await notificar({ pix: [{ ...pix, valor: '0.01' }] });
    expect(response.statusCode, response.body).toBe(200);
    await confirmar();
    expect(await recebido(pix.endToEndId)).toMatchObject({
      situacao: 'conciliado',
      origem: 'webhook',
      valorCentavos: 12_345,
    });
    const [conta] = await t.database.db.select().from(contasReceber).where(eq(contasReceber.clienteId, id));
    expect(conta).toMatchObject({ status: 'paga', valorPagoCentavos: 12_345 });
  });

  it('answers once the notification and its confirmation job are committed, before the PSP is asked', async () => {
    const { cobranca } = await novaCobranca(2_500);
    const pix = await psp.pagar(cobranca.txid, { notificar: false });
    expect((await notificar({ pix: [pix] })).statusCode).toBe(200);
    expect(await jobDe(pix.endToEndId)).toBeDefined();
    await confirmar();
    expect(await recebido(pix.endToEndId)).toMatchObject({ situacao: 'conciliado', origem: 'webhook' });
  });

  it('a replayed notification records nothing more', async () => {
    const { id, cobranca } = await novaCobranca(5_000);
    const pix = await psp.pagar(cobranca.txid, { notificar: false });
    await notificar({ pix: [pix] });
    await confirmar();
    expect((await notificar({ pix: [pix] })).statusCode).toBe(200);
    await confirmar();
    expect(await t.database.db.$count(pagamentos, eq(pagamentos.clienteId, id))).toBe(1);
  });

  it('a forged endToEndId the PSP does not know records nothing and is audited', async () => {
    const { cobranca } = await novaCobranca(5_000);
    const e2e = 'E99999999202611231200FORGED00001';
    await notificar({
      pix: [{ endToEndId: e2e, txid: cobranca.txid, valor: '50.00', horario: new Date().toISOString() }],
    });
    await confirmar();
    expect(await recebido(e2e)).toBeUndefined();
    const [auditoria] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.acao, 'pix.nao_confirmado'));
    expect(auditoria?.detalhes).toMatchObject({ quantidade: 1, pix: [{ end_to_end_id: e2e }] });
  });

  it('looks each endToEndId up once, however often a notification repeats it', async () => {
    const { cobranca } = await novaCobranca(6_100);
    const pix = await psp.pagar(cobranca.txid, { notificar: false });
    const [forjado] = forjados('REPETIDO', 1);
    const resposta = await notificar({ pix: [pix, forjado, pix, forjado, pix] });
    expect(resposta.statusCode, resposta.body).toBe(200);
    await confirmar();
    expect(await recebido(pix.endToEndId)).toMatchObject({ situacao: 'conciliado' });
    expect(consultasAoPsp(pix.endToEndId)).toBe(1);
    expect(consultasAoPsp(forjado?.endToEndId ?? '')).toBe(1);
  });

  it('audits the ids of one notification the PSP does not know in one entry', async () => {
    const lote = forjados('LOTE', 250);
    const antes = await t.database.db.$count(auditLogs, eq(auditLogs.acao, 'pix.nao_confirmado'));
    expect((await notificar({ pix: lote })).statusCode).toBe(200);
    await confirmar();
    const auditorias = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.acao, 'pix.nao_confirmado'));
    expect(auditorias).toHaveLength(antes + 1);
    const resumo = auditorias.find((a) => (a.detalhes as { quantidade: number }).quantidade === 250);
    expect(resumo?.descricao).toBe('Notificação com 250 PIX que o PSP não confirma: nada registrado');
    expect(resumo?.detalhes).toEqual({
      quantidade: 250,
      pix: lote.map((p) => ({ end_to_end_id: p.endToEndId, txid: p.txid })),
    });
    for (const { endToEndId } of lote) expect(consultasAoPsp(endToEndId)).toBe(1);
  });

  it('refuses a notification of more than 1 000 PIX (422) and stores none of it', async () => {
    const antes = await t.database.db.$count(pixNotificacoes);
    const resposta = await notificar({ pix: forjados('DEMAIS', 1_001) });
    expect(resposta.statusCode).toBe(422);
    expect(JSON.stringify(resposta.json())).toContain('Uma notificação traz no máximo 1.000 PIX.');
    expect(await t.database.db.$count(pixNotificacoes)).toBe(antes);
    expect((await notificar({ pix: forjados('NOLIMITE', 1_000) })).statusCode).toBe(200);
  });

  it('a wrong secret segment is a 404 and stores nothing', async () => {
    const antes = await t.database.db.$count(pixNotificacoes);
    const errado = caminhoWebhook.replace(/\/pix\/[^/]+\/pix$/, '/pix/segredo-errado-000000000000000/pix');
    const response = await notificar({ pix: [{ endToEndId: 'E1234', txid: 'x' }] }, errado);
    expect(response.statusCode).toBe(404);
    expect(await t.database.db.$count(pixNotificacoes)).toBe(antes);
  });

  it('refuses malformed JSON (422) and a 5 MB body (413)', async () => {
    const malformado = await t.app.inject({
      method: 'POST',
      url: caminhoWebhook,
      headers: { 'content-type': 'application/json' },
      payload: '{"pix": [',
    });
    expect(malformado.statusCode).toBe(422);
    expect(malformado.json().code).toBe('DADOS_INVALIDOS');
    const grande = await t.app.inject({
      method: 'POST',
      url: caminhoWebhook,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pix: [], lixo: 'x'.repeat(5 * 1024 * 1024) }),
    });
    expect(grande.statusCode).toBe(413);
  });

  it('the PSP down while confirming: the notification waits and is recorded on a later try', async () => {
    const { cobranca } = await novaCobranca(7_700);
    const pix = await psp.pagar(cobranca.txid, { notificar: false });
    await notificar({ pix: [pix] });
    psp.falharProximas(5, 503);
    await confirmar();
    const [pendente] = await t.database.db
      .select()
      .from(pixNotificacoes)
      .where(eq(pixNotificacoes.endToEndId, pix.endToEndId));
    expect(pendente).toMatchObject({ status: 'pendente' });
    expect(await recebido(pix.endToEndId)).toBeUndefined();
    const daNotificacao = () => jobDe(pix.endToEndId);
    // The queue retries it later (backoff), with the PSP's error kept.
    expect(await daNotificacao()).toMatchObject({ state: 'retry', retry_count: 0 });
    expect((await daNotificacao())?.output?.message).toMatch(/503|indispon/i);
    psp.falharProximas(0, 503);
    expect(await anteciparTentativas(t.database)).toBeGreaterThanOrEqual(1);
    await confirmar();
    expect(await recebido(pix.endToEndId)).toMatchObject({ situacao: 'conciliado' });
  });
});

describe('reconciliation and removal', () => {
  it('records a PIX whose notification was lost, once', async () => {
    const { cobranca } = await novaCobranca(3_300);
    const pix = await psp.pagar(cobranca.txid, { notificar: false });
    expect(await conciliarPix(t.database.db, t.app.appKey)).toBeGreaterThanOrEqual(1);
    await filaOciosa(t.app);
    expect(await recebido(pix.endToEndId)).toMatchObject({ situacao: 'conciliado', origem: 'conciliacao' });
    expect(await conciliarPix(t.database.db, t.app.appKey)).toBe(0);
  });

  it('removes at the PSP a charge whose debt was paid by hand', async () => {
    const { id, conta, cobranca } = await novaCobranca(4_000);
    await t.database.db
      .update((await import('../../../db/schema/index.ts')).clientes)
      .set({ status: 'em_atendimento' })
      .where(eq((await import('../../../db/schema/index.ts')).clientes.id, id));
    const pago = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${id}/pagamentos`,
      headers: bearer(token),
      payload: { conta_id: conta, valor: 40, data: hoje, forma: 'dinheiro' },
    });
    expect(pago.statusCode, pago.body).toBe(201);
    await filaOciosa(t.app);
    expect(psp.cobrancas.get(cobranca.txid)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    const [row] = await t.database.db.select().from(cobrancasPix).where(eq(cobrancasPix.txid, cobranca.txid));
    expect(row).toMatchObject({ status: 'removida', remocaoPendente: false });
  });
});

// Last: it spends this address's budget for the minute.
describe('rate limit', () => {
  it('answers 429 past 3 000 notifications a minute from one address, before any work', async () => {
    // The tests above spent part of the minute's budget already.
    const respostas: number[] = [];
    for (let i = 0; i <= NOTIFICACOES_PIX_POR_MINUTO; i++)
      respostas.push((await notificar({ pix: [] })).statusCode);
    const primeiraRecusa = respostas.indexOf(429);
    // A PSP posting each PIX of the design's peak on its own (1 000 in a minute, plus replays) is never refused.
    expect(primeiraRecusa).toBeGreaterThan(1_050);
    expect(new Set(respostas.slice(0, primeiraRecusa))).toEqual(new Set([200]));
    expect(new Set(respostas.slice(primeiraRecusa))).toEqual(new Set([429]));
    const recusada = await notificar({ pix: [] });
    expect(recusada.json()).toMatchObject({ code: 'MUITAS_REQUISICOES' });
  });
});
