import { PORTAL_POLITICA_PADRAO } from '@cobranca/contracts';
import { formatarDocumento, gerarCnpj, hojeNoFuso, somarDias } from '@cobranca/dominio';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { efeitosConcluidos } from '../../../test/fila.ts';
import {
  auditLogs,
  clientes,
  cobrancaPixContas,
  cobrancasPix,
  contasReceber,
  portalLinks,
  portalSessoes,
} from '../../db/schema/index.ts';
import { MARCADOR_LINK } from '../../lib/conteudo-mensagem.ts';
import { inserirCliente, inserirConta, inserirMensagem } from '../clientes/clientes.test-fixtures.ts';
import { digestoToken, emitirLink, preencherLinkDoPortal } from '../links-portal/links.ts';
import {
  configuracaoDoPspFalso,
  iniciarPspFalso,
  type PspFalso,
} from '../pix/psp/psp-falso.test-fixtures.ts';
import { executarPassada } from '../regua/motor.ts';
import { CHAVE_DE_TESTE, configurar, em, mensagensRegua, montarMotor } from '../regua/regua.test-fixtures.ts';
import {
  type NovoClientePortal,
  clienteComLink as novoClientePortal,
  novoCpf,
  novoLink,
} from './portal.test-fixtures.ts';
import { LIMPAR_SESSOES_A_CADA } from './sessao.ts';

// The portal's rules beyond the core journey (portal.int.test.ts, docs/produto.md §22): links and
// sessions that end, a new link per message, the lock's counter, CNPJ customers, the opt-out reaching
// the régua, a person for a customer already in service, the negotiation policy, PIX of an agreement,
// and a PSP that is down.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const hoje = () => hojeNoFuso(new Date());
const db = () => t.database.db;
const clienteComLink = (opcoes: NovoClientePortal = {}) =>
  novoClientePortal(db(), { nome: 'Maria Regras Souza', ...opcoes });

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The raw session (`cps_…`) the right document opens. */
const abrir = async ({ token, documento }: { token: string; documento: string }) => {
  const r = await post('/api/portal/sessao', { token, documento });
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ sessao: string }>().sessao;
};
const sessao = async (cliente: { token: string; documento: string }) => bearer(await abrir(cliente));

const operadorDono = async (clienteId: number) => {
  const operador = await createTestUser(t.database, 'operador');
  await db().update(clientes).set({ operadorId: operador.id }).where(eq(clientes.id, clienteId));
  return bearer(await issueToken(t.database, operador.id));
};

const situacao = async (token: string) => (await post('/api/portal/link', { token })).json().situacao;

