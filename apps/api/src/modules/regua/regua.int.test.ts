import { sistemaSettings } from '@cobranca/contracts';
import { somarDias } from '@cobranca/dominio';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import {
  auditLogs,
  clientes,
  contasReceber,
  mensagens,
  promessas,
  reguaExecucoes,
} from '../../db/schema/index.ts';
import { soWhatsapp } from '../canais/canal.ts';
import { criarSimulador } from '../canais/simulador.ts';
import { inserirCliente, inserirConta, inserirMensagem } from '../clientes/clientes.test-fixtures.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { reivindicar } from './enviador.ts';
import { MARCADOR_PIX } from './mensagem-regua.ts';
import { executarPassada } from './motor.ts';
import { carregarTemplates, planejarRegua } from './planejador.ts';
import {
  configurar,
  definirKillSwitch,
  em,
  enviosDaConta,
  JANELA_SEMPRE,
  mensagensRegua,
  montarMotor,
  resumoEnvios,
} from './regua.test-fixtures.ts';

let database: Database;

beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(() => database.close());

const HORAS = ['03:00', '09:00', '15:00', '21:00'];

describe('a simulated month with a fake clock', () => {
  it('fires each step on its day and hour, exactly once, moving around weekends and holidays', async () => {
    const { db } = database;
    // Enough attempts that the "com falhas" stop does not cut the month short (tested on its own below).
    await configurar(db, { tentativas_com_falhas: 10 });
    const a = await inserirCliente(db, { nome: 'Ana' });
    const contaA = await inserirConta(db, { clienteId: a, valorCentavos: 15_000, vencimento: '2026-12-15' });
    const b = await inserirCliente(db, { nome: 'Bruno' });
    await inserirConta(db, { clienteId: b, valorCentavos: 9_990, vencimento: '2026-12-25' }); // Christmas
    const c = await inserirCliente(db, { nome: 'Carla' });
    const contaC = await inserirConta(db, { clienteId: c, valorCentavos: 5_000, vencimento: '2026-11-20' });

    const { deps, relogio, chamadas } = montarMotor(db, em('2026-12-01', '03:00'));
    for (let dia = '2026-12-01'; dia <= '2027-01-10'; dia = somarDias(dia, 1)) {
      for (const hora of HORAS) {
        relogio.definir(em(dia, hora));
        await executarPassada(deps);
      }
    }

    expect(resumoEnvios(await mensagensRegua(db, a))).toEqual([
      'lembrete 2026-12-12 09:00', // −3 falls on a Saturday: inside Saturday's 08:00–14:00
      'vencimento 2026-12-15 09:00',
      'atraso 2026-12-18 09:00',
      'atraso 2026-12-22 09:00',
      'atraso 2026-12-30 09:00',
    ]);
    expect(resumoEnvios(await mensagensRegua(db, b))).toEqual([
      'lembrete 2026-12-22 09:00',
      'vencimento 2026-12-26 09:00', // due on Christmas: the due-day step moves to the next sending day
      'atraso 2026-12-28 09:00',
      'atraso 2027-01-02 09:00', // +7 on New Year's Day moves to Saturday
      'atraso 2027-01-09 09:00',
    ]);
    // Engine "off" until 01/12: catch-up sends only the most advanced step due, the rest are skipped.
    expect(resumoEnvios(await mensagensRegua(db, c))).toEqual([
      'atraso 2026-12-01 09:00',
      'atraso 2026-12-05 09:00',
    ]);
    expect((await enviosDaConta(db, contaC)).map((e) => [e.etapaDias, e.status])).toEqual([
      [-3, 'pulado'],
      [0, 'pulado'],
      [3, 'pulado'],
      [7, 'enviado'],
      [15, 'enviado'],
    ]);
    expect((await enviosDaConta(db, contaA)).every((e) => e.status === 'enviado')).toBe(true);
    expect([...chamadas.values()].every((n) => n === 1)).toBe(true);
    expect(chamadas.size).toBe(12);
    const [cliente] = await db.select().from(clientes).where(eq(clientes.id, a));
    expect(cliente?.numeroChamadas).toBe(5);
    // Every pass is recorded; a fortnight of history is kept.
    const execucoes = await db.select({ em: reguaExecucoes.iniciadaEm }).from(reguaExecucoes);
    expect(execucoes.length).toBeGreaterThan(50);
    expect(execucoes.every((e) => e.em >= em('2026-12-27', '00:00'))).toBe(true);
  });

  it('stops after three unanswered messages (com falhas) with the default settings', async () => {
    const { db } = database;
    const a = await inserirCliente(db, { nome: 'Ana' });
    await inserirConta(db, { clienteId: a, valorCentavos: 15_000, vencimento: '2026-12-15' });
    const { deps, relogio } = montarMotor(db, em('2026-12-01', '09:00'));
    for (let dia = '2026-12-01'; dia <= '2027-01-05'; dia = somarDias(dia, 1)) {
      relogio.definir(em(dia, '09:00'));
      await executarPassada(deps);
    }
    expect(resumoEnvios(await mensagensRegua(db, a))).toHaveLength(3);
    const [cliente] = await db.select().from(clientes).where(eq(clientes.id, a));
    expect(cliente?.numeroChamadas).toBe(3);
  });
});

