import {
  formatarDocumento,
  formatarLinhaDigitavel,
  hojeNoFuso,
  linhaDoCodigo,
  montarCodigoDeBarras,
} from '@cobranca/dominio';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { filaOciosa } from '../../../test/fila.ts';
import {
  auditLogs,
  clientes,
  cobrancasPix,
  contasReceber,
  mensagens,
  negociacoes,
  portalLinks,
} from '../../db/schema/index.ts';
import { MARCADOR_LINK } from '../../lib/conteudo-mensagem.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { digestoToken } from '../links-portal/links.ts';
import { executarPassada } from '../regua/motor.ts';
import { configurar, em, JANELA_SEMPRE, montarMotor } from '../regua/regua.test-fixtures.ts';
import { clienteComLink as novoClientePortal, novoCpf } from './portal.test-fixtures.ts';

// The customer's portal end to end through the API (docs/produto.md §22): the link a régua message
// carries, the document check, the debts, PIX, an agreement, a person, the opt-out, revocation.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const _hoje = () => hojeNoFuso(new Date());

const clienteComLink = (nome = 'Maria Portal Silva') => novoClientePortal(t.database.db, { nome });

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const sessao = async ({ token, documento }: { token: string; documento: string }) => {
  const r = await post('/api/portal/sessao', { token, documento });
  expect(r.statusCode).toBe(200);
  return bearer(r.json().sessao as string);
};

describe('the link in a régua message', () => {
  it('goes to the channel as {PUBLIC_URL}/p/{token}; the stored text keeps the marker and the database only the digest', async () => {
    const { db } = t.database;
    await configurar(db, { janela_envio: JANELA_SEMPRE });
    const id = await inserirCliente(db, { nome: 'Régua Link', documento: novoCpf() });
    await inserirConta(db, { clienteId: id, valorCentavos: 5_000, vencimento: '2026-12-15' });
    const enviados: string[] = [];
    const { deps } = montarMotor(db, em('2026-12-15', '10:00'), (envio) => {
      enviados.push(envio.conteudo);
      return undefined;
    });
    await executarPassada(deps);
    const texto = enviados.find((c) => c.includes('/p/')) ?? '';
    const token = /http:\/\/localhost:\d+\/p\/([A-Za-z0-9_-]{32})/.exec(texto)?.[1];
    expect(token, texto).toBeDefined();
    const [m] = await db.select().from(mensagens).where(eq(mensagens.clienteId, id));
    expect(m?.conteudo).toContain(MARCADOR_LINK);
    expect(m?.conteudo).not.toContain(token);
    const [link] = await db.select().from(portalLinks).where(eq(portalLinks.clienteId, id));
    expect(link?.tokenHash).toBe(digestoToken(token as string));
    expect(link?.mensagemId).toBe(m?.id);
    expect(link?.expiraEm.getTime()).toBe(em('2026-12-15', '10:00').getTime() + 30 * 86_400_000);
    const r = await post('/api/portal/link', { token });
    // The manual clock sent it in December; today the link is usable until 30 days after that.
    expect(r.json().situacao).toBe(link && link.expiraEm > new Date() ? 'ativo' : 'indisponivel');
  });
});

describe('before the document check', () => {
  it('says only whether the link can be used, with the creditor; nothing about the customer', async () => {
    const { token } = await clienteComLink('Joana Sigilo');
    const r = await post('/api/portal/link', { token });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ situacao: 'ativo', credor: { nome: 'Empresa Demonstração Ltda' } });
    expect(r.body).not.toContain('Joana');
    expect(r.body).not.toContain('1.000');
    expect(r.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect((await post('/api/portal/link', { token: 'x'.repeat(32) })).json().situacao).toBe('indisponivel');
  });

  it('opens a session for the right document (typed with punctuation), refuses a wrong one and counts down', async () => {
    const { token, documento } = await clienteComLink();
    const errado = await post('/api/portal/sessao', { token, documento: formatarDocumento(novoCpf()) });
    expect(errado.statusCode).toBe(422);
    expect(errado.json()).toMatchObject({ code: 'DOCUMENTO_NAO_CONFERE' });
    expect(errado.json().errors.documento[0]).toContain('Restam 4 tentativas');
    const certo = await post('/api/portal/sessao', { token, documento: formatarDocumento(documento) });
    expect(certo.statusCode).toBe(200);
    expect(certo.json().sessao).toMatch(/^cps_/);
  });

  it('locks the link for 15 minutes after five wrong documents, even for the right one then', async () => {
    const { token, documento } = await clienteComLink();
    const errado = novoCpf();
    for (let i = 0; i < 4; i += 1)
      expect((await post('/api/portal/sessao', { token, documento: errado })).statusCode).toBe(422);
    const quinta = await post('/api/portal/sessao', { token, documento: errado });
    expect(quinta.statusCode).toBe(423);
    expect(quinta.json().code).toBe('LINK_BLOQUEADO');
    expect((await post('/api/portal/sessao', { token, documento })).statusCode).toBe(423);
    const situacao = (await post('/api/portal/link', { token })).json();
    expect(situacao.situacao).toBe('bloqueado');
    const minutos = (new Date(situacao.bloqueado_ate).getTime() - Date.now()) / 60_000;
    expect(minutos).toBeGreaterThan(14);
    expect(minutos).toBeLessThanOrEqual(15);
    // Fifteen minutes later (moved back in the database) the right document opens it.
    await t.database.db
      .update(portalLinks)
      .set({ bloqueadoAte: new Date(Date.now() - 1000) })
      .where(eq(portalLinks.tokenHash, digestoToken(token)));
    expect((await post('/api/portal/sessao', { token, documento })).statusCode).toBe(200);
  });

  it('counts wrong documents sent at once one by one: the fifth locks the link, once', async () => {
    const { id, token, documento } = await clienteComLink();
    const errado = novoCpf();
    const respostas = await Promise.all(
      Array.from({ length: 7 }, () => post('/api/portal/sessao', { token, documento: errado })),
    );
    const codigos = respostas.map((r) => r.json().code as string);
    expect(codigos.filter((c) => c === 'DOCUMENTO_NAO_CONFERE')).toHaveLength(4);
    expect(codigos.filter((c) => c === 'LINK_BLOQUEADO')).toHaveLength(3);
    const bloqueios = await t.database.db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(and(eq(auditLogs.acao, 'portal.link_bloqueado'), eq(auditLogs.entidadeId, String(id))));
    expect(bloqueios).toHaveLength(1);
    // The right document, which opens a session without locking the link, still meets the lock.
    expect((await post('/api/portal/sessao', { token, documento })).statusCode).toBe(423);
  });
});