describe('links and sessions that end', () => {
  it('an expired link is unavailable, opens nothing, and ends the sessions opened through it', async () => {
    const cliente = await clienteComLink();
    const s = await sessao(cliente);
    expect((await get('/api/portal/resumo', s)).statusCode).toBe(200);
    await db()
      .update(portalLinks)
      .set({ expiraEm: new Date(Date.now() - 1000) })
      .where(eq(portalLinks.tokenHash, digestoToken(cliente.token)));
    expect(await situacao(cliente.token)).toBe('indisponivel');
    const aberta = await post('/api/portal/sessao', { token: cliente.token, documento: cliente.documento });
    expect(aberta.statusCode).toBe(404);
    expect(aberta.json().code).toBe('LINK_INDISPONIVEL');
    const resumo = await get('/api/portal/resumo', s);
    expect(resumo.statusCode).toBe(401);
    expect(resumo.json().code).toBe('SESSAO_INVALIDA');
  });

  it('a session past its end answers 401 SESSAO_INVALIDA while the link still opens new ones', async () => {
    const cliente = await clienteComLink();
    const bruta = await abrir(cliente);
    await db()
      .update(portalSessoes)
      .set({ expiraEm: new Date(Date.now() - 1000) })
      .where(eq(portalSessoes.tokenHash, digestoToken(bruta)));
    const r = await get('/api/portal/resumo', bearer(bruta));
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('SESSAO_INVALIDA');
    expect((await get('/api/portal/resumo', await sessao(cliente))).statusCode).toBe(200);
  });

  it('sessions past their end are deleted as new ones open, so the table does not grow forever', async () => {
    const cliente = await clienteComLink();
    const vencida = await abrir(cliente);
    await db()
      .update(portalSessoes)
      .set({ expiraEm: new Date(Date.now() - 1000) })
      .where(eq(portalSessoes.tokenHash, digestoToken(vencida)));
    for (let i = 0; i < LIMPAR_SESSOES_A_CADA; i += 1) await abrir(cliente);
    await expect
      .poll(
        async () =>
          (
            await db()
              .select()
              .from(portalSessoes)
              .where(eq(portalSessoes.tokenHash, digestoToken(vencida)))
          ).length,
      )
      .toBe(0);
  });

  it('a malformed Authorization answers 401, whatever its shape', async () => {
    const cliente = await clienteComLink();
    const bruta = await abrir(cliente);
    const cabecalhos = [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      bruta,
      `bearer ${bruta}`,
      `Basic ${bruta}`,
      `Bearer  ${bruta}`,
      `Bearer ${bruta}x`,
      `Bearer ${bruta.slice(0, -1)}`,
      `Bearer ${bruta.replace('cps_', 'cob_')}`,
      `Bearer ${bruta.slice(4)}`,
      `Bearer ${bruta}, Bearer ${bruta}`,
      `Bearer cps_${'A'.repeat(43)}`,
      `Bearer cps_${'%'.repeat(43)}`,
      `Bearer ${'x'.repeat(5000)}`,
    ];
    for (const authorization of cabecalhos) {
      const r = await get('/api/portal/resumo', authorization === undefined ? {} : { authorization });
      expect(r.statusCode, `Authorization: ${authorization?.slice(0, 60)}`).toBe(401);
      expect(r.json().code).toBe('SESSAO_INVALIDA');
    }
    // The same session, well formed, still works: the refusals were about the shape.
    expect((await get('/api/portal/resumo', bearer(bruta))).statusCode).toBe(200);
  });
});

describe('a link with every message', () => {
  it('two messages carry two different working links; "Revogar link" ends both and their sessions', async () => {
    const { id, documento } = await clienteComLink();
    const tokens: string[] = [];
    for (const texto of ['Lembrete', 'Vencimento']) {
      const mensagemId = await inserirMensagem(db(), {
        clienteId: id,
        direcao: 'saida',
        conteudo: `${texto}: ${MARCADOR_LINK}`,
      });
      const envio = await preencherLinkDoPortal(
        db(),
        CHAVE_DE_TESTE,
        { telefone: '+5511999990000', conteudo: `${texto}: ${MARCADOR_LINK}`, mensagemId },
        { clienteId: id, agora: new Date() },
      );
      expect(envio.conteudo).not.toContain(MARCADOR_LINK);
      const token = /\/p\/([A-Za-z0-9_-]{32})$/.exec(envio.conteudo)?.[1];
      expect(token, envio.conteudo).toBeDefined();
      const [link] = await db()
        .select()
        .from(portalLinks)
        .where(eq(portalLinks.tokenHash, digestoToken(token as string)));
      expect(link?.mensagemId).toBe(mensagemId);
      tokens.push(token as string);
    }
    const [primeiro, segundo] = tokens as [string, string];
    expect(primeiro).not.toBe(segundo);
    // The newer link does not end the older one: the customer may tap either message.
    expect([await situacao(primeiro), await situacao(segundo)]).toEqual(['ativo', 'ativo']);
    const sessoes = [
      await sessao({ token: primeiro, documento }),
      await sessao({ token: segundo, documento }),
    ];
    for (const s of sessoes) expect((await get('/api/portal/resumo', s)).statusCode).toBe(200);

    const revogado = await post(`/api/operador/clientes/${id}/portal/revogar`, {}, await operadorDono(id));
    expect(revogado.statusCode).toBe(200);
    expect([await situacao(primeiro), await situacao(segundo)]).toEqual(['indisponivel', 'indisponivel']);
    for (const s of sessoes) expect((await get('/api/portal/resumo', s)).statusCode).toBe(401);
    for (const token of tokens)
      expect((await post('/api/portal/sessao', { token, documento })).statusCode).toBe(404);
  });

  it('a message sent again keeps its link; once revoked, it goes with a new working one', async () => {
    const { id } = await clienteComLink({ nome: 'Rui Reenvio' });
    const conteudo = `Lembrete: ${MARCADOR_LINK}`;
    const mensagemId = await inserirMensagem(db(), { clienteId: id, direcao: 'saida', conteudo });
    const enviar = async () => {
      const envio = await preencherLinkDoPortal(
        db(),
        CHAVE_DE_TESTE,
        { telefone: '+5511999990000', conteudo, mensagemId },
        { clienteId: id, agora: new Date() },
      );
      return /\/p\/([A-Za-z0-9_-]{32})$/.exec(envio.conteudo)?.[1] as string;
    };
    const primeiro = await enviar();
    expect(await enviar()).toBe(primeiro);
    const revogado = await post(`/api/operador/clientes/${id}/portal/revogar`, {}, await operadorDono(id));
    expect(revogado.statusCode).toBe(200);
    const novo = await enviar();
    expect(novo).not.toBe(primeiro);
    expect([await situacao(primeiro), await situacao(novo)]).toEqual(['indisponivel', 'ativo']);
  });
});

