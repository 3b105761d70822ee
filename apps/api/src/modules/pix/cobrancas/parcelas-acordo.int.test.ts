import { type CobrancasPixResponse, sistemaSettings } from '@cobranca/contracts';
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
} from '../../../../test/build-test-app.ts';
import { efeitosConcluidos } from '../../../../test/fila.ts';
import {
  clientes,
  cobrancaPixContas,
  cobrancasPix,
  contasReceber,
  negociacoes,
} from '../../../db/schema/index.ts';
import { ErroDominio } from '../../../lib/errors.ts';
import { inserirCliente, inserirConta } from '../../clientes/clientes.test-fixtures.ts';
import type { ProvedorConfigurado } from '../configuracao/provedor-ativo.ts';
import { iniciarPspFalso, type PspFalso, provedorDoPspFalso } from '../psp/psp-falso.test-fixtures.ts';
import { emitirCobranca } from './emissao-cobranca.ts';
import { cobrarParcelasDeAcordo } from './parcelas-acordo.ts';

// Every agreement instalment carries its own PIX charge (docs/produto.md §21): one per instalment, made
// by the agreement's jobs once it commits, retried by the queue when the PSP could not take it.

let t: TestApp;
let ana: TestUser;
let token = '';
let psp: PspFalso;
const hoje = hojeNoFuso(new Date());

beforeAll(async () => {
  t = await buildTestApp();
  psp = await iniciarPspFalso();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  token = await issueToken(t.database, ana.id);
});
afterAll(async () => {
  await t.close();
  await psp.fechar();
});

const clienteComDivida = async (estrangeiro = false) => {
  const id = await inserirCliente(t.database.db, {
    nome: 'Paula Parcelada',
    status: 'em_atendimento',
    operadorId: ana.id,
  });
  if (estrangeiro)
    await t.database.db
      .update(clientes)
      .set({ documento: 'X1234567', documentoTipo: 'estrangeiro' })
      .where(eq(clientes.id, id));
  const contas = [
    await inserirConta(t.database.db, {
      clienteId: id,
      valorCentavos: 6_000,
      vencimento: somarDias(hoje, 20),
    }),
    await inserirConta(t.database.db, {
      clienteId: id,
      valorCentavos: 4_000,
      vencimento: somarDias(hoje, 25),
    }),
  ];
  return { id, contas };
};

