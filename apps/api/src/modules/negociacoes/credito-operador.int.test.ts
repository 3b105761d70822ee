import { readFile } from 'node:fs/promises';
import type { RecuperacaoOperadores } from '@cobranca/contracts';
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
} from '../../../test/build-test-app.ts';
import { efeitosConcluidos } from '../../../test/fila.ts';
import { cobrancaPixContas, cobrancasPix, contasReceber, pagamentos } from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { pagarCobrancaSimulada } from '../pix/liquidacao/simulacao-pix.service.ts';

// Recovery is credited to the customer's operator at payment time, whoever records the payment
// (docs/decisions/037-recibos.md): a PIX settled by the system included; "Sem operador" only for a
// customer without one; a later reassignment leaves past recovery where it was.

let t: TestApp;
let ana: TestUser;
let beto: TestUser;
let tokenAna: string;
let tokenAdmin: string;
const hoje = hojeNoFuso(new Date());

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  beto = await createTestUser(t.database, 'operador', { name: 'Beto Operador' });
  const admin = await createTestUser(t.database, 'admin');
  tokenAna = await issueToken(t.database, ana.id);
  tokenAdmin = await issueToken(t.database, admin.id);
});
afterAll(() => t.close());

const recuperacao = async () => {
  const r = await t.app.inject({
    method: 'GET',
    url: `/api/admin/dashboard/recuperacao-operadores?de=${hoje}&ate=${hoje}`,
    headers: bearer(tokenAdmin),
  });
  expect(r.statusCode, r.body).toBe(200);
  const corpo = r.json<RecuperacaoOperadores>();
  const de = (id: number) => corpo.operadores.find((o) => o.id === id)?.valor_cobrado;
  return { ana: de(ana.id), beto: de(beto.id), semOperador: corpo.sem_operador.valor_cobrado };
};

const reatribuir = async (clienteId: number, operadorId: number | null) => {
  const r = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/clientes/${clienteId}/operador`,
    headers: bearer(tokenAdmin),
    payload: { operador_id: operadorId },
  });
  expect(r.statusCode, r.body).toBe(200);
};

/** The txid of the agreement charge over the agreement's first instalment. */
const txidDaPrimeiraParcela = async (clienteId: number) => {
  const [linha] = await t.database.db
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
    .orderBy(asc(contasReceber.vencimento));
  if (!linha) throw new Error('parcela sem cobrança');
  return linha.txid;
};

describe('recovery per operator: the customer’s operator at payment time', () => {
  it('an agreement instalment paid by PIX counts for Ana, and stays hers after a reassignment', async () => {
    const id = await inserirCliente(t.database.db, {
      nome: 'Paula Pix',
      status: 'em_atendimento',
      operadorId: ana.id,
    });
    const conta = await inserirConta(t.database.db, {
      clienteId: id,
      valorCentavos: 30_000,
      vencimento: somarDias(hoje, 5),
    });
    const acordo = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${id}/negociacoes`,
      headers: bearer(tokenAna),
      payload: {
        contas: [conta],
        desconto: 0,
        parcelas: 3,
        primeiro_vencimento: somarDias(hoje, 5),
        intervalo_dias: 30,
      },
    });
    expect(acordo.statusCode, acordo.body).toBe(201);
    await efeitosConcluidos(t.app);
    const antes = await recuperacao();
    const paga = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${id}/cobrancas-pix/${await txidDaPrimeiraParcela(id)}/simular-pagamento`,
      headers: bearer(tokenAna),
      payload: {},
    });
    expect(paga.statusCode, paga.body).toBe(200);
    const depois = await recuperacao();
    expect(depois.ana).toBe((antes.ana ?? 0) + 100);
    expect(depois.semOperador).toBe(antes.semOperador);
    const [pagamento] = await t.database.db.select().from(pagamentos).where(eq(pagamentos.clienteId, id));
    expect(pagamento?.operadorId).toBe(ana.id);

    await reatribuir(id, beto.id);
    expect(await recuperacao()).toEqual(depois);
  });

  it('a PIX of a customer without an operator goes to "Sem operador"', async () => {
    const id = await inserirCliente(t.database.db, {
      nome: 'Sérgio Sem Dono',
      status: 'em_atendimento',
      operadorId: ana.id,
    });
    const conta = await inserirConta(t.database.db, {
      clienteId: id,
      valorCentavos: 4_000,
      vencimento: somarDias(hoje, 5),
    });
    const criada = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${id}/cobrancas-pix`,
      headers: bearer(tokenAna),
      payload: { conta_ids: [conta] },
    });
    expect(criada.statusCode, criada.body).toBe(201);
    await reatribuir(id, null);
    const antes = await recuperacao();
    await pagarCobrancaSimulada(t.database.db, t.app.appKey, criada.json<{ txid: string }>().txid, {
      usuarioId: null,
      ip: null,
    });
    const depois = await recuperacao();
    expect(depois.semOperador).toBe(antes.semOperador + 40);
    expect(depois.ana).toBe(antes.ana);
  });
});

describe('migration 0019 back-fills the payments that had no operator', () => {
  it('a PIX or admin payment gets the customer’s operator; one an operator recorded, or of a customer without one, stays', async () => {
    const db = t.database.db;
    const deAna = await inserirCliente(db, {
      nome: 'Antiga Pix',
      status: 'em_atendimento',
      operadorId: ana.id,
    });
    const semDono = await inserirCliente(db, { nome: 'Antiga Sem Dono', status: 'ativo' });
    const pagamento = async (clienteId: number, operadorId: number | null) => {
      const contaId = await inserirConta(db, { clienteId, valorCentavos: 1_000, vencimento: hoje });
      const [row] = await db
        .insert(pagamentos)
        .values({
          clienteId,
          contaId,
          operadorId,
          valorCentavos: 500,
          principalCentavos: 500,
          data: hoje,
          forma: 'pix',
        })
        .returning({ id: pagamentos.id });
      return row?.id ?? 0;
    };
    const pix = await pagamento(deAna, null);
    const deBeto = await pagamento(deAna, beto.id);
    const orfao = await pagamento(semDono, null);
    const migracao = await readFile(
      new URL('../../db/migrations/0019_pagamentos_operador_do_cliente.sql', import.meta.url),
      'utf8',
    );
    await t.database.executarSql(migracao, []);
    const operadorDe = async (id: number) =>
      (await db.select().from(pagamentos).where(eq(pagamentos.id, id)))[0]?.operadorId;
    expect(await operadorDe(pix)).toBe(ana.id);
    expect(await operadorDe(deBeto)).toBe(beto.id);
    expect(await operadorDe(orfao)).toBeNull();
  });
});