describe('the document check', () => {
  it('a right document resets the count of wrong ones; the fifth in a row locks and is audited', async () => {
    const cliente = await clienteComLink({ nome: 'Rita Contagem' });
    const { id, token, documento } = cliente;
    const errado = novoCpf();
    const tentar = (doc: string) => post('/api/portal/sessao', { token, documento: doc });
    for (let i = 0; i < 4; i += 1) expect((await tentar(errado)).statusCode).toBe(422);
    expect((await tentar(documento)).statusCode).toBe(200);
    let ultima = await tentar(errado);
    for (let i = 1; i < 4; i += 1) {
      expect(ultima.statusCode).toBe(422);
      ultima = await tentar(errado);
    }
    // Eight wrong in all, but never five in a row: still open, one try left.
    expect(ultima.statusCode).toBe(422);
    expect(ultima.json().errors.documento[0]).toContain('Resta 1 tentativa');
    expect(await situacao(token)).toBe('ativo');
    expect(await db().$count(auditLogs, eq(auditLogs.acao, 'portal.link_bloqueado'))).toBe(0);

    const quinta = await tentar(errado);
    expect(quinta.statusCode).toBe(423);
    expect(quinta.json().code).toBe('LINK_BLOQUEADO');
    const [link] = await db()
      .select()
      .from(portalLinks)
      .where(eq(portalLinks.tokenHash, digestoToken(token)));
    const auditoria = await db().select().from(auditLogs).where(eq(auditLogs.acao, 'portal.link_bloqueado'));
    expect(auditoria).toHaveLength(1);
    expect(auditoria[0]).toMatchObject({
      usuarioId: null,
      entidade: 'cliente',
      entidadeId: String(id),
      detalhes: { link_id: link?.id, bloqueado_ate: link?.bloqueadoAte?.toISOString() },
    });
    expect(auditoria[0]?.descricao).toContain('Rita Contagem');
    // The proof of the lock never carries the document typed or the token.
    expect(JSON.stringify(auditoria[0])).not.toContain(errado);
    expect(JSON.stringify(auditoria[0])).not.toContain(token);
  });

  it('a right document on any of the customer’s links resets the count on all of them; a lock in force stays', async () => {
    const { id, token: primeiro, documento } = await clienteComLink({ nome: 'Rui Dois Links' });
    // Each message brings its own link: the customer may type on an older one, then on the newest.
    const [segundo, terceiro] = [await novoLink(db(), id), await novoLink(db(), id)];
    const tentar = (token: string, doc: string) => post('/api/portal/sessao', { token, documento: doc });
    const errado = novoCpf();
    for (let i = 0; i < 4; i += 1) expect((await tentar(primeiro, errado)).statusCode).toBe(422);
    for (let i = 0; i < 4; i += 1) expect((await tentar(terceiro, errado)).statusCode).toBe(422);
    expect((await tentar(terceiro, errado)).statusCode).toBe(423);

    expect((await tentar(segundo, documento)).statusCode).toBe(200);

    const depois = await tentar(primeiro, errado);
    expect(depois.statusCode).toBe(422);
    expect(depois.json().errors.documento[0]).toContain('Restam 4 tentativas');
    expect(await situacao(terceiro)).toBe('bloqueado');
  });

  it('a CNPJ customer opens with the formatted CNPJ, and not with the digits of a CPF inside it', async () => {
    const cnpj = gerarCnpj(Math.random);
    const cliente = await clienteComLink({ nome: 'Padaria Pão Quente Ltda', documento: cnpj });
    const prefixo = await post('/api/portal/sessao', { token: cliente.token, documento: cnpj.slice(0, 11) });
    expect(prefixo.statusCode).toBe(422);
    expect(formatarDocumento(cnpj)).toMatch(/^\d{2}\.\d{3}\.\d{3}\/0001-\d{2}$/);
    const s = await sessao({ token: cliente.token, documento: formatarDocumento(cnpj) });
    const resumo = await get('/api/portal/resumo', s);
    expect(resumo.statusCode).toBe(200);
    expect(resumo.json().primeiro_nome).toBe('Padaria');
  });
});