const negociar = async (id: number, contas: number[]) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/operador/clientes/${id}/negociacoes`,
    headers: bearer(token),
    payload: {
      contas,
      desconto: 0,
      parcelas: 3,
      primeiro_vencimento: somarDias(hoje, 5),
      intervalo_dias: 30,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ negociacao: { id: number } }>().negociacao.id;
};

const parcelasDe = (negociacaoId: number) =>
  t.database.db
    .select()
    .from(contasReceber)
    .where(and(eq(contasReceber.negociacaoId, negociacaoId), eq(contasReceber.origem, 'acordo')))
    .orderBy(contasReceber.vencimento);

const cobrancasDeAcordo = (clienteId: number) =>
  t.database.db
    .select({ cobranca: cobrancasPix, contaId: cobrancaPixContas.contaId })
    .from(cobrancasPix)
    .innerJoin(cobrancaPixContas, eq(cobrancaPixContas.cobrancaId, cobrancasPix.id))
    .where(and(eq(cobrancasPix.clienteId, clienteId), eq(cobrancasPix.origem, 'acordo')))
    .orderBy(cobrancasPix.vencimento);

/** The charges are made after the answer: once that work is done, the workspace's list shows them. */
const esperarCobrancas = async (clienteId: number, quantas: number) => {
  await efeitosConcluidos(t.app);
  const lista = await t.app.inject({
    method: 'GET',
    url: `/api/operador/clientes/${clienteId}/cobrancas-pix`,
    headers: bearer(token),
  });
  const cobrancas = lista.json<CobrancasPixResponse>().cobrancas.filter((c) => c.origem === 'acordo');
  expect(cobrancas).toHaveLength(quantas);
  return cobrancas;
};

describe('agreement instalments and their PIX charges', () => {
  it('confirming an agreement gives each instalment its own cobv for its amount and due date, listed in due order', async () => {
    const { id, contas } = await clienteComDivida();
    const negociacaoId = await negociar(id, contas);
    const cobrancas = await esperarCobrancas(id, 3);
    const parcelas = await parcelasDe(negociacaoId);
    expect(parcelas).toHaveLength(3);
    expect(
      cobrancas.map((c) => ({
        tipo: c.tipo,
        valor: c.valor,
        vencimento: c.vencimento,
        contas: c.contas_ids,
      })),
    ).toEqual(
      parcelas.map((p) => ({
        tipo: 'cobv',
        valor: p.valorCentavos / 100,
        vencimento: p.vencimento,
        contas: [p.id],
      })),
    );
    expect(new Set(cobrancas.map((c) => c.txid)).size).toBe(3);
    // Nothing more on a second look: one charge per instalment.
    expect(await cobrarParcelasDeAcordo(t.database.db, t.app.appKey, { negociacaoId })).toEqual({
      criadas: 0,
      falhas: 0,
    });
  });

  it('with the PSP down the agreement stands and a later try charges the instalments once it is back', async () => {
    const { id, contas } = await clienteComDivida();
    const negociacaoId = await negociar(id, contas);
    // The route's own attempt ran on the simulator; here the same instalments meet a PSP that fails.
    await esperarCobrancas(id, 3);
    await t.database.db.delete(cobrancasPix).where(eq(cobrancasPix.clienteId, id));
    psp.falharProximas(50, 503);
    const pixDe = async () => provedorDoPspFalso(psp);
    expect(await cobrarParcelasDeAcordo(t.database.db, t.app.appKey, { negociacaoId, pixDe })).toEqual({
      criadas: 0,
      falhas: 3,
    });
    expect(await cobrancasDeAcordo(id)).toHaveLength(0);
    psp.falharProximas(0, 503);
    expect(await cobrarParcelasDeAcordo(t.database.db, t.app.appKey, { negociacaoId, pixDe })).toMatchObject({
      criadas: 3,
    });
    const criadas = await cobrancasDeAcordo(id);
    expect(criadas).toHaveLength(3);
    for (const { cobranca } of criadas) {
      const noPsp = psp.cobrancas.get(cobranca.txid);
      expect(noPsp?.tipo).toBe('cobv');
      expect(noPsp?.corpo).toMatchObject({
        devedor: { cpf: expect.stringMatching(/^\d{11}$/), nome: 'Paula Parcelada' },
        calendario: { dataDeVencimento: cobranca.vencimento },
      });
    }
    expect(await cobrarParcelasDeAcordo(t.database.db, t.app.appKey, { negociacaoId, pixDe })).toMatchObject({
      criadas: 0,
    });
  });

  it('a try that died after the PSP made the charges: the retry finds them, no second charge at the PSP', async () => {
    const { id, contas } = await clienteComDivida();
    const negociacaoId = await negociar(id, contas);
    await esperarCobrancas(id, 3);
    await t.database.db.delete(cobrancasPix).where(eq(cobrancasPix.clienteId, id));
    const antes = psp.cobrancas.size;
    // The PSP makes each charge, then the process "dies" before anything is stored.
    const morre = async (): Promise<ProvedorConfigurado> => {
      const pix = provedorDoPspFalso(psp);
      return {
        ...pix,
        provedor: {
          ...pix.provedor,
          criarCobranca: async (pedido) => {
            await pix.provedor.criarCobranca(pedido);
            throw new Error('processo morto antes do commit');
          },
        },
      };
    };
    await expect(
      cobrarParcelasDeAcordo(t.database.db, t.app.appKey, { negociacaoId, pixDe: morre }),
    ).rejects.toThrow('processo morto');
    expect(psp.cobrancas.size - antes).toBe(3);
    expect(await cobrancasDeAcordo(id)).toHaveLength(0);
    const pixDe = async () => provedorDoPspFalso(psp);
    expect(await cobrarParcelasDeAcordo(t.database.db, t.app.appKey, { negociacaoId, pixDe })).toEqual({
      criadas: 3,
      falhas: 0,
    });
    expect(psp.cobrancas.size - antes).toBe(3);
    for (const { cobranca } of await cobrancasDeAcordo(id))
      expect(psp.cobrancas.get(cobranca.txid)?.pixCopiaECola).toBe(cobranca.pixCopiaECola);
  });

  it('a retry whose debt changed meanwhile removes the charge the dead try left and makes one under a new txid', async () => {
    const pix = provedorDoPspFalso(psp);
    const settings = sistemaSettings.parse({});
    const devedor = { nome: 'Rita Retomada', documento: '52998224725', documentoTipo: 'cpf' };
    const conta = (valorCentavos: number) => ({
      id: 999_001,
      descricao: 'Parcela 1/2',
      valorCentavos,
      valorPagoCentavos: 0,
      vencimento: somarDias(hoje, 10),
      multaPendenteCentavos: 0,
      jurosPendentesCentavos: 0,
      encargosAte: null,
    });
    const primeira = await emitirCobranca(pix, settings, devedor, [conta(5_000)], new Date(), {
      para: 'teste:999001',
    });
    const mesma = await emitirCobranca(pix, settings, devedor, [conta(5_000)], new Date(), {
      para: 'teste:999001',
    });
    expect(mesma).toMatchObject({ txid: primeira.txid, pixCopiaECola: primeira.pixCopiaECola });
    const outra = await emitirCobranca(pix, settings, devedor, [conta(4_000)], new Date(), {
      para: 'teste:999001',
    });
    expect(outra.txid).not.toBe(primeira.txid);
    expect(psp.cobrancas.get(primeira.txid)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(psp.cobrancas.get(outra.txid)).toMatchObject({
      status: 'ATIVA',
      corpo: { valor: { original: '40.00' } },
    });
  });

  it('leaves alone paid instalments and agreements no longer active', async () => {
    const pago = await clienteComDivida();
    const pagoId = await negociar(pago.id, pago.contas);
    const quebrado = await clienteComDivida();
    const quebradoId = await negociar(quebrado.id, quebrado.contas);
    await esperarCobrancas(pago.id, 3);
    await esperarCobrancas(quebrado.id, 3);
    await t.database.db.delete(cobrancasPix).where(eq(cobrancasPix.clienteId, pago.id));
    await t.database.db.delete(cobrancasPix).where(eq(cobrancasPix.clienteId, quebrado.id));
    const [primeira] = await parcelasDe(pagoId);
    await t.database.db
      .update(contasReceber)
      .set({ status: 'paga', valorPagoCentavos: primeira?.valorCentavos ?? 0, pagoEm: hoje })
      .where(eq(contasReceber.id, primeira?.id ?? 0));
    await t.database.db.update(negociacoes).set({ status: 'quebrada' }).where(eq(negociacoes.id, quebradoId));
    expect(await cobrarParcelasDeAcordo(t.database.db, t.app.appKey, { negociacaoId: pagoId })).toEqual({
      criadas: 2,
      falhas: 0,
    });
    expect((await cobrancasDeAcordo(pago.id)).map((c) => c.contaId)).not.toContain(primeira?.id);
    expect(await cobrarParcelasDeAcordo(t.database.db, t.app.appKey, { negociacaoId: quebradoId })).toEqual({
      criadas: 0,
      falhas: 0,
    });
  });

  it('an instalment paid while its charge is being stored: no deadlock, the paid one gets no charge', async () => {
    for (let vez = 0; vez < 5; vez += 1) {
      const { id, contas } = await clienteComDivida();
      const negociacaoId = await negociar(id, contas);
      await esperarCobrancas(id, 3);
      await t.database.db.delete(cobrancasPix).where(eq(cobrancasPix.clienteId, id));
      const [primeira] = await parcelasDe(negociacaoId);
      // A payment locks the customer, then the receivable; storing a charge must take them in that order.
      const [pagamento] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/operador/clientes/${id}/pagamentos`,
          headers: bearer(token),
          payload: {
            conta_id: primeira?.id,
            valor: (primeira?.valorCentavos ?? 0) / 100,
            data: hoje,
            forma: 'dinheiro',
          },
        }),
        cobrarParcelasDeAcordo(t.database.db, t.app.appKey, { negociacaoId }),
      ]);
      expect(pagamento?.statusCode, pagamento?.body).toBe(201);
      const cobertas = (await cobrancasDeAcordo(id)).map((c) => c.contaId);
      const [paga] = await t.database.db
        .select({ status: contasReceber.status })
        .from(contasReceber)
        .where(eq(contasReceber.id, primeira?.id ?? 0));
      expect(paga?.status).toBe('paga');
      // Stored before the payment, the charge was then removed with it; stored after, never made.
      const ativas = await t.database.db
        .select({ id: cobrancasPix.id })
        .from(cobrancasPix)
        .innerJoin(cobrancaPixContas, eq(cobrancaPixContas.cobrancaId, cobrancasPix.id))
        .where(and(eq(cobrancaPixContas.contaId, primeira?.id ?? 0), eq(cobrancasPix.status, 'ativa')));
      expect(ativas).toHaveLength(0);
      expect(cobertas.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('a customer without CPF/CNPJ (a foreigner) gets a cob per instalment, and a provider not configured charges nothing', async () => {
    const { id, contas } = await clienteComDivida(true);
    await negociar(id, contas);
    const cobrancas = await esperarCobrancas(id, 3);
    expect(cobrancas.every((c) => c.tipo === 'cob')).toBe(true);
    const semConfig = await clienteComDivida();
    const negociacaoId = await negociar(semConfig.id, semConfig.contas);
    await esperarCobrancas(semConfig.id, 3);
    await t.database.db.delete(cobrancasPix).where(eq(cobrancasPix.clienteId, semConfig.id));
    const incompleto = async (): Promise<ProvedorConfigurado> => {
      throw new ErroDominio('PIX_NAO_CONFIGURADO', 'incompleto');
    };
    expect(
      await cobrarParcelasDeAcordo(t.database.db, t.app.appKey, { negociacaoId, pixDe: incompleto }),
    ).toEqual({ criadas: 0, falhas: 3 });
  });
});