describe('planning', () => {
  const contexto = async (hoje: string) => ({
    settings: await buscarSistemaSettings(database.db),
    hoje,
    canais: soWhatsapp(criarSimulador()),
    templates: await carregarTemplates(database.db),
  });

  it('consolidates a customer’s receivables into one message for the updated total, its PIX block to come', async () => {
    const { db } = database;
    const a = await inserirCliente(db, { nome: 'Ana' });
    await inserirConta(db, { clienteId: a, valorCentavos: 10_001, vencimento: '2026-12-15' });
    await inserirConta(db, { clienteId: a, valorCentavos: 20_002, vencimento: '2026-12-12' });
    expect(await planejarRegua(db, await contexto('2026-12-15'))).toEqual({
      planejadas: 1,
      puladas: 3,
      adiadas: 0,
    });
    const [m] = await mensagensRegua(db, a);
    // Updated amounts: 100,01 due today; 200,02 due Saturday 12/12, so Monday 14/12, one day late:
    // multa 2 % = 4,00 and juros 1 % a month for a day = 0,07 → 204,09. Total 304,10.
    expect(m).toMatchObject({ status: 'pendente', templateTipo: 'atraso', valorCentavos: 30_410 });
    expect(m?.conteudo).toContain('R$ 304,10');
    // The charge is created when the message goes (regua-pix.int.test.ts).
    expect(m?.conteudo).toContain(MARCADOR_PIX);
    expect(m?.pixTxid).toBeNull();
  });

  it('never plans the same thing twice, whether run again or by two planners at once', async () => {
    const { db } = database;
    for (let i = 0; i < 5; i += 1) {
      const id = await inserirCliente(db, { nome: `Cliente ${i}` });
      await inserirConta(db, { clienteId: id, valorCentavos: 1_000 + i, vencimento: '2026-12-15' });
    }
    const ctx = await contexto('2026-12-15');
    const [um, outro] = await Promise.all([planejarRegua(db, ctx), planejarRegua(db, ctx)]);
    expect((um?.planejadas ?? 0) + (outro?.planejadas ?? 0)).toBe(5);
    expect(await planejarRegua(db, ctx)).toEqual({ planejadas: 0, puladas: 0, adiadas: 0 });
    expect(await mensagensRegua(db)).toHaveLength(5);
  });

  it('stores when to look at each receivable again, and looks sooner when its plan may change', async () => {
    const { db } = database;
    const proxima = async (id: number) =>
      (await db.select().from(contasReceber).where(eq(contasReceber.id, id)))[0]?.reguaProximaEm;
    const id = await inserirCliente(db, { nome: 'Vera' });
    // Due Friday 2026-12-18: −3 → Tue 12-15, 0 → Fri 12-18, +3 → Mon 12-21, +15 → Sat 01-02.
    const futura = await inserirConta(db, { clienteId: id, valorCentavos: 5_000, vencimento: '2026-12-18' });
    const vencida = await inserirConta(db, { clienteId: id, valorCentavos: 7_000, vencimento: '2026-11-02' });
    // Due Friday 2027-03-19, months ahead: its lembrete (−3) is Tue 03-16.
    const distante = await inserirConta(db, {
      clienteId: id,
      valorCentavos: 9_000,
      vencimento: '2027-03-19',
    });
    expect(await proxima(futura)).toBe('-infinity');
    await planejarRegua(db, await contexto('2026-12-15'));
    // The lembrete went today: next is the due-day step. The old one got its last step (+15): never again.
    expect(await proxima(futura)).toBe('2026-12-18');
    expect(await proxima(vencida)).toBe('infinity');
    // However far ahead, read once and dated: no pass reads it again before its first step.
    expect(await proxima(distante)).toBe('2027-03-16');
    // Until that day a pass has nothing to read for it.
    await db.delete(mensagens).where(eq(mensagens.clienteId, id));
    expect(await planejarRegua(db, await contexto('2026-12-17'))).toEqual({
      planejadas: 0,
      puladas: 0,
      adiadas: 0,
    });

    // A withdrawn step (a cancelled message deletes its records), a new due date, a new régua: look now.
    await db.execute(sql`DELETE FROM regua_envios WHERE conta_id = ${futura}`);
    expect(await proxima(futura)).toBe('-infinity');
    await planejarRegua(db, await contexto('2026-12-15'));
    expect(await proxima(futura)).toBe('2026-12-18');
    await db.update(contasReceber).set({ vencimento: '2026-12-28' }).where(eq(contasReceber.id, futura));
    expect(await proxima(futura)).toBe('-infinity');
    await db.update(contasReceber).set({ reguaProximaEm: 'infinity' }).where(eq(contasReceber.id, vencida));
    await configurar(db, {
      regua: [...(await buscarSistemaSettings(db)).regua, { dias: 30, tipo: 'atraso', canais: ['whatsapp'] }],
    });
    expect(await proxima(vencida)).toBe('-infinity');
  });

  it('leaves out opted-out, snoozed, paused, com falhas and phoneless customers', async () => {
    const { db } = database;
    const ids = {
      optOut: await inserirCliente(db, { nome: 'Opt-out' }),
      soneca: await inserirCliente(db, { nome: 'Soneca' }),
      pausado: await inserirCliente(db, { nome: 'Pausado', status: 'pausado' }),
      falhas: await inserirCliente(db, { nome: 'Falhas', numeroChamadas: 3 }),
      ok: await inserirCliente(db, { nome: 'Ok' }),
    };
    for (const id of Object.values(ids))
      await inserirConta(db, { clienteId: id, valorCentavos: 5_000, vencimento: '2026-12-15' });
    await db
      .update(clientes)
      .set({ optOutEm: new Date(), optOutMensagem: 'SAIR' })
      .where(eq(clientes.id, ids.optOut));
    await db.update(clientes).set({ sonecaAte: '2026-12-15' }).where(eq(clientes.id, ids.soneca));
    expect((await planejarRegua(db, await contexto('2026-12-15')))?.planejadas).toBe(1);
    expect((await mensagensRegua(db)).map((m) => m.clienteId)).toEqual([ids.ok]);
    // The day after the promised date the snoozed customer is back in collection.
    expect((await planejarRegua(db, await contexto('2026-12-16')))?.planejadas).toBe(1);
  });

  it('defers a customer who already got the day’s automatic message (contact cap)', async () => {
    const { db } = database;
    const a = await inserirCliente(db, { nome: 'Ana' });
    await inserirConta(db, { clienteId: a, valorCentavos: 5_000, vencimento: '2026-12-15' });
    await inserirMensagem(db, { clienteId: a, direcao: 'saida', createdAt: em('2026-12-15', '08:30') });
    expect(await planejarRegua(db, await contexto('2026-12-15'))).toEqual({
      planejadas: 0,
      puladas: 0,
      adiadas: 1,
    });
  });
});

