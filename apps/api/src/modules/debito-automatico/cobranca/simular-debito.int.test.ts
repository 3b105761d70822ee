import type { ClienteDetalhe } from '@cobranca/contracts';
import { hojeNoFuso } from '@cobranca/dominio';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../../test/build-test-app.ts';
import { filaOciosa } from '../../../../test/fila.ts';
import { cobrancasPix, debitoEventos } from '../../../db/schema/index.ts';
import {
  type AcordoSimulado,
  acordoComDebitoSimulado,
  parcelasDoAcordo,
  simularDebito,
} from './debito-simulado.test-fixtures.ts';

// The payer's side of PIX Automático on the embedded simulator (docs/pix-automatico.md §6): the whole
// path can be tried in the demo without a PSP.

let t: TestApp;
let ana: TestUser;
let token: string;
const _hoje = hojeNoFuso(new Date());
const db = () => t.database.db;

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador');
  token = await issueToken(t.database, ana.id);
});
afterAll(() => t.close());

const acordo = () => acordoComDebitoSimulado(t, token, ana.id, 'Pedro Simulado');

const simular = (a: AcordoSimulado, acao: string, quem = token) => simularDebito(t, quem, a, acao);

const debitoDe = (r: { json: <T>() => T }, negociacaoId: number) =>
  r.json<{ cliente: ClienteDetalhe }>().cliente.negociacoes.find((n) => n.id === negociacaoId)
    ?.debito_automatico;

const parcelas = (negociacaoId: number) => parcelasDoAcordo(t, negociacaoId);

describe('automatic debit on the simulator', () => {
  it('approve pays the first instalment; debitar pays the next; recusar_debito retries, then an ordinary PIX', async () => {
    const a = await acordo();
    expect((await simular(a, 'debitar')).json()).toMatchObject({ code: 'DEBITO_AUTOMATICO_INATIVO' });
    const aprovado = await simular(a, 'aprovar');
    expect(aprovado.statusCode, aprovado.body).toBe(200);
    expect(debitoDe(aprovado, a.negociacaoId)?.status).toBe('ativo');
    await filaOciosa(t.app);
    const pago = await simular(a, 'debitar');
    expect(pago.statusCode, pago.body).toBe(200);
    expect((await parcelas(a.negociacaoId)).map((p) => p.status)).toEqual(['paga', 'paga', 'aberta']);
    for (let i = 0; i < 4; i += 1) expect((await simular(a, 'recusar_debito')).statusCode).toBe(200);
    const terceira = (await parcelas(a.negociacaoId))[2];
    const daTerceira = await db()
      .select({ tipo: cobrancasPix.tipo, status: cobrancasPix.status })
      .from(cobrancasPix)
      .where(
        and(eq(cobrancasPix.clienteId, a.clienteId), eq(cobrancasPix.vencimento, terceira?.vencimento ?? '')),
      );
    expect(daTerceira).toContainEqual({ tipo: 'cobr', status: 'removida' });
    const eventos = (
      await db().select().from(debitoEventos).where(eq(debitoEventos.clienteId, a.clienteId))
    ).map((e) => e.evento);
    expect(eventos.filter((e) => e === 'retentativa')).toHaveLength(3);
    expect(eventos.at(-1)).toBe('pix_avulso');
    expect(
      (await db().select().from(cobrancasPix).where(eq(cobrancasPix.clienteId, a.clienteId))).filter(
        (c) => c.status === 'ativa' && c.tipo !== 'cobr',
      ),
    ).toHaveLength(1);
  });

  it("the payer's refusal goes back to ordinary collection; another operator gets a 404", async () => {
    const a = await acordo();
    const outro = await issueToken(t.database, (await createTestUser(t.database, 'operador')).id);
    expect((await simular(a, 'recusar', outro)).statusCode).toBe(404);
    const recusado = await simular(a, 'recusar');
    expect(debitoDe(recusado, a.negociacaoId)?.status).toBe('recusado');
    await filaOciosa(t.app);
    const abertas = await db().select().from(cobrancasPix).where(eq(cobrancasPix.clienteId, a.clienteId));
    // The first instalment's charge, then ordinary charges for instalments 2 and 3.
    expect(abertas.filter((c) => c.status === 'ativa')).toHaveLength(3);
    expect((await simular(a, 'aprovar')).json()).toMatchObject({ code: 'DEBITO_AUTOMATICO_INATIVO' });
  });
});