describe('the customer reaching the company', () => {
  it('"Falar com um atendente" keeps a customer in service as is, and the message is in the operator’s thread', async () => {
    const cliente = await clienteComLink();
    const { id } = cliente;
    const operador = await operadorDono(id);
    await db().update(clientes).set({ status: 'em_atendimento' }).where(eq(clientes.id, id));
    const r = await post(
      '/api/portal/atendente',
      { mensagem: 'Já falei com a Ana, ela vai me ligar' },
      await sessao(cliente),
    );
    expect(r.statusCode).toBe(204);
    const [c] = await db().select().from(clientes).where(eq(clientes.id, id));
    expect(c?.status).toBe('em_atendimento');
    expect(c?.aguardandoDesde).toBeNull();
    const thread = await get(`/api/operador/clientes/${id}/mensagens`, operador);
    expect(thread.statusCode).toBe(200);
    expect(thread.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ direcao: 'entrada', conteudo: 'Já falei com a Ana, ela vai me ligar' }),
      ]),
    );
  });
});

describe('the negotiation policy', () => {
  it('refuses a number of instalments the policy does not offer (above the maximum, or below the minimum instalment)', async () => {
    const grande = await clienteComLink();
    const sg = await sessao(grande);
    const acima = await post('/api/portal/acordo', { parcelas: 7 }, sg);
    expect(acima.statusCode).toBe(422);
    expect(acima.json().code).toBe('DADOS_INVALIDOS');
    expect(acima.json().errors.parcelas).toHaveLength(1);

    // R$ 120,00 plus encargos: two instalments reach the R$ 50,00 minimum, three would not.
    const pequeno = await clienteComLink({ valorCentavos: 12_000 });
    const sp = await sessao(pequeno);
    const { planos } = (await get('/api/portal/planos', sp)).json();
    expect(planos.map((p: { parcelas: number }) => p.parcelas)).toEqual([1, 2]);
    const abaixo = await post('/api/portal/acordo', { parcelas: 3 }, sp);
    expect(abaixo.statusCode).toBe(422);
    expect(abaixo.json().code).toBe('DADOS_INVALIDOS');
    expect(abaixo.json().errors.parcelas).toHaveLength(1);
    // Nothing was stored for either.
    const acordos = await db()
      .select()
      .from(contasReceber)
      .where(and(eq(contasReceber.clienteId, pequeno.id), eq(contasReceber.origem, 'acordo')));
    expect(acordos).toEqual([]);
    expect((await post('/api/portal/acordo', { parcelas: 2 }, sp)).statusCode).toBe(201);
  });

  it('with 100 % of encargos off from day 0 the discount is the encargos; the operator sees the agreement', async () => {
    await configurar(db(), {
      portal: {
        ...PORTAL_POLITICA_PADRAO,
        faixas_desconto: [{ a_partir_de_dias: 0, encargos_percentual: 100, principal_percentual: 0 }],
      },
    });
    try {
      const cliente = await clienteComLink();
      const { id } = cliente;
      const operador = await operadorDono(id);
      const s = await sessao(cliente);
      const [conta] = (await get('/api/portal/resumo', s)).json().contas;
      const encargos = Math.round((conta.multa + conta.juros) * 100) / 100;
      expect(encargos).toBeGreaterThan(20);
      const { planos } = (await get('/api/portal/planos', s)).json();
      for (const plano of planos) {
        expect(plano.desconto).toBe(encargos);
        expect(plano.total).toBe(1000);
      }
      const r = await post('/api/portal/acordo', { parcelas: 2 }, s);
      expect(r.statusCode).toBe(201);
      const { acordo } = r.json();
      expect(acordo.total).toBe(1000);
      await efeitosConcluidos(t.app);
      const detalhe = await get(`/api/operador/clientes/${id}`, operador);
      expect(detalhe.statusCode).toBe(200);
      expect(detalhe.json().negociacoes[0]).toMatchObject({
        id: acordo.id,
        status: 'ativa',
        parcelas: 2,
        desconto: encargos,
        encargos_dispensados: encargos,
        valor_total: 1000,
      });
    } finally {
      await configurar(db(), {});
    }
  });
});