describe('time zone of the sending window', () => {
  const vencendoHoje = async (vencimento: string) => {
    const { db } = database;
    const id = await inserirCliente(db, { nome: 'Ana' });
    await inserirConta(db, { clienteId: id, valorCentavos: 5_000, vencimento });
  };
  const enviadas = async () => (await mensagensRegua(database.db)).filter((m) => m.enviadaEm).length;

  it('opens at 08:00 of the configured zone: 12:00Z in Manaus, not 11:00Z', async () => {
    await configurar(database.db, { fuso_horario: 'America/Manaus' });
    await vencendoHoje('2026-12-15');
    const { deps, relogio } = montarMotor(database.db, new Date('2026-12-15T11:30:00Z'));
    await executarPassada(deps); // 07:30 in Manaus (08:30 in São Paulo)
    expect(await enviadas()).toBe(0);
    relogio.definir(new Date('2026-12-15T12:00:00Z'));
    await executarPassada(deps);
    expect(await enviadas()).toBe(1);
  });

  it('opens at 08:00 −02:00 (10:00Z) on 2018-11-05, when São Paulo kept daylight saving', async () => {
    await vencendoHoje('2018-11-05');
    const { deps, relogio } = montarMotor(database.db, new Date('2018-11-05T09:59:00Z'));
    await executarPassada(deps);
    expect(await enviadas()).toBe(0);
    relogio.definir(new Date('2018-11-05T10:30:00Z')); // 08:30 local; a fixed −03:00 would say 07:30
    await executarPassada(deps);
    expect(await enviadas()).toBe(1);
  });
});