describe('after the document check', () => {
  it('shows each open debt with principal, multa, juros and the updated total', async () => {
    const r = await get('/api/portal/resumo', await sessao(await clienteComLink('Carlos Débito')));
    expect(r.statusCode).toBe(200);
    const resumo = r.json();
    expect(resumo.primeiro_nome).toBe('Carlos');
    expect(resumo.contas).toHaveLength(1);
    const [conta] = resumo.contas;
    expect(conta.principal).toBe(1000);
    expect(conta.multa).toBe(20);
    expect(conta.juros).toBeGreaterThan(0);
    expect(conta.total).toBeCloseTo(conta.principal + conta.multa + conta.juros, 2);
    expect(resumo.total).toBe(conta.total);
    expect(conta.boleto).toBeNull();
  });

  it("offers a debt's boleto: the linha as printed and its barcode drawn as SVG (issue 33)", async () => {
    const cliente = await clienteComLink('Bia Boleto');
    const [conta] = await t.database.db
      .select()
      .from(contasReceber)
      .where(eq(contasReceber.clienteId, cliente.id));
    const codigo = montarCodigoDeBarras({
      banco: '237',
      vencimento: conta?.vencimento ?? '',
      valorCentavos: conta?.valorCentavos ?? 0,
      campoLivre: '0901234567890123456789010',
    });
    await t.database.db
      .update(contasReceber)
      .set({ banco: '237', nossoNumero: '9', codigoBarras: codigo, linhaDigitavel: linhaDoCodigo(codigo) })
      .where(eq(contasReceber.id, conta?.id ?? 0));
    const [comBoleto] = (await get('/api/portal/resumo', await sessao(cliente))).json().contas;
    expect(comBoleto.boleto.linha_digitavel).toBe(formatarLinhaDigitavel(linhaDoCodigo(codigo)));
    expect(comBoleto.boleto.codigo_barras_svg).toMatch(/^<svg viewBox="0 0 \d+ \d+"/);
  });

  it('creates a PIX charge once, reuses it, and reports it paid after the simulated payment', async () => {
    const cliente = await clienteComLink();
    const { id } = cliente;
    const s = await sessao(cliente);
    const primeira = await post('/api/portal/pix', {}, s);
    expect(primeira.statusCode).toBe(200);
    const { pix } = primeira.json();
    expect(pix.qr_svg).toContain('<svg');
    expect(pix.status).toBe('ativa');
    expect((await post('/api/portal/pix', {}, s)).json().pix.txid).toBe(pix.txid);
    const [cobranca] = await t.database.db.select().from(cobrancasPix).where(eq(cobrancasPix.clienteId, id));
    expect(cobranca?.origem).toBe('portal');
    const operador = await createTestUser(t.database, 'operador');
    await t.database.db.update(clientes).set({ operadorId: operador.id }).where(eq(clientes.id, id));
    const pago = await post(
      `/api/operador/clientes/${id}/cobrancas-pix/${pix.txid}/simular-pagamento`,
      {},
      bearer(await issueToken(t.database, operador.id)),
    );
    expect(pago.statusCode).toBe(200);
    expect((await get(`/api/portal/pix/${pix.txid}`, s)).json().pix.status).toBe('paga');
  });

  it('makes the agreement an operator would, audited as made by the customer, with the first PIX', async () => {
    const cliente = await clienteComLink();
    const { id } = cliente;
    const s = await sessao(cliente);
    const { planos, motivo } = (await get('/api/portal/planos', s)).json();
    expect(motivo).toBeNull();
    // R$ 1.000,00 + encargos, 40 days overdue: half the encargos off, 6 instalments of at least R$ 50,00.
    expect(planos.map((p: { parcelas: number }) => p.parcelas)).toEqual([1, 2, 3, 4, 5, 6]);
    const r = await post('/api/portal/acordo', { parcelas: 3 }, s);
    expect(r.statusCode).toBe(201);
    const acordo = r.json();
    expect(acordo.acordo.parcelas).toHaveLength(3);
    expect(acordo.acordo.total).toBe(planos[2].total);
    // The answer came at the commit; the first instalment's PIX is the terms job's, asked for after it.
    expect(acordo.pix === undefined).toBe(acordo.gerando);
    await filaOciosa(t.app);
    const primeiroPix = (await get('/api/portal/acordo/pix', s)).json();
    expect(primeiroPix).toMatchObject({ gerando: false, pix: { status: 'ativa' } });
    expect(primeiroPix.pix.valor).toBe(acordo.acordo.parcelas[0].valor);
    const [n] = await t.database.db.select().from(negociacoes).where(eq(negociacoes.clienteId, id));
    expect(n?.operadorId).toBeNull();
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.acao, 'negociacao.criada'));
    expect(audit?.usuarioId).toBeNull();
    const thread = await t.database.db.select().from(mensagens).where(eq(mensagens.clienteId, id));
    expect(
      thread.some((m) => m.canal === 'portal' && m.conteudo.startsWith('Acordo feito pelo portal')),
    ).toBe(true);
    expect((await post('/api/portal/acordo', { parcelas: 1 }, s)).json().code).toBe('ACORDO_EM_ANDAMENTO');
    expect((await get('/api/portal/planos', s)).json().planos).toEqual([]);
  });

  it('puts a message for a person in the thread and the customer in the queue', async () => {
    const cliente = await clienteComLink();
    const { id } = cliente;
    const r = await post(
      '/api/portal/atendente',
      { mensagem: 'Quero pagar em outra data' },
      await sessao(cliente),
    );
    expect(r.statusCode).toBe(204);
    const [c] = await t.database.db.select().from(clientes).where(eq(clientes.id, id));
    expect(c?.status).toBe('aguardando_atendimento');
    const [m] = await t.database.db.select().from(mensagens).where(eq(mensagens.clienteId, id));
    expect(m).toMatchObject({
      direcao: 'entrada',
      canal: 'portal',
      provedor: 'portal',
      conteudo: 'Quero pagar em outra data',
    });
  });

  it('records the opt-out with its proof, once', async () => {
    const cliente = await clienteComLink();
    const { id } = cliente;
    const s = await sessao(cliente);
    const primeira = (await post('/api/portal/opt-out', {}, s)).json();
    const segunda = (await post('/api/portal/opt-out', {}, s)).json();
    expect(segunda.opt_out_em).toBe(primeira.opt_out_em);
    const [c] = await t.database.db.select().from(clientes).where(eq(clientes.id, id));
    expect(c?.optOutCanal).toBe('portal');
    expect(c?.optOutMensagem).toContain('portal');
  });
});

