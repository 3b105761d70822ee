import { desc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../test/build-test-app.ts';
import {
  auditLogs,
  cobrancasPix,
  configuracoes,
  mensagens,
  pixNotificacoes,
  pixRecebidos,
  reguaExecucoes,
} from '../../db/schema/index.ts';
import { APP_VERSION } from '../../lib/version.ts';
import { inserirCliente } from '../clientes/clientes.test-fixtures.ts';

let t: TestApp;
let superId: number;
let superToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  superId = (await createTestUser(t.database, 'super_admin')).id;
  superToken = await issueToken(t.database, superId);
  adminToken = await issueToken(t.database, (await createTestUser(t.database, 'admin')).id);
});
afterAll(() => t.close());

const getSaude = () =>
  t.app.inject({ method: 'GET', url: '/api/super-admin/saude', headers: bearer(superToken) });
const putAutomacao = (payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/super-admin/automacao',
    headers: bearer(superToken),
    payload: payload as object,
  });

const mensagem = (status: 'pendente' | 'enviada' | 'falhou') => ({
  telefone: '+5511987654321',
  direcao: 'saida' as const,
  origem: 'regua' as const,
  status,
  conteudo: 'Lembrete',
  canal: 'whatsapp' as const,
  provedor: 'simulador' as const,
});

describe('GET /api/super-admin/saude', () => {
  it('reports version, database kind, an empty queue, no engine run and the simulator', async () => {
    const response = await getSaude();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      versao: APP_VERSION,
      banco: t.database.kind,
      fila_pendente: 0,
      ultima_execucao_regua: null,
      regua_24h: { execucoes: 0, com_erro: 0, contagens: {} },
      canal: expect.objectContaining({ provedor: 'simulador', status: 'conectado' }),
      automacao_ativa: true,
      pix: {
        provedor: 'simulador',
        status: 'conectado',
        mensagem: 'Simulador embutido: nenhum banco é chamado.',
        verificado_em: null,
        ultima_conciliacao: null,
        notificacoes_pendentes: { quantidade: 0, mais_antiga_em: null, mais_antiga_ha_segundos: null },
        creditos_sem_correspondencia: { quantidade: 0, total: 0 },
        remocoes_pendentes: 0,
        mensagens_aguardando_cobranca: { quantidade: 0, mais_antiga_proxima_tentativa_em: null },
      },
    });
  });

  it('counts only pending messages and shows the latest engine run', async () => {
    await t.database.db
      .insert(mensagens)
      .values([mensagem('pendente'), mensagem('pendente'), mensagem('enviada'), mensagem('falhou')]);
    await t.database.db.insert(reguaExecucoes).values([
      {
        worker: 'embutido',
        iniciadaEm: new Date('2026-03-02T11:00:00Z'),
        concluidaEm: new Date('2026-03-02T11:00:05Z'),
        contagens: { planejadas: 9, enviadas: 9, falhas: 0, puladas: 0, adiadas: 0 },
      },
      {
        worker: 'worker-2',
        iniciadaEm: new Date('2026-03-03T11:00:00Z'),
        concluidaEm: null,
        contagens: null,
        erro: 'Canal indisponível',
      },
    ]);
    const body = (await getSaude()).json();
    expect(body.fila_pendente).toBe(2);
    expect(body.ultima_execucao_regua).toEqual({
      iniciada_em: '2026-03-03T11:00:00.000Z',
      concluida_em: null,
      worker: 'worker-2',
      contagens: null,
      erro: 'Canal indisponível',
    });
  });

  it('shows the completed run with its counts when it is the latest', async () => {
    await t.database.db.insert(reguaExecucoes).values({
      worker: 'embutido',
      iniciadaEm: new Date('2026-03-04T11:00:00Z'),
      concluidaEm: new Date('2026-03-04T11:00:02Z'),
      contagens: { planejadas: 3, enviadas: 2, falhas: 1, puladas: 0, adiadas: 0 },
    });
    expect((await getSaude()).json().ultima_execucao_regua).toEqual({
      iniciada_em: '2026-03-04T11:00:00.000Z',
      concluida_em: '2026-03-04T11:00:02.000Z',
      worker: 'embutido',
      contagens: { planejadas: 3, enviadas: 2, falhas: 1, puladas: 0, adiadas: 0 },
      erro: null,
    });
  });
});