describe('sending', () => {
  const prepararPendentes = async (n: number) => {
    const { db } = database;
    await configurar(db, { janela_envio: JANELA_SEMPRE, vazao_canal_por_segundo: 1000 });
    for (let i = 0; i < n; i += 1) {
      const id = await inserirCliente(db, { nome: `Cliente ${i}` });
      await inserirConta(db, { clienteId: id, valorCentavos: 2_500, vencimento: '2026-12-15' });
    }
  };

  it('is crash-safe: a sender killed between claim and send loses nothing and duplicates nothing', async () => {
    const { db } = database;
    await prepararPendentes(6);
    const { deps, relogio, chamadas } = montarMotor(db, em('2026-12-15', '06:00'));
    await configurar(db, {
      janela_envio: sistemaSettings.parse({}).janela_envio,
      vazao_canal_por_segundo: 1000,
    });
    await executarPassada(deps); // plans at 06:00; the window opens at 08:00
    relogio.definir(em('2026-12-15', '08:00'));
    // A worker claims everything to create its charges, then dies before storing them.
    expect(await reivindicar(db, relogio.agora(), 100, true, undefined, 'cobranca')).toHaveLength(6);
    expect(await reivindicar(db, relogio.agora(), 100, true)).toHaveLength(0); // nothing goes without its charge
    relogio.avancar(30_000);
    await executarPassada(deps);
    expect(chamadas.size).toBe(0); // still leased by the dead worker
    relogio.definir(em('2026-12-15', '08:02'));
    const contagens = await executarPassada(deps);
    expect(contagens.enviadas).toBe(6);
    expect([...chamadas.values()]).toEqual([1, 1, 1, 1, 1, 1]);
    expect((await mensagensRegua(db)).every((m) => m.status === 'entregue')).toBe(true);
  });

  it('retries transient failures with backoff and marks permanent ones falhou with the channel code', async () => {
    const { db } = database;
    await prepararPendentes(2);
    let alvoPermanente: number | undefined;
    const { deps, relogio, chamadas } = montarMotor(db, em('2026-12-15', '09:00'), (envio, chamada) => {
      alvoPermanente ??= envio.mensagemId;
      if (envio.mensagemId === alvoPermanente)
        return { ok: false, erroCodigo: '131026', erroMensagem: 'Número sem WhatsApp', transitorio: false };
      if (chamada <= 2) return { ok: false, erroCodigo: '130429', erroMensagem: 'Limite', transitorio: true };
      return undefined;
    });
    await executarPassada(deps);
    // The two sends go out concurrently: which one reaches the channel first is not fixed.
    const porAlvo = async () => {
      const linhas = await mensagensRegua(db);
      return [linhas.find((m) => m.id === alvoPermanente), linhas.find((m) => m.id !== alvoPermanente)];
    };
    let [falhou, tentando] = await porAlvo();
    expect(falhou).toMatchObject({ status: 'falhou', erroCodigo: '131026', tentativas: 1 });
    expect(tentando).toMatchObject({ status: 'pendente', erroCodigo: '130429', tentativas: 1 });
    // 30 s × 0.75 (jitter fixed at 0.5) before the second attempt.
    expect(tentando?.proximaTentativaEm?.getTime()).toBe(
      relogio.agora().getTime() -
        (relogio.agora().getTime() - (tentando?.proximaTentativaEm?.getTime() ?? 0)),
    );
    relogio.avancar(10 * 60_000);
    await executarPassada(deps);
    relogio.avancar(10 * 60_000);
    await executarPassada(deps);
    [falhou, tentando] = await porAlvo();
    expect(tentando).toMatchObject({ status: 'entregue', tentativas: 3, erroCodigo: null });
    expect(chamadas.get(tentando?.id ?? 0)).toBe(3);
    expect(chamadas.get(falhou?.id ?? 0)).toBe(1);
    const numeros = await db.select({ id: clientes.id, n: clientes.numeroChamadas }).from(clientes);
    expect(numeros.map((c) => c.n).sort()).toEqual([1, 1]); // the failure counts as an attempt too
  });

  it('sends nothing automatic while the kill switch or the admin’s automation is off', async () => {
    const { db } = database;
    await prepararPendentes(2);
    const { deps, relogio, chamadas } = montarMotor(db, em('2026-12-15', '09:00'));
    await definirKillSwitch(db, false);
    expect(await executarPassada(deps)).toMatchObject({ planejadas: 0, enviadas: 0 });
    await definirKillSwitch(db, true);
    await configurar(db, { janela_envio: JANELA_SEMPRE, automacao_ativa: false });
    expect(await executarPassada(deps)).toMatchObject({ planejadas: 0, enviadas: 0 });
    expect(chamadas.size).toBe(0);
    await configurar(db, { janela_envio: JANELA_SEMPRE, automacao_ativa: true });
    relogio.avancar(1000);
    expect(await executarPassada(deps)).toMatchObject({ planejadas: 2, enviadas: 2 });
  });

  it('withdraws a planned message whose receivable was paid before it went out, and plans again', async () => {
    const { db } = database;
    const a = await inserirCliente(db, { nome: 'Ana' });
    const paga = await inserirConta(db, { clienteId: a, valorCentavos: 1_000, vencimento: '2026-12-15' });
    await inserirConta(db, { clienteId: a, valorCentavos: 2_000, vencimento: '2026-12-15' });
    const { deps, relogio } = montarMotor(db, em('2026-12-15', '06:00'));
    await executarPassada(deps); // planned before the window opens
    await db
      .update(contasReceber)
      .set({ status: 'paga', pagoEm: '2026-12-15', valorPagoCentavos: 1_000 })
      .where(eq(contasReceber.id, paga));
    relogio.definir(em('2026-12-15', '08:00'));
    const contagens = await executarPassada(deps);
    expect(contagens.canceladas).toBe(1);
    relogio.definir(em('2026-12-15', '08:01'));
    await executarPassada(deps);
    const [cancelada, nova] = await mensagensRegua(db, a);
    expect(cancelada).toMatchObject({ status: 'cancelada', valorCentavos: 3_000 });
    expect(nova).toMatchObject({ status: 'entregue', valorCentavos: 2_000 });
  });

  it('breaks a promise whose date passed unpaid and puts the customer back in collection', async () => {
    const { db } = database;
    const a = await inserirCliente(db, { nome: 'Ana' });
    await inserirConta(db, { clienteId: a, valorCentavos: 1_000, vencimento: '2026-12-15' });
    await db.insert(promessas).values({ clienteId: a, data: '2026-12-14', valorCentavos: 1_000 });
    await db.update(clientes).set({ sonecaAte: '2026-12-14' }).where(eq(clientes.id, a));
    const { deps } = montarMotor(db, em('2026-12-15', '09:00'));
    expect(await executarPassada(deps)).toMatchObject({ promessas_quebradas: 1, enviadas: 1 });
    const [promessa] = await db.select().from(promessas);
    expect(promessa?.status).toBe('quebrada');
    const [cliente] = await db.select().from(clientes).where(eq(clientes.id, a));
    expect(cliente?.sonecaAte).toBeNull();
    expect(await db.$count(auditLogs, eq(auditLogs.acao, 'promessa.quebrada'))).toBe(1);
  });

  it('records the run with its counts', async () => {
    const { db } = database;
    await prepararPendentes(1);
    const { deps } = montarMotor(db, em('2026-12-15', '09:00'));
    await executarPassada(deps);
    const [execucao] = await db.select().from(reguaExecucoes);
    expect(execucao).toMatchObject({ worker: 'teste', erro: null });
    expect(execucao?.contagens).toMatchObject({ planejadas: 1, enviadas: 1 });
    expect(execucao?.concluidaEm).not.toBeNull();
    expect(await db.$count(mensagens)).toBe(1);
  });
});
