import type { GraficoMensalItem, MensagemDirecao, MensagemStatus } from '@cobranca/contracts';
import { hojeNoFuso, instanteNoFuso, somarDias } from '@cobranca/dominio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { openTestDatabase } from '../../../test/test-database.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { chamadas, mensagens, pagamentos, pixRecebidos } from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { configurar } from '../regua/regua.test-fixtures.ts';
import { graficoMensal, resumoAdminDashboard } from './admin-dashboard.repository.ts';

// Dates are relative to the São Paulo calendar month the suite runs in (offset 0 = this month).
const agora = new Date();
const [anoAtual = 0, mesAtualNumero = 1] = hojeNoFuso(agora).split('-').map(Number);
/** 'YYYY-MM' of the month `offset` months from this one (plain UTC arithmetic, independent of the code under test). */
const mesRelativo = (offset: number) =>
  new Date(Date.UTC(anoAtual, mesAtualNumero - 1 + offset, 1)).toISOString().slice(0, 7);
const primeiroDia = (offset: number) => `${mesRelativo(offset)}-01`;
const ultimoDia = (offset: number) => somarDias(primeiroDia(offset + 1), -1);
const inicioMes = (offset: number) => instanteNoFuso(primeiroDia(offset), 0);
const depois = (instante: Date, segundos: number) => new Date(instante.getTime() + segundos * 1000);
const HORA = 3600;

type NovaMensagem = {
  clienteId: number | null;
  direcao: MensagemDirecao;
  status: MensagemStatus;
  createdAt: Date;
  enviadaEm?: Date;
  autorId?: number;
};

const inserirMensagem = async (db: DbOrTx, m: NovaMensagem) => {
  const origem = m.direcao === 'entrada' ? 'cliente' : m.autorId ? 'operador' : 'regua';
  await db.insert(mensagens).values({
    clienteId: m.clienteId,
    telefone: '+5511900000000',
    direcao: m.direcao,
    origem,
    status: m.status,
    conteudo: 'Olá',
    canal: 'whatsapp',
    provedor: 'simulador',
    autorId: m.autorId ?? null,
    enviadaEm: m.enviadaEm ?? null,
    createdAt: m.createdAt,
  });
};

const inserirPagamento = async (
  db: DbOrTx,
  clienteId: number,
  contaId: number,
  centavos: number,
  data: string,
  pixRecebidoId: number | null = null,
) => {
  await db.insert(pagamentos).values({
    clienteId,
    contaId,
    valorCentavos: centavos,
    principalCentavos: centavos,
    data,
    forma: 'pix',
    pixRecebidoId,
  });
};

/** A PIX the provider confirmed, as the settlement records it before paying receivables (docs/produto.md §21). */
const inserirPixRecebido = async (db: DbOrTx, clienteId: number, centavos: number, data: string) => {
  const [row] = await db
    .insert(pixRecebidos)
    .values({
      endToEndId: `E00000000${data.replaceAll('-', '')}1200${String(centavos).padStart(11, '0')}`,
      clienteId,
      valorCentavos: centavos,
      horario: new Date(`${data}T15:00:00Z`),
      situacao: 'conciliado',
      origem: 'webhook',
    })
    .returning({ id: pixRecebidos.id });
  if (!row) throw new Error('pix_recebidos insert returned nothing');
  return row.id;
};

const inserirChamada = async (db: DbOrTx, clienteId: number, operadorId: number, createdAt: Date) => {
  await db.insert(chamadas).values({ clienteId, operadorId, resultado: 'nao_atendida', createdAt });
};

const zeroMes = (mes: string): GraficoMensalItem => ({
  mes,
  enviadas: 0,
  recebidas: 0,
  valor_cobrado: 0,
  valor_vencido: 0,
});
const dozeMeses = () => Array.from({ length: 12 }, (_, i) => zeroMes(mesRelativo(i - 11)));

