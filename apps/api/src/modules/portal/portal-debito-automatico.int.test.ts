import { PORTAL_POLITICA_PADRAO } from '@cobranca/contracts';
import { hojeNoFuso, somarMeses } from '@cobranca/dominio';
import { and, asc, eq } from 'drizzle-orm';
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
  recorrenciasPix,
} from '../../db/schema/index.ts';
import { ESQUEMA_FILA } from '../../fila/boss.ts';
import { enfileirar } from '../../fila/enfileirar.ts';
import { ativarRecorrencia } from '../debito-automatico/adesao/jobs/ativar.job.ts';
import { brCodeValido, comRecorrencia } from '../pix/psp/br-code.ts';
import { configurar } from '../regua/regua.test-fixtures.ts';
import { clienteComLink as novoClientePortal } from './portal.test-fixtures.ts';

// PIX Automático on the portal's plans (docs/pix-automatico.md §8): offered by the operator's rule, the
// agreement made with its recurrence, and the first instalment's PIX given as the composite code that
// also authorises the automatic debit.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const hoje = () => hojeNoFuso(new Date());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const entrar = async () => {
  const cliente = await novoClientePortal(db(), { nome: 'Rita Débito Portal' });
  const r = await post('/api/portal/sessao', { token: cliente.token, documento: cliente.documento });
  expect(r.statusCode, r.body).toBe(200);
  return { ...cliente, s: bearer(r.json<{ sessao: string }>().sessao) };
};

type Parcela = { numero: number; vencimento: string; valor: number };
type Plano = {
  parcelas: number;
  total: number;
  lista: Parcela[];
  debito_automatico_disponivel: boolean;
  lista_debito_automatico: Parcela[] | null;
};

const planosDe = async (s: Record<string, string>) => {
  const r = await get('/api/portal/planos', s);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ planos: Plano[] }>().planos;
};

const parcelasDoAcordo = (clienteId: number) =>
  db()
    .select()
    .from(contasReceber)
    .where(and(eq(contasReceber.clienteId, clienteId), eq(contasReceber.origem, 'acordo')))
    .orderBy(asc(contasReceber.vencimento));

const semAcordo = async (clienteId: number) => {
  expect(await db().select().from(negociacoes).where(eq(negociacoes.clienteId, clienteId))).toEqual([]);
  expect(await db().select().from(recorrenciasPix).where(eq(recorrenciasPix.clienteId, clienteId))).toEqual(
    [],
  );
};

describe('the plans', () => {
  it('offer automatic debit on plans of 2 or more instalments, with their monthly instalments', async () => {
    const { s } = await entrar();
    const planos = await planosDe(s);
    expect(planos.map((p) => p.parcelas)).toEqual([1, 2, 3, 4, 5, 6]);
    const [avista, ...parcelados] = planos;
    expect(avista).toMatchObject({ debito_automatico_disponivel: false, lista_debito_automatico: null });
    for (const plano of parcelados) {
      expect(plano.debito_automatico_disponivel).toBe(true);
      const mensal = plano.lista_debito_automatico ?? [];
      expect(mensal.map((p) => p.vencimento)).toEqual(plano.lista.map((_, i) => somarMeses(hoje(), i)));
      const centavos = mensal.map((p) => Math.round(p.valor * 100));
      // The same total, the remainder on the first: instalments 2…N are the recurrence's one amount.
      expect(centavos.reduce((a, b) => a + b, 0)).toBe(Math.round(plano.total * 100));
      expect(new Set(centavos.slice(1)).size).toBe(1);
      expect(centavos[0]).toBeGreaterThanOrEqual(centavos[1] ?? 0);
    }
  });

  it('offer none when the admin turned it off, when the portal’s interval is not 30 days, or without a CPF or CNPJ', async () => {
    const nenhum = async (s: Record<string, string>) =>
      expect((await planosDe(s)).map((p) => p.debito_automatico_disponivel)).toEqual(Array(6).fill(false));
    try {
      await configurar(db(), { debito_automatico: false });
      await nenhum((await entrar()).s);
      await configurar(db(), { portal: { ...PORTAL_POLITICA_PADRAO, intervalo_dias: 15 } });
      await nenhum((await entrar()).s);
    } finally {
      await configurar(db(), {});
    }
    const estrangeiro = await entrar();
    await db().update(clientes).set({ documentoTipo: 'estrangeiro' }).where(eq(clientes.id, estrangeiro.id));
    await nenhum(estrangeiro.s);
  });
});

