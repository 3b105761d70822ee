import type { CobrancaPixView, MensagemView } from '@cobranca/contracts';
import { formatarDataBr, hojeNoFuso, somarDias } from '@cobranca/dominio';
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
import { efeitosConcluidos } from '../../../../test/fila.ts';
import { clientes, cobrancaPixContas, cobrancasPix, contasReceber } from '../../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../../clientes/clientes.test-fixtures.ts';
import { registrarPixConfirmado } from '../../pix/liquidacao/liquidacao.service.ts';

// Every payment tells the customer (docs/produto.md §9, docs/decisions/037-recibos.md): one receipt per
// payment with what it paid, what is left and the next due date; the last one thanks for the total paid
// over the debt; never two for one payment; none for a customer who opted out.

let t: TestApp;
let ana: TestUser;
let token: string;
const hoje = hojeNoFuso(new Date());

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  token = await issueToken(t.database, ana.id);
});
afterAll(() => t.close());

const post = (id: number, rota: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/operador/clientes/${id}/${rota}`,
    headers: bearer(token),
    payload,
  });

const recibos = async (id: number) => {
  await efeitosConcluidos(t.app);
  const r = await t.app.inject({
    method: 'GET',
    url: `/api/operador/clientes/${id}/mensagens`,
    headers: bearer(token),
  });
  return r
    .json<MensagemView[]>()
    .filter((m) => m.origem === 'sistema' && m.conteudo.includes('Recebemos o seu pagamento'))
    .map((m) => m.conteudo);
};

const novoCliente = (nome: string) =>
  inserirCliente(t.database.db, { nome, status: 'em_atendimento', operadorId: ana.id });

/** The active agreement charges, earliest instalment first. */
const txidsDasParcelas = async (clienteId: number) =>
  (
    await t.database.db
      .select({ txid: cobrancasPix.txid })
      .from(cobrancasPix)
      .innerJoin(cobrancaPixContas, eq(cobrancaPixContas.cobrancaId, cobrancasPix.id))
      .innerJoin(contasReceber, eq(contasReceber.id, cobrancaPixContas.contaId))
      .where(
        and(
          eq(contasReceber.clienteId, clienteId),
          eq(cobrancasPix.origem, 'acordo'),
          eq(cobrancasPix.status, 'ativa'),
        ),
      )
      .orderBy(asc(contasReceber.vencimento))
  ).map((l) => l.txid);

describe('a receipt for every payment', () => {
  it('each instalment paid by PIX sends one; the last one states the total paid', async () => {
    const id = await novoCliente('Paula Parcelas');
    const conta = await inserirConta(t.database.db, {
      clienteId: id,
      valorCentavos: 100_000,
      vencimento: somarDias(hoje, 5),
    });
    const primeiro = somarDias(hoje, 5);
    const acordo = await post(id, 'negociacoes', {
      contas: [conta],
      desconto: 0,
      parcelas: 3,
      primeiro_vencimento: primeiro,
      intervalo_dias: 30,
    });
    expect(acordo.statusCode, acordo.body).toBe(201);
    await efeitosConcluidos(t.app);
    const pagarProxima = async () => {
      const [txid] = await txidsDasParcelas(id);
      const paga = await post(id, `cobrancas-pix/${txid}/simular-pagamento`, {});
      expect(paga.statusCode, paga.body).toBe(200);
    };

    await pagarProxima();
    const [primeiroRecibo] = await recibos(id);
    expect(primeiroRecibo).toContain(
      `Recebemos o seu pagamento de R$ 333,34 (PIX) em ${formatarDataBr(hoje)}.`,
    );
    expect(primeiroRecibo).toMatch(/parcela 1\/3: R\$ 333,34, quitada/);
    expect(primeiroRecibo).toContain(
      `Ainda em aberto: R$ 666,66 em 2 contas. O próximo vencimento é ${formatarDataBr(somarDias(primeiro, 30))}, de R$ 333,33.`,
    );

    await pagarProxima();
    expect((await recibos(id))[1]).toContain('Ainda em aberto: R$ 333,33 em 1 conta.');

    await pagarProxima();
    const todos = await recibos(id);
    expect(todos).toHaveLength(3);
    expect(todos[2]).toContain('Recebemos o seu pagamento de R$ 1.000,00. Muito obrigado!');
    expect(todos[2]).toContain(`Este último pagamento: R$ 333,33 (PIX) em ${formatarDataBr(hoje)}.`);
  });

  it('a PIX delivered twice records one payment and sends one receipt', async () => {
    const id = await novoCliente('Rui Repetido');
    const conta = await inserirConta(t.database.db, {
      clienteId: id,
      valorCentavos: 7_000,
      vencimento: somarDias(hoje, 3),
    });
    await inserirConta(t.database.db, {
      clienteId: id,
      valorCentavos: 2_000,
      vencimento: somarDias(hoje, 9),
    });
    const criada = await post(id, 'cobrancas-pix', { conta_ids: [conta] });
    expect(criada.statusCode, criada.body).toBe(201);
    const pix = {
      endToEndId: 'E12345678202611281200REPETIDO01',
      txid: criada.json<CobrancaPixView>().txid,
      valorCentavos: 7_000,
      horario: new Date(),
      pagador: { nome: 'Rui Repetido', documento: null },
    };
    expect((await registrarPixConfirmado(t.database.db, t.app.appKey, pix, 'webhook')).situacao).toBe(
      'conciliado',
    );
    expect((await registrarPixConfirmado(t.database.db, t.app.appKey, pix, 'webhook')).situacao).toBe(
      'repetido',
    );
    const enviados = await recibos(id);
    expect(enviados).toHaveLength(1);
    expect(enviados[0]).toContain('Ainda em aberto: R$ 20,00 em 1 conta.');
  });

  it('a partial manual payment sends its receipt; an opted-out customer gets none', async () => {
    const id = await novoCliente('Pedro Parcial');
    const conta = await inserirConta(t.database.db, {
      clienteId: id,
      valorCentavos: 10_000,
      vencimento: somarDias(hoje, 3),
    });
    const pago = await post(id, 'pagamentos', { conta_id: conta, valor: 40, data: hoje, forma: 'dinheiro' });
    expect(pago.statusCode, pago.body).toBe(201);
    const [recibo] = await recibos(id);
    expect(recibo).toContain('R$ 40,00 (Dinheiro)');
    expect(recibo).toMatch(/: R\$ 40,00, pagamento parcial/);
    expect(recibo).toContain('Ainda em aberto: R$ 60,00 em 1 conta.');

    await t.database.db.update(clientes).set({ optOutEm: new Date() }).where(eq(clientes.id, id));
    const resto = await post(id, 'pagamentos', { conta_id: conta, valor: 60, data: hoje, forma: 'pix' });
    expect(resto.statusCode, resto.body).toBe(201);
    expect(await recibos(id)).toHaveLength(1);
  });
});