const get = async (t: TestApp, token: string, url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('admin dashboard on an empty database', () => {
  let vazio: TestApp;
  let token: string;
  beforeAll(async () => {
    vazio = await buildTestApp();
    token = await issueToken(vazio.database, (await createTestUser(vazio.database, 'admin')).id);
  });
  afterAll(() => vazio.close());

  it('GET /api/admin/dashboard answers every figure as zero', async () => {
    expect(await get(vazio, token, '/api/admin/dashboard')).toEqual({
      valores_em_aberto: 0,
      valores_cobrados: 0,
      valores_cobrados_pix_automatico: 0,
      valores_cobrados_manual: 0,
      percentual_cobrancas_mes: 0,
      mensagens_enviadas: 0,
      mensagens_recebidas: 0,
      taxa_resposta: 0,
    });
  });

  it('GET /api/admin/dashboard/operadores answers an empty array (admins are not operators)', async () => {
    expect(await get(vazio, token, '/api/admin/dashboard/operadores')).toEqual([]);
  });

  it('GET /api/admin/dashboard/grafico-mensal answers 12 zero months, oldest first, ending this month', async () => {
    const grafico = await get(vazio, token, '/api/admin/dashboard/grafico-mensal');
    expect(grafico).toEqual(dozeMeses());
    expect(grafico.at(-1).mes).toBe(hojeNoFuso(agora).slice(0, 7));
  });
});

type Clientes = { c1: number; c2: number; c3: number; c4: number };
type Operadores = { ana: TestUser; bruno: TestUser };
const inicio = inicioMes(0);
const fim = inicioMes(1);

const semearContasEPagamentos = async (db: DbOrTx, { c1, c2, c3, c4 }: Clientes) => {
  // Receivables R1…R10
  await inserirConta(db, { clienteId: c1, valorCentavos: 10_000, vencimento: primeiroDia(0) });
  const r2 = await inserirConta(db, {
    clienteId: c1,
    valorCentavos: 25_000,
    valorPagoCentavos: 5_000,
    vencimento: ultimoDia(0),
  });
  await inserirConta(db, { clienteId: c2, valorCentavos: 10, vencimento: ultimoDia(-1) });
  await inserirConta(db, { clienteId: c2, valorCentavos: 20, vencimento: primeiroDia(1) });
  const r5 = await inserirConta(db, {
    clienteId: c3,
    valorCentavos: 30_000,
    valorPagoCentavos: 30_000,
    status: 'paga',
    vencimento: somarDias(primeiroDia(0), 14),
  });
  await inserirConta(db, {
    clienteId: c4,
    valorCentavos: 8_000,
    status: 'cancelada',
    vencimento: somarDias(primeiroDia(0), 5),
  });
  await inserirConta(db, {
    clienteId: c4,
    valorCentavos: 7_000,
    status: 'negociada',
    vencimento: somarDias(primeiroDia(0), 6),
  });
  const pagas = async (centavos: number, vencimento: string) =>
    inserirConta(db, {
      clienteId: c3,
      valorCentavos: centavos,
      valorPagoCentavos: centavos,
      status: 'paga',
      vencimento,
    });
  const r8 = await pagas(4_000, primeiroDia(-11));
  const r9 = await pagas(99_900, ultimoDia(-12));
  const r10 = await pagas(6_000, ultimoDia(-1));

  // Payments P1…P5; P2 and P5 were recorded from a confirmed PIX, the others by hand.
  await inserirPagamento(db, c1, r2, 5_000, primeiroDia(0));
  const pix2 = await inserirPixRecebido(db, c3, 30_000, ultimoDia(0));
  await inserirPagamento(db, c3, r5, 30_000, ultimoDia(0), pix2);
  await inserirPagamento(db, c3, r8, 4_000, primeiroDia(-11));
  await inserirPagamento(db, c3, r9, 99_900, ultimoDia(-12));
  const pix5 = await inserirPixRecebido(db, c3, 6_000, ultimoDia(-1));
  await inserirPagamento(db, c3, r10, 6_000, ultimoDia(-1), pix5);
};

const semearMensagens = async (db: DbOrTx, { c1, c2, c3, c4 }: Clientes, { ana, bruno }: Operadores) => {
  // Outbound S1…S10
  const saida = (clienteId: number, status: MensagemStatus, enviadaEm?: Date, autorId?: number) =>
    inserirMensagem(db, {
      clienteId,
      direcao: 'saida',
      status,
      enviadaEm,
      autorId,
      createdAt: enviadaEm ?? depois(inicio, HORA),
    });
  await inserirMensagem(db, {
    clienteId: c1,
    direcao: 'saida',
    status: 'enviada',
    enviadaEm: inicio,
    createdAt: depois(inicio, -HORA), // queued last month, sent this month: counts by enviada_em
  });
  await saida(c1, 'lida', depois(inicio, 12 * HORA), ana.id);
  await saida(c2, 'entregue', depois(fim, -1), bruno.id);
  await saida(c3, 'enviada', depois(inicio, 24 * HORA));
  await saida(c4, 'falhou');
  await saida(c4, 'pendente', undefined, ana.id);
  await saida(c4, 'enviada', depois(inicio, -1), ana.id);
  await saida(c3, 'enviada', inicioMes(-11));
  await saida(c3, 'enviada', depois(inicioMes(-11), -1));
  await saida(c1, 'enviada', fim, ana.id);

  // Inbound E1…E7
  const entrada = (clienteId: number | null, createdAt: Date) =>
    inserirMensagem(db, { clienteId, direcao: 'entrada', status: 'recebida', createdAt });
  await entrada(c1, inicio);
  await entrada(c1, depois(inicio, 2 * HORA));
  await entrada(c4, depois(fim, -1));
  await entrada(c2, new Date(inicio.getTime() - 1));
  await entrada(null, depois(inicio, 3 * HORA)); // a number no customer has
  await entrada(c3, inicioMes(-11));
  await entrada(c3, depois(inicioMes(-11), -1));
};

const semearChamadas = async (db: DbOrTx, { c1, c2, c4 }: Clientes, { ana, bruno }: Operadores) => {
  // Calls K1…K4
  await inserirChamada(db, c1, ana.id, inicio);
  await inserirChamada(db, c4, ana.id, depois(inicio, -1));
  await inserirChamada(db, c2, bruno.id, depois(fim, -1));
  await inserirChamada(db, c2, bruno.id, depois(inicio, 5 * HORA));
};

describe('admin dashboard figures', () => {
  let t: TestApp;
  let token: string;
  let ana: TestUser;
  let bruno: TestUser;
  let carla: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const admin = await createTestUser(t.database, 'admin', { name: 'Admin Geral' });
    await createTestUser(t.database, 'super_admin', { name: 'Aaron Super' });
    token = await issueToken(t.database, admin.id);
    carla = await createTestUser(t.database, 'operador', { name: 'Carla Operadora' });
    bruno = await createTestUser(t.database, 'operador', { name: 'Bruno Operador', status: 'Bloqueado' });
    ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });

    const c1 = await inserirCliente(db, { nome: 'Cliente Um', operadorId: ana.id });
    const c2 = await inserirCliente(db, { nome: 'Cliente Dois', operadorId: bruno.id });
    const c3 = await inserirCliente(db, { nome: 'Cliente Três', status: 'concluido' });
    const c4 = await inserirCliente(db, { nome: 'Cliente Quatro', operadorId: ana.id });

    const clientes = { c1, c2, c3, c4 };
    await semearContasEPagamentos(db, clientes);
    await semearMensagens(db, clientes, { ana, bruno });
    await semearChamadas(db, clientes, { ana, bruno });
  });
  afterAll(() => t.close());

  it('GET /api/admin/dashboard computes each figure from this São Paulo month', async () => {
    expect(await get(t, token, '/api/admin/dashboard')).toEqual({
      // open: R1 100,00 + R2 (250,00 − 50,00) + R3 0,10 + R4 0,20 = 300,30 (exact cents, not 300.30000000000001)
      valores_em_aberto: 300.3,
      // paid this month: P1 50,00 (first day) + P2 300,00 (last day); P5 on last month's last day is out
      valores_cobrados: 350,
      // of which P2 300,00 came from a PIX (P5, also a PIX, is last month's) and P1 50,00 by hand
      valores_cobrados_pix_automatico: 300,
      valores_cobrados_manual: 50,
      // due this month, not cancelada (R6) nor negociada (R7): R1, R2, R5 → paid 0 + 50 + 300 = 350,00
      // of 100 + 250 + 300 = 650,00 → 53,846…% → 53.8 (rounded down)
      percentual_cobrancas_mes: 53.8,
      // S1 (sent at 00:00 of the 1st, queued before), S2 lida, S3 entregue (last second), S4;
      // not S5 falhou, S6 pendente, S7 (last month), S10 (first instant of next month)
      mensagens_enviadas: 4,
      // E1 (first instant), E2, E3 (last second), E5 (unknown number); not E4 (1 ms before the month)
      mensagens_recebidas: 4,
      // customers who wrote {C1, C4} ÷ customers messaged {C1, C2, C3} = 2 ÷ 3 = 66,66…% → 66.7 (rounded up)
      taxa_resposta: 66.7,
    });
  });

  it('GET /api/admin/dashboard/operadores lists every operator by name, blocked ones too, with contacts of the month', async () => {
    expect(await get(t, token, '/api/admin/dashboard/operadores')).toEqual([
      // S2 (sent, authored) + K1; not S6 (pendente), S7 (last month), S10 (next month), K2 (last month)
      { id: ana.id, name: 'Ana Operadora', email: ana.email, status: 'Ativo', contatos_mes: 2 },
      // S3 + K3 (last second) + K4
      { id: bruno.id, name: 'Bruno Operador', email: bruno.email, status: 'Bloqueado', contatos_mes: 3 },
      { id: carla.id, name: 'Carla Operadora', email: carla.email, status: 'Ativo', contatos_mes: 0 },
    ]);
  });

  it('GET /api/admin/dashboard/grafico-mensal groups the last 12 months and zero-fills the rest', async () => {
    const esperado = dozeMeses();
    const [maisAntigo, mesPassado, esteMes] = [esperado[0], esperado[10], esperado[11]];
    // Month −11 (first of the window): S8, E6, P3 40,00, R8 40,00; S9, E7, P4 and R9 fall just before it.
    Object.assign(maisAntigo ?? {}, { enviadas: 1, recebidas: 1, valor_cobrado: 40, valor_vencido: 40 });
    // Last month: S7, E4, P5 60,00; due R3 0,10 + R10 60,00 = 60,10
    Object.assign(mesPassado ?? {}, { enviadas: 1, recebidas: 1, valor_cobrado: 60, valor_vencido: 60.1 });
    // This month: as the dashboard; due R1 100 + R2 250 + R5 300 + R7 70 (negociada counts) = 720,00, R6 cancelada does not
    Object.assign(esteMes ?? {}, { enviadas: 4, recebidas: 4, valor_cobrado: 350, valor_vencido: 720 });
    expect(await get(t, token, '/api/admin/dashboard/grafico-mensal')).toEqual(esperado);
  });
});

