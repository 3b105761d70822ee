import { hojeNoFuso, somarDias, vencimentoMaisAntigoCobravel } from '@cobranca/dominio';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { auditLogs, clientes, contasReceber } from '../../db/schema/index.ts';
import { agendamentos } from '../../fila/tarefas.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { prescreverContas } from './jobs/prescrever.job.ts';
import { prescreverVencidas } from './prescricao.service.ts';

// Receivables turn prescrita by themselves when they cross five years past due (issue 31, point 7).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const agora = new Date();
const limite = vencimentoMaisAntigoCobravel(hojeNoFuso(agora));
const statusDe = async (ids: number[]) =>
  (await t.database.db.select().from(contasReceber).where(inArray(contasReceber.id, ids)))
    .sort((a, b) => a.id - b.id)
    .map((c) => c.status);
const clienteStatus = async (id: number) =>
  (await t.database.db.select().from(clientes).where(eq(clientes.id, id)))[0]?.status;

describe('prescreverVencidas', () => {
  it('turns prescrita what is due before the earliest collectable date, once, and audits it', async () => {
    const so = await inserirCliente(t.database.db, { nome: 'Só Prescrita' });
    const misto = await inserirCliente(t.database.db, { nome: 'Com Conta Viva' });
    const conversa = await inserirCliente(t.database.db, { nome: 'Em Conversa', status: 'em_atendimento' });
    const antiga = await inserirConta(t.database.db, {
      clienteId: so,
      valorCentavos: 34_728,
      vencimento: somarDias(limite, -1),
    });
    const noLimite = await inserirConta(t.database.db, {
      clienteId: misto,
      valorCentavos: 100,
      vencimento: limite,
    });
    const doMisto = await inserirConta(t.database.db, {
      clienteId: misto,
      valorCentavos: 100,
      vencimento: '2019-01-02',
    });
    const daConversa = await inserirConta(t.database.db, {
      clienteId: conversa,
      valorCentavos: 100,
      vencimento: '2018-03-01',
    });
    const paga = await inserirConta(t.database.db, {
      clienteId: so,
      valorCentavos: 100,
      vencimento: '2017-01-02',
      status: 'paga',
      valorPagoCentavos: 100,
    });

    expect(await prescreverVencidas(t.database.db, agora)).toEqual({ contas: 3, clientesConcluidos: 1 });
    expect(await statusDe([antiga, noLimite, doMisto, daConversa, paga])).toEqual([
      'prescrita',
      'aberta',
      'prescrita',
      'prescrita',
      'paga',
    ]);
    // Nothing left to collect: out of the Ativos queue; a customer in conversation stays with the operator.
    expect(await clienteStatus(so)).toBe('concluido');
    expect(await clienteStatus(misto)).toBe('ativo');
    expect(await clienteStatus(conversa)).toBe('em_atendimento');
    const [auditoria] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.acao, 'contas.prescritas'));
    expect(auditoria?.detalhes).toMatchObject({
      vencidas_antes_de: limite,
      contas_ids: [antiga, doMisto, daConversa],
      clientes_concluidos: [so],
    });

    // Idempotent: the same day again changes and audits nothing.
    expect(await prescreverVencidas(t.database.db, agora)).toEqual({ contas: 0, clientesConcluidos: 0 });
    expect(
      await t.database.db.select().from(auditLogs).where(eq(auditLogs.acao, 'contas.prescritas')),
    ).toHaveLength(1);
  });

  it('is a scheduled job of the queue, at every start and each hour', () => {
    expect(agendamentos({ pixConciliacaoSegundos: 600 })).toContainEqual({
      tarefa: prescreverContas,
      periodoSegundos: 3600,
    });
  });
});