describe('"Pagar com PIX" with an agreement running', () => {
  const contasDaCobranca = async (txid: string) => {
    const [cobranca] = await db().select().from(cobrancasPix).where(eq(cobrancasPix.txid, txid));
    const linhas = await db()
      .select({ contaId: cobrancaPixContas.contaId })
      .from(cobrancaPixContas)
      .where(eq(cobrancaPixContas.cobrancaId, cobranca?.id ?? -1));
    return linhas.map((l) => l.contaId);
  };

  it('pays the next open instalment only, and with nothing open answers 422', async () => {
    const cliente = await clienteComLink();
    const s = await sessao(cliente);
    const feito = await post('/api/portal/acordo', { parcelas: 3 }, s);
    expect(feito.statusCode).toBe(201);
    await efeitosConcluidos(t.app);
    const parcelas = await db()
      .select()
      .from(contasReceber)
      .where(and(eq(contasReceber.clienteId, cliente.id), eq(contasReceber.origem, 'acordo')))
      .orderBy(asc(contasReceber.vencimento), asc(contasReceber.id));
    expect(parcelas).toHaveLength(3);
    const [primeira, segunda] = parcelas;

    const pix1 = await post('/api/portal/pix', {}, s);
    expect(pix1.statusCode).toBe(200);
    expect(await contasDaCobranca(pix1.json().pix.txid)).toEqual([primeira?.id]);
    expect(pix1.json().pix.valor).toBe((primeira?.valorCentavos ?? 0) / 100);

    const pagar = (id: number, valorCentavos: number) =>
      db()
        .update(contasReceber)
        .set({ status: 'paga', valorPagoCentavos: valorCentavos, pagoEm: hoje() })
        .where(eq(contasReceber.id, id));
    await pagar(primeira?.id ?? -1, primeira?.valorCentavos ?? 0);
    const pix2 = await post('/api/portal/pix', {}, s);
    expect(pix2.statusCode).toBe(200);
    expect(pix2.json().pix.txid).not.toBe(pix1.json().pix.txid);
    expect(await contasDaCobranca(pix2.json().pix.txid)).toEqual([segunda?.id]);

    for (const p of parcelas) await pagar(p.id, p.valorCentavos);
    const nada = await post('/api/portal/pix', {}, s);
    expect(nada.statusCode).toBe(422);
    expect(nada.json().code).toBe('DADOS_INVALIDOS');
  });
});