describe('who can reach what', () => {
  it('a session reaches only its own customer; a back-office token reaches no portal route', async () => {
    const a = await clienteComLink('Ana Um');
    const b = await clienteComLink('Bruno Dois');
    const sa = await sessao(a);
    const pixB = (await post('/api/portal/pix', {}, await sessao(b))).json().pix;
    expect((await get(`/api/portal/pix/${pixB.txid}`, sa)).statusCode).toBe(404);
    expect((await get('/api/portal/resumo', sa)).json().primeiro_nome).toBe('Ana');
    const admin = await createTestUser(t.database, 'admin');
    expect((await get('/api/portal/resumo', bearer(await issueToken(t.database, admin.id)))).statusCode).toBe(
      401,
    );
    expect((await get('/api/admin/dashboard', sa)).statusCode).toBe(401);
  });

  it('revoking the link ends it and its sessions at once', async () => {
    const cliente = await clienteComLink();
    const { id } = cliente;
    const s = await sessao(cliente);
    const operador = await createTestUser(t.database, 'operador');
    const outro = await createTestUser(t.database, 'operador');
    await t.database.db.update(clientes).set({ operadorId: operador.id }).where(eq(clientes.id, id));
    const url = `/api/operador/clientes/${id}/portal/revogar`;
    expect((await post(url, {}, bearer(await issueToken(t.database, outro.id)))).statusCode).toBe(404);
    const r = await post(url, {}, bearer(await issueToken(t.database, operador.id)));
    expect(r.statusCode).toBe(200);
    expect(r.json().cliente.portal.valido_ate).toBeNull();
    expect(r.json().cliente.portal.revogado_em).not.toBeNull();
    expect((await get('/api/portal/resumo', s)).statusCode).toBe(401);
    expect((await post('/api/portal/link', { token: cliente.token })).json().situacao).toBe('indisponivel');
    expect(
      (await post('/api/portal/sessao', { token: cliente.token, documento: cliente.documento })).statusCode,
    ).toBe(404);
  });
});
