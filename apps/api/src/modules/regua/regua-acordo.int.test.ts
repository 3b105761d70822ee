import { hojeNoFuso, somarDias } from '@cobranca/dominio';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
  cobrancaPixContas,
  cobrancasPix,
  contasReceber,
  mensagens,
  reguaEnvios,
} from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { executarPassada } from './motor.ts';
import { configurar, em, JANELA_SEMPRE, mensagensRegua, montarMotor } from './regua.test-fixtures.ts';

// An agreement's instalments are collected with the agreement's own charges (docs/produto.md §11, §21):
// the day its terms go the régua sends nothing more to the customer, and a later régua message about an
// instalment carries the code the terms carried, which stays payable.

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
beforeEach(() => configurar(t.database.db, { janela_envio: JANELA_SEMPRE }));

/** A customer in the régua with a debt 20 days overdue, and an agreement over it in 3 instalments. */
const clienteComAcordo = async (primeiroVencimento: string) => {
  const { db } = t.database;
  const id = await inserirCliente(db, { nome: 'Paula Acordo', operadorId: ana.id });
  const divida = await inserirConta(db, {
    clienteId: id,
    valorCentavos: 90_000,
    vencimento: somarDias(hoje, -20),
  });
  const resposta = await t.app.inject({
    method: 'POST',
    url: `/api/operador/clientes/${id}/negociacoes`,
    headers: bearer(token),
    payload: {
      contas: [divida],
      desconto: 0,
      parcelas: 3,
      primeiro_vencimento: primeiroVencimento,
      intervalo_dias: 30,
    },
  });
  expect(resposta.statusCode, resposta.body).toBe(201);
  await efeitosConcluidos(t.app);
  const parcelas = await db
    .select()
    .from(contasReceber)
    .where(and(eq(contasReceber.clienteId, id), eq(contasReceber.origem, 'acordo')))
    .orderBy(asc(contasReceber.vencimento));
  return { id, divida, parcelas };
};

const cobrancasDa = (contaId: number) =>
  t.database.db
    .select({ txid: cobrancasPix.txid, status: cobrancasPix.status, codigo: cobrancasPix.pixCopiaECola })
    .from(cobrancasPix)
    .innerJoin(cobrancaPixContas, eq(cobrancaPixContas.cobrancaId, cobrancasPix.id))
    .where(eq(cobrancaPixContas.contaId, contaId))
    .orderBy(asc(cobrancasPix.id));

const termosDe = async (clienteId: number) =>
  (await t.database.db.select().from(mensagens).where(eq(mensagens.clienteId, clienteId))).filter(
    (m) => m.templateTipo === 'negociacao',
  );

describe('the régua beside an agreement', () => {
  it('sends no collection message the day the terms go, even for an instalment due that day', async () => {
    const { id, parcelas } = await clienteComAcordo(hoje);
    const [termos] = await termosDe(id);
    expect(termos?.enviadaEm).toEqual(expect.any(Date));
    const [a] = await cobrancasDa(parcelas[0]?.id ?? 0);
    expect(termos?.conteudo).toContain(a?.codigo);

    const { deps } = montarMotor(t.database.db, new Date());
    await executarPassada(deps);
    expect(await mensagensRegua(t.database.db, id)).toEqual([]);
    expect(await cobrancasDa(parcelas[0]?.id ?? 0)).toEqual([{ ...a, status: 'ativa' }]);
  });

  it('a régua message about an instalment carries the instalment’s own live charge, not a new one', async () => {
    const vencimento = somarDias(hoje, 3);
    const { id, parcelas } = await clienteComAcordo(vencimento);
    const primeira = parcelas[0]?.id ?? 0;
    const [a] = await cobrancasDa(primeira);
    expect(a?.status).toBe('ativa');

    const { deps } = montarMotor(t.database.db, em(vencimento, '10:00'));
    await executarPassada(deps);
    const [m] = await mensagensRegua(t.database.db, id);
    expect(m).toMatchObject({ templateTipo: 'vencimento', pixTxid: a?.txid, enviadaEm: expect.any(Date) });
    expect(m?.conteudo).toContain(a?.codigo);
    expect(await cobrancasDa(primeira)).toEqual([{ ...a, status: 'ativa' }]);
  });

  it('withdraws a régua message planned before the terms went, about a debt left out of the agreement', async () => {
    const { db } = t.database;
    const id = await inserirCliente(db, { nome: 'Rui Dois Débitos', operadorId: ana.id });
    const fora = await inserirConta(db, {
      clienteId: id,
      valorCentavos: 5_000,
      vencimento: somarDias(hoje, -7),
    });
    const [planejada] = await db
      .insert(mensagens)
      .values({
        clienteId: id,
        telefone: '+5511987650001',
        direcao: 'saida',
        origem: 'regua',
        status: 'pendente',
        conteudo: 'Seu débito de R$ 50,00 está em atraso.',
        canal: 'whatsapp',
        provedor: 'simulador',
        templateTipo: 'atraso',
      })
      .returning({ id: mensagens.id });
    await db.insert(reguaEnvios).values({
      contaId: fora,
      etapaDias: 7,
      mensagemId: planejada?.id,
      status: 'planejado',
      dataReferencia: hoje,
    });
    const divida = await inserirConta(db, {
      clienteId: id,
      valorCentavos: 90_000,
      vencimento: somarDias(hoje, -20),
    });
    const resposta = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${id}/negociacoes`,
      headers: bearer(token),
      payload: {
        contas: [divida],
        desconto: 0,
        parcelas: 2,
        primeiro_vencimento: somarDias(hoje, 5),
        intervalo_dias: 30,
      },
    });
    expect(resposta.statusCode, resposta.body).toBe(201);
    await efeitosConcluidos(t.app);

    const { deps, chamadas } = montarMotor(db, new Date());
    await executarPassada(deps, undefined, { planejar: false, enviar: true });
    const [depois] = await db
      .select()
      .from(mensagens)
      .where(eq(mensagens.id, planejada?.id ?? 0));
    expect(depois).toMatchObject({
      status: 'cancelada',
      erroMensagem: 'O cliente recebeu hoje os termos de um acordo; a régua volta a partir de amanhã.',
    });
    expect(chamadas.get(planejada?.id ?? 0)).toBeUndefined();
  });
});