describe('GET /api/super-admin/saude — régua in the last 24 hours', () => {
  const haMinutos = (minutos: number) => new Date(Date.now() - minutos * 60_000);
  const contagens = (extra: Record<string, number>) => ({
    planejadas: 0,
    puladas: 0,
    adiadas: 0,
    enviadas: 0,
    falhas: 0,
    reagendadas: 0,
    canceladas: 0,
    promessas_quebradas: 0,
    ...extra,
  });
  const run = (minutos: number, extra: Partial<typeof reguaExecucoes.$inferInsert> = {}) => ({
    worker: 'embutido',
    iniciadaEm: haMinutos(minutos),
    concluidaEm: haMinutos(minutos),
    ...extra,
  });

  it('sums each count over the runs started in the last 24 hours, leaves older ones out, counts errors', async () => {
    await t.database.db.insert(reguaExecucoes).values([
      // Older than 24 h: left out, error included.
      run(24 * 60 + 1, { contagens: contagens({ enviadas: 500, falhas: 9 }), erro: 'Antiga' }),
      run(2 * 24 * 60, { contagens: contagens({ planejadas: 70 }) }),
      run(24 * 60 - 1, { contagens: contagens({ planejadas: 4, enviadas: 3, falhas: 1, puladas: 2 }) }),
      run(120, { contagens: contagens({ planejadas: 6, enviadas: 6, promessas_quebradas: 1 }) }),
      run(60, { contagens: contagens({ reagendadas: 2, canceladas: 1, adiadas: 5 }) }),
      run(30, { contagens: contagens({}) }),
      // Failed before counting anything, and one still running: runs, but nothing to add.
      run(20, { contagens: null, erro: 'Canal indisponível' }),
      run(1, { concluidaEm: null, contagens: null }),
    ]);
    expect((await getSaude()).json().regua_24h).toEqual({
      execucoes: 6,
      com_erro: 1,
      contagens: {
        planejadas: 10,
        puladas: 2,
        adiadas: 5,
        enviadas: 9,
        falhas: 1,
        reagendadas: 2,
        canceladas: 1,
        promessas_quebradas: 1,
      },
    });
  });
});

describe('GET /api/super-admin/saude — channel', () => {
  it('shows the Cloud API as not yet verified once it is configured', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/configuracoes/whatsapp',
      headers: bearer(adminToken),
      payload: {
        provedor: 'whatsapp_cloud',
        phone_number_id: '106540352242922',
        access_token: 'EAAG-token-123456',
      },
    });
    expect(put.statusCode).toBe(200);
    expect((await getSaude()).json().canal).toEqual({
      provedor: 'whatsapp_cloud',
      status: 'desconectado',
      numero_exibicao: null,
      nome_verificado: null,
      qualidade: null,
      verificado_em: null,
      erro: null,
    });
  });
});

describe('GET /api/super-admin/saude — PIX', () => {
  const haMinutos = (minutos: number) => new Date(Date.now() - minutos * 60_000);
  let seq = 0;
  const proximo = () => {
    seq += 1;
    return seq;
  };
  const e2e = () => `E00000000202603101200${String(proximo()).padStart(11, '0')}`;
  const txid = () => `TXSAUDE${String(proximo()).padStart(25, '0')}`;

  it('shows the API Pix’s stored check, the reconciliation checkpoint and what PIX still has to do', async () => {
    const db = t.database.db;
    await db.insert(configuracoes).values([
      {
        chave: 'pix',
        valor: {
          provedor: 'api_pix',
          chave: '12345678000190',
          ultimo_status: {
            status: 'erro',
            mensagem: 'O PSP recusou as credenciais (401).',
            verificado_em: '2026-03-10T12:00:00.000Z',
          },
        },
      },
      {
        chave: 'pix_conciliacao',
        valor: { ate: '2026-03-10T12:30:00.000Z', executada_em: '2026-03-10T12:30:02.000Z', recuperados: 2 },
      },
    ]);
    const maisAntiga = haMinutos(10);
    await db.insert(pixNotificacoes).values([
      { endToEndId: e2e(), recebidaEm: maisAntiga },
      { endToEndId: e2e(), recebidaEm: haMinutos(3), erro: 'PSP fora do ar' },
      // Confirmed long ago: neither counted nor the oldest.
      {
        endToEndId: e2e(),
        recebidaEm: haMinutos(24 * 60),
        status: 'processada',
        processadaEm: haMinutos(60),
      },
    ]);
    const clienteId = await inserirCliente(db, { nome: 'Paula PIX' });
    const pix = (extra: Partial<typeof pixRecebidos.$inferInsert>) => ({
      endToEndId: e2e(),
      valorCentavos: 10_000,
      horario: haMinutos(30),
      situacao: 'conciliado' as const,
      origem: 'webhook' as const,
      ...extra,
    });
    await db.insert(pixRecebidos).values([
      // A PIX no debt took, whole; the change of an overpaid one; neither a settled one nor a credit
      // an admin already assigned counts.
      pix({ valorCentavos: 15_000, creditoCentavos: 15_000, situacao: 'sem_correspondencia' }),
      pix({ valorCentavos: 10_055, creditoCentavos: 55, clienteId }),
      pix({ creditoCentavos: 0, clienteId }),
      pix({ creditoCentavos: 2_000, situacao: 'atribuido', clienteId }),
    ]);
    const cobranca = (extra: Partial<typeof cobrancasPix.$inferInsert>) => ({
      txid: txid(),
      clienteId,
      provedor: 'api_pix' as const,
      tipo: 'cob' as const,
      origem: 'operador' as const,
      valorCentavos: 10_000,
      validaAte: haMinutos(-60),
      pixCopiaECola: '000201…',
      ...extra,
    });
    await db.insert(cobrancasPix).values([
      cobranca({ status: 'removida', removidaEm: haMinutos(5), remocaoPendente: true }),
      cobranca({
        status: 'removida',
        removidaEm: haMinutos(5),
        remocaoPendente: true,
        tipo: 'cobv',
        vencimento: '2026-03-20',
      }),
      cobranca({ status: 'removida', removidaEm: haMinutos(50) }),
      cobranca({}),
    ]);
    // Put back by the sender while the PSP cannot create their charge: only the pending ones count.
    const aguardando = (extra: Partial<typeof mensagens.$inferInsert>) => ({
      ...mensagem('pendente'),
      clienteId,
      tentativas: 1,
      erroMensagem: 'Aguardando a cobrança PIX: O PSP está fora do ar (503).',
      ...extra,
    });
    const proximaDaMaisAntiga = haMinutos(-45);
    await db.insert(mensagens).values([
      aguardando({ proximaTentativaEm: proximaDaMaisAntiga, tentativas: 4 }),
      aguardando({ proximaTentativaEm: haMinutos(-2) }),
      aguardando({ proximaTentativaEm: haMinutos(-10) }),
      // Another reason to wait, and one that went out once the charge existed.
      aguardando({ erroMensagem: 'Canal indisponível', proximaTentativaEm: haMinutos(-1) }),
      aguardando({ status: 'enviada', proximaTentativaEm: null }),
    ]);

    const body = (await getSaude()).json();
    expect(body.pix).toEqual({
      provedor: 'api_pix',
      status: 'erro',
      mensagem: 'O PSP recusou as credenciais (401).',
      verificado_em: '2026-03-10T12:00:00.000Z',
      ultima_conciliacao: {
        ate: '2026-03-10T12:30:00.000Z',
        executada_em: '2026-03-10T12:30:02.000Z',
        recuperados: 2,
      },
      notificacoes_pendentes: {
        quantidade: 2,
        mais_antiga_em: maisAntiga.toISOString(),
        mais_antiga_ha_segundos: expect.any(Number),
      },
      creditos_sem_correspondencia: { quantidade: 2, total: 150.55 },
      remocoes_pendentes: 2,
      mensagens_aguardando_cobranca: {
        quantidade: 3,
        mais_antiga_proxima_tentativa_em: proximaDaMaisAntiga.toISOString(),
      },
    });
    expect(body.pix.notificacoes_pendentes.mais_antiga_ha_segundos).toBeGreaterThanOrEqual(600);
    expect(body.pix.notificacoes_pendentes.mais_antiga_ha_segundos).toBeLessThan(660);
  });
});