describe('admin dashboard months follow America/Sao_Paulo, not UTC', () => {
  let database: Database;
  // 2020-03-01T02:30Z is still 29 February 23:30 in São Paulo (UTC−3).
  const fimDeFevereiro = new Date('2020-03-01T02:30:00Z');
  const inicioDeMarco = new Date('2020-03-01T03:00:00Z');

  beforeAll(async () => {
    database = await openTestDatabase();
    const clienteId = await inserirCliente(database.db, { nome: 'Cliente Fuso' });
    for (const instante of [fimDeFevereiro, inicioDeMarco]) {
      await inserirMensagem(database.db, {
        clienteId,
        direcao: 'saida',
        status: 'enviada',
        enviadaEm: instante,
        createdAt: instante,
      });
      await inserirMensagem(database.db, {
        clienteId,
        direcao: 'entrada',
        status: 'recebida',
        createdAt: instante,
      });
    }
  });
  afterAll(() => database.close());

  it('counts a message sent at 23:30 on the last day of February in February', async () => {
    const fevereiro = await resumoAdminDashboard(database.db, new Date('2020-02-15T12:00:00Z'));
    const marco = await resumoAdminDashboard(database.db, new Date('2020-03-01T03:00:00Z'));
    expect([fevereiro.mensagens_enviadas, fevereiro.mensagens_recebidas, fevereiro.taxa_resposta]).toEqual([
      1, 1, 100,
    ]);
    expect([marco.mensagens_enviadas, marco.mensagens_recebidas]).toEqual([1, 1]);
  });

  it('splits the chart at São Paulo midnight and ends the window in the São Paulo month', async () => {
    // At 2020-03-01T01:00Z it is still February in São Paulo: the window is 2019-03 … 2020-02.
    const grafico = await graficoMensal(database.db, new Date('2020-03-01T01:00:00Z'));
    expect(grafico.map((m) => m.mes)).toEqual([
      '2019-03',
      '2019-04',
      '2019-05',
      '2019-06',
      '2019-07',
      '2019-08',
      '2019-09',
      '2019-10',
      '2019-11',
      '2019-12',
      '2020-01',
      '2020-02',
    ]);
    expect(grafico.at(-1)).toEqual({
      mes: '2020-02',
      enviadas: 1,
      recebidas: 1,
      valor_cobrado: 0,
      valor_vencido: 0,
    });
    const marco = await graficoMensal(database.db, new Date('2020-03-10T12:00:00Z'));
    expect(marco.slice(-2).map((m) => [m.mes, m.enviadas, m.recebidas])).toEqual([
      ['2020-02', 1, 1],
      ['2020-03', 1, 1],
    ]);
  });

  it('takes months from the configured zone: in Manaus (UTC−4) both messages are in February', async () => {
    // Saving the zone rebuilds the read models' local days (migration 0015).
    await configurar(database.db, { fuso_horario: 'America/Manaus' });
    const fevereiro = await resumoAdminDashboard(
      database.db,
      new Date('2020-02-15T12:00:00Z'),
      'America/Manaus',
    );
    expect([fevereiro.mensagens_enviadas, fevereiro.mensagens_recebidas]).toEqual([2, 2]);
    const grafico = await graficoMensal(database.db, new Date('2020-03-10T12:00:00Z'), 'America/Manaus');
    expect(grafico.slice(-2).map((m) => [m.mes, m.enviadas, m.recebidas])).toEqual([
      ['2020-02', 2, 2],
      ['2020-03', 0, 0],
    ]);
  });
});