describe('with the régua running', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await buildTestApp();
  });
  afterAll(() => r.close());

  it('an opt-out through the portal makes the sender cancel the customer’s pending message; the operator sees canal portal', async () => {
    const rdb = r.database.db;
    await configurar(rdb, {});
    const operador = await createTestUser(r.database, 'operador');
    const documento = novoCpf();
    const sai = await inserirCliente(rdb, { nome: 'Otávio Sai', documento, operadorId: operador.id });
    const fica = await inserirCliente(rdb, { nome: 'Fausto Fica', operadorId: operador.id });
    for (const clienteId of [sai, fica])
      await inserirConta(rdb, { clienteId, valorCentavos: 5_000, vencimento: '2026-12-15' });
    // Planned before the window opens (08:00 on weekdays): waiting in the outbox.
    const { deps, relogio } = montarMotor(rdb, em('2026-12-15', '06:00'));
    await executarPassada(deps);
    for (const clienteId of [sai, fica])
      expect((await mensagensRegua(rdb, clienteId)).map((m) => m.status)).toEqual(['pendente']);

    const token = await emitirLink(rdb, {
      clienteId: sai,
      mensagemId: null,
      agora: new Date(),
      validadeDias: 30,
    });
    const aberta = await r.app.inject({
      method: 'POST',
      url: '/api/portal/sessao',
      payload: { token, documento },
    });
    expect(aberta.statusCode).toBe(200);
    const optOut = await r.app.inject({
      method: 'POST',
      url: '/api/portal/opt-out',
      headers: bearer(aberta.json().sessao),
    });
    expect(optOut.statusCode).toBe(200);

    relogio.definir(em('2026-12-15', '09:00'));
    await executarPassada(deps);
    expect(await mensagensRegua(rdb, sai)).toEqual([
      expect.objectContaining({
        status: 'cancelada',
        erroMensagem: 'O cliente pediu para não receber mensagens.',
      }),
    ]);
    expect((await mensagensRegua(rdb, fica)).map((m) => m.status)).toEqual(['entregue']);

    const detalhe = await r.app.inject({
      method: 'GET',
      url: `/api/operador/clientes/${sai}`,
      headers: bearer(await issueToken(r.database, operador.id)),
    });
    expect(detalhe.statusCode).toBe(200);
    expect(detalhe.json().opt_out).toMatchObject({ canal: 'portal' });
  });
});

describe('with the PSP down', () => {
  let p: TestApp;
  let psp: PspFalso;
  beforeAll(async () => {
    p = await buildTestApp();
    psp = await iniciarPspFalso();
    const admin = await issueToken(p.database, (await createTestUser(p.database, 'admin')).id);
    const salvo = await p.app.inject({
      method: 'PUT',
      url: '/api/admin/configuracoes/pix',
      headers: bearer(admin),
      payload: configuracaoDoPspFalso(psp),
    });
    expect(salvo.statusCode, salvo.body).toBe(200);
  });
  afterAll(async () => {
    await psp.fechar();
    await p.close();
  });

  it('"Pagar com PIX" answers 502 PSP_INDISPONIVEL and stores nothing; once it is back, the charge is made there', async () => {
    const pdb = p.database.db;
    const documento = novoCpf();
    const id = await inserirCliente(pdb, { nome: 'Paula Psp', documento });
    await inserirConta(pdb, { clienteId: id, valorCentavos: 30_000, vencimento: somarDias(hoje(), -10) });
    const token = await emitirLink(pdb, {
      clienteId: id,
      mensagemId: null,
      agora: new Date(),
      validadeDias: 30,
    });
    const aberta = await p.app.inject({
      method: 'POST',
      url: '/api/portal/sessao',
      payload: { token, documento },
    });
    expect(aberta.statusCode).toBe(200);
    const pagar = () =>
      p.app.inject({ method: 'POST', url: '/api/portal/pix', headers: bearer(aberta.json().sessao) });

    psp.falharProximas(10, 503);
    const fora = await pagar();
    expect(fora.statusCode).toBe(502);
    expect(fora.json().code).toBe('PSP_INDISPONIVEL');
    expect(await pdb.$count(cobrancasPix, eq(cobrancasPix.clienteId, id))).toBe(0);

    psp.falharProximas(0, 503);
    const volta = await pagar();
    expect(volta.statusCode, volta.body).toBe(200);
    expect(psp.cobrancas.has(volta.json().pix.txid)).toBe(true);
  });
});