describe('PUT /api/super-admin/automacao', () => {
  const entradasKillSwitch = () =>
    t.database.db
      .select()
      .from(auditLogs)
      .where(inArray(auditLogs.acao, ['automacao.ativada', 'automacao.desativada']))
      .orderBy(desc(auditLogs.id));

  it('pauses all automatic sending, shows it in health, and audits it', async () => {
    const response = await putAutomacao({ ativa: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ativa: false });
    expect((await getSaude()).json().automacao_ativa).toBe(false);
    const [entrada] = await entradasKillSwitch();
    expect(entrada).toMatchObject({
      acao: 'automacao.desativada',
      usuarioId: superId,
      detalhes: { ativa: false, anterior: true },
    });
  });

  it('cannot be undone by an admin saving the system settings, even with automation on', async () => {
    await putAutomacao({ ativa: false });
    const salvo = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/configuracoes/sistema',
      headers: bearer(adminToken),
      payload: { sessao_horas: 6, automacao_ativa: true },
    });
    expect(salvo.statusCode).toBe(200);
    expect((await getSaude()).json().automacao_ativa).toBe(false);
  });

  it('turns it back on without touching the system settings', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/configuracoes/sistema',
      headers: bearer(adminToken),
      payload: { sessao_horas: 6, automacao_ativa: false },
    });
    expect((await putAutomacao({ ativa: true })).json()).toEqual({ ativa: true });
    expect((await getSaude()).json().automacao_ativa).toBe(true);
    const sistema = await t.app.inject({
      method: 'GET',
      url: '/api/admin/configuracoes/sistema',
      headers: bearer(adminToken),
    });
    expect(sistema.json()).toMatchObject({ automacao_ativa: false, sessao_horas: 6 });
    const [entrada] = await entradasKillSwitch();
    expect(entrada).toMatchObject({ acao: 'automacao.ativada', detalhes: { ativa: true, anterior: false } });
  });

  it.each<[string, unknown, string]>([
    ['a missing ativa', {}, 'ativa'],
    ['a string instead of a boolean', { ativa: 'false' }, 'ativa'],
    ['an unknown field', { ativa: true, motivo: 'teste' }, 'motivo'],
  ])('answers 422 for %s', async (_caso, payload, campo) => {
    const response = await putAutomacao(payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[campo]?.length).toBeGreaterThan(0);
  });

  it('is the super admin’s only: an admin gets 403', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/super-admin/automacao',
      headers: bearer(adminToken),
      payload: { ativa: false },
    });
    expect(response.statusCode).toBe(403);
    expect((await getSaude()).json().automacao_ativa).toBe(true);
  });
});