describe('choosing a plan with automatic debit', () => {
  it('makes the monthly agreement with its recurrence; its first PIX is the composite code that authorises the rest', async () => {
    const cliente = await entrar();
    const { s, id } = cliente;
    const plano = (await planosDe(s)).find((p) => p.parcelas === 3);
    const r = await post('/api/portal/acordo', { parcelas: 3, debito_automatico: true }, s);
    expect(r.statusCode, r.body).toBe(201);
    const feito = r.json();
    expect(feito.acordo.parcelas.map((p: Parcela) => [p.vencimento, p.valor])).toEqual(
      plano?.lista_debito_automatico?.map((p) => [p.vencimento, p.valor]),
    );
    expect(feito.debito_automatico).toMatchObject({ status: 'aguardando_aprovacao' });
    await filaOciosa(t.app);

    const [n] = await db().select().from(negociacoes).where(eq(negociacoes.clienteId, id));
    expect(n?.mensal).toBe(true);
    const [rec] = await db().select().from(recorrenciasPix).where(eq(recorrenciasPix.clienteId, id));
    expect(rec).toMatchObject({ negociacaoId: n?.id, status: 'criada' });
    const [primeira, segunda, terceira] = await parcelasDoAcordo(id);
    expect(rec?.dataInicial).toBe(segunda?.vencimento);
    expect(rec?.dataFinal).toBe(terceira?.vencimento);
    const [cob] = await db()
      .select()
      .from(cobrancasPix)
      .where(and(eq(cobrancasPix.clienteId, id), eq(cobrancasPix.txid, rec?.txidJornada ?? '')));
    expect(cob?.tipo).toBe('cob');

    const pixDoAcordo = await get('/api/portal/acordo/pix', s);
    expect(pixDoAcordo.statusCode, pixDoAcordo.body).toBe(200);
    const { pix, gerando, debito_automatico } = pixDoAcordo.json();
    expect(gerando).toBe(false);
    // The charge's own code with the recurrence's location in field 80 (journey 3).
    const composto = comRecorrencia(cob?.pixCopiaECola ?? '', rec?.location ?? '');
    expect(brCodeValido(composto)).toBe(true);
    const loc = rec?.location ?? '';
    const campo80 = `0014br.gov.bcb.pix25${String(loc.length).padStart(2, '0')}${loc}`;
    expect(composto).toContain(`80${String(campo80.length).padStart(2, '0')}${campo80}`);
    expect(pix).toMatchObject({
      txid: cob?.txid,
      valor: (primeira?.valorCentavos ?? 0) / 100,
      pix_copia_e_cola: composto,
      autoriza_debito_automatico: true,
      status: 'ativa',
    });
    expect(pix.pix_copia_e_cola).not.toBe(cob?.pixCopiaECola);
    expect(debito_automatico).toEqual({ status: 'aguardando_aprovacao', pix_copia_e_cola: composto });
    // Polled by its txid, and from "Pagar com PIX", the charge keeps the composite code.
    expect((await get(`/api/portal/pix/${pix.txid}`, s)).json().pix).toMatchObject({
      pix_copia_e_cola: composto,
      autoriza_debito_automatico: true,
    });
    expect((await post('/api/portal/pix', {}, s)).json().pix).toMatchObject({
      txid: pix.txid,
      pix_copia_e_cola: composto,
    });

    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.acao, 'negociacao.criada'), eq(auditLogs.entidadeId, String(n?.id))));
    expect(audit?.detalhes).toMatchObject({ origem: 'portal', debito_automatico: true });
    const thread = await db().select().from(mensagens).where(eq(mensagens.clienteId, id));
    expect(thread.some((m) => m.conteudo.includes('com débito automático por PIX'))).toBe(true);

    // The payer approves in the bank app (here the simulator): the charge is paid, the debit in force.
    const operador = await createTestUser(t.database, 'operador');
    await db().update(clientes).set({ operadorId: operador.id }).where(eq(clientes.id, id));
    const aprovado = await post(
      `/api/operador/clientes/${id}/negociacoes/${n?.id}/debito-automatico/simular`,
      { acao: 'aprovar' },
      bearer(await issueToken(t.database, operador.id)),
    );
    expect(aprovado.statusCode, aprovado.body).toBe(200);
    await filaOciosa(t.app);
    expect((await get(`/api/portal/pix/${pix.txid}`, s)).json().pix).toMatchObject({
      status: 'paga',
      autoriza_debito_automatico: false,
    });
    // The next instalment is the bank's to debit: no PIX to show, and nothing being made.
    expect((await get('/api/portal/acordo/pix', s)).json()).toEqual({
      gerando: false,
      debito_automatico: { status: 'ativo', pix_copia_e_cola: null },
    });
  });

  it('while the activation is pending says the PIX is being made; once it gave up, the instalment’s own code', async () => {
    const { s, id } = await entrar();
    expect((await post('/api/portal/acordo', { parcelas: 2, debito_automatico: true }, s)).statusCode).toBe(
      201,
    );
    await filaOciosa(t.app);
    const [rec] = await db().select().from(recorrenciasPix).where(eq(recorrenciasPix.clienteId, id));
    // As before the composite code was made, with the activation waiting in the queue.
    await db()
      .update(recorrenciasPix)
      .set({ pixCopiaECola: null })
      .where(eq(recorrenciasPix.id, rec?.id ?? -1));
    const job = await enfileirar(
      db(),
      ativarRecorrencia,
      { negociacao_id: rec?.negociacaoId ?? -1 },
      { apos: new Date(Date.now() + 86_400_000) },
    );
    expect(job).not.toBeNull();
    expect((await get('/api/portal/acordo/pix', s)).json()).toEqual({
      gerando: true,
      debito_automatico: { status: 'aguardando_aprovacao', pix_copia_e_cola: null },
    });
    await t.database.executarSql(`DELETE FROM ${ESQUEMA_FILA}.job WHERE id = $1`, [job]);
    const desistiu = (await get('/api/portal/acordo/pix', s)).json();
    expect(desistiu.gerando).toBe(false);
    expect(desistiu.pix).toMatchObject({ txid: rec?.txidJornada, autoriza_debito_automatico: false });
  });

  it('is refused for one instalment, when the admin turned it off, or when the portal’s interval is not 30 days', async () => {
    const avista = await entrar();
    const r1 = await post('/api/portal/acordo', { parcelas: 1, debito_automatico: true }, avista.s);
    expect(r1.statusCode).toBe(422);
    expect(r1.json()).toMatchObject({
      code: 'DADOS_INVALIDOS',
      errors: { debito_automatico: ['O débito automático vale para planos de 2 ou mais parcelas.'] },
    });
    await semAcordo(avista.id);
    try {
      for (const mudanca of [
        { debito_automatico: false },
        { portal: { ...PORTAL_POLITICA_PADRAO, intervalo_dias: 15 } },
      ]) {
        await configurar(db(), mudanca);
        const cliente = await entrar();
        const r = await post('/api/portal/acordo', { parcelas: 3, debito_automatico: true }, cliente.s);
        expect(r.statusCode, r.body).toBe(422);
        expect(r.json().errors.debito_automatico[0]).toBe(
          'O débito automático não está disponível agora. Escolha o plano sem o débito automático.',
        );
        await semAcordo(cliente.id);
        // Without it, the same plan is made as before.
        expect((await post('/api/portal/acordo', { parcelas: 3 }, cliente.s)).statusCode).toBe(201);
        await filaOciosa(t.app);
        expect(
          await db().select().from(recorrenciasPix).where(eq(recorrenciasPix.clienteId, cliente.id)),
        ).toEqual([]);
      }
    } finally {
      await configurar(db(), {});
    }
  });

  it('without it, the first PIX is the instalment’s own code and the answer names no automatic debit', async () => {
    const { s } = await entrar();
    expect((await post('/api/portal/acordo', { parcelas: 2 }, s)).statusCode).toBe(201);
    await filaOciosa(t.app);
    const { pix, debito_automatico } = (await get('/api/portal/acordo/pix', s)).json();
    expect(debito_automatico).toBeNull();
    expect(pix).toMatchObject({ status: 'ativa', autoriza_debito_automatico: false });
  });
});
