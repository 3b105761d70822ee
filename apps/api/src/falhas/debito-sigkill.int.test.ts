import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NegociacaoView } from '@cobranca/contracts';
import { hojeNoFuso, instanteNoFuso, somarDias } from '@cobranca/dominio';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestUser, issueToken } from '../../test/build-test-app.ts';
import { createPostgresTestDatabase, testDbKind } from '../../test/test-database.ts';
import type { App } from '../app.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import {
  cobrancasRecorrentes,
  contasReceber,
  pagamentos,
  pixRecebidos,
  recorrenciasPix,
} from '../db/schema/index.ts';
import { iniciarFila } from '../fila/fila.ts';
import { TAREFAS } from '../fila/tarefas.ts';
import { inserirCliente, inserirConta } from '../modules/clientes/clientes.test-fixtures.ts';
import {
  buscarSistemaSettings,
  salvarSistemaSettings,
} from '../modules/configuracoes/configuracoes.repository.ts';
import { cobrarParcelasRecorrentes } from '../modules/debito-automatico/cobranca/cobrar-parcelas-recorrentes.ts';
import {
  configuracaoDoPspFalso,
  iniciarPspFalso,
  type PspFalso,
} from '../modules/pix/psp/psp-falso.test-fixtures.ts';
import {
  comBancoParado,
  expirarTentativasAtivas,
  type RetencaoPsp,
  reterRespostasDoPsp,
} from './efeitos.test-fixtures.ts';
import { iniciarServidor, pararServidor, type Servidor } from './falhas.test-fixtures.ts';

// PIX Automático under SIGKILL (docs/pix-automatico.md §4): the server is killed while the job a
// recurring charge's callback enqueued has read the paid attempt from the PSP (the answer lost) and not
// yet settled it, then started again; a duplicate callback and the PSP reconciliation meet it after the
// restart. The instalment must be paid exactly once.

const APP_KEY = randomBytes(32);
const hoje = hojeNoFuso(new Date());
const silencio = { info() {}, warn() {}, error() {} };
const meioDia = (data: string) => instanteNoFuso(data, 12 * 60);

describe('an automatic debit killed between its callback and its settlement', () => {
  let pasta: string;
  let banco: { url: string; drop: () => Promise<void> } | undefined;
  let psp: PspFalso;
  let retencao: RetencaoPsp;
  let servidor: Servidor | undefined;

  const abrir = () =>
    openConfiguredDatabase({ databaseUrl: banco?.url, dataDir: pasta } as unknown as Config);

  /** The database open in this process (the server down), with an app whose jobs run on `rodar()`. */
  const comBanco = <T>(
    uso: (database: Database, app: App, rodar: () => Promise<void>) => Promise<T>,
  ): Promise<T> =>
    comBancoParado(abrir, APP_KEY, (database, app) =>
      uso(database, app, async () => {
        const fila = await iniciarFila({
          database,
          tarefas: TAREFAS,
          contexto: { db: database.db, appKey: APP_KEY, log: silencio },
          sondagemMs: 50,
        });
        await fila.ociosa();
        await fila.parar(1_000);
      }),
    );

  beforeAll(async () => {
    pasta = mkdtempSync(join(tmpdir(), 'cobranca-debito-'));
    if (testDbKind() === 'postgres') banco = await createPostgresTestDatabase();
    psp = await iniciarPspFalso();
    retencao = reterRespostasDoPsp(psp);
  });
  afterAll(async () => {
    if (servidor) {
      servidor.processo.kill('SIGKILL');
      await servidor.saiu;
    }
    await psp?.fechar();
    await banco?.drop();
    rmSync(pasta, { recursive: true, force: true });
  });

  it('pays the instalment exactly once after the restart', { timeout: 240_000 }, async () => {
    // ---- Before: an approved debit, the 2nd instalment's charge made and its attempt paid at the PSP. ----
    const preparo = await comBanco(async (database, app, rodar) => {
      const { db } = database;
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const operador = await createTestUser(database, 'operador');
      const op = bearer(await issueToken(database, operador.id));
      const admin = bearer(await issueToken(database, (await createTestUser(database, 'admin')).id));
      const superAdmin = await issueToken(database, (await createTestUser(database, 'super_admin')).id);
      const salvo = await app.inject({
        method: 'PUT',
        url: '/api/admin/configuracoes/pix',
        headers: admin,
        payload: {
          ...configuracaoDoPspFalso(psp, base),
          conta_recebedor: { agencia: '0001', conta: '123456-7', tipo_conta: 'CORRENTE' },
        },
      });
      expect(salvo.statusCode, salvo.body).toBe(200);
      await app.inject({ method: 'POST', url: '/api/admin/configuracoes/pix/verificar', headers: admin });
      await salvarSistemaSettings(db, { ...(await buscarSistemaSettings(db)), automacao_ativa: false }, null);
      const clienteId = await inserirCliente(db, { nome: 'Rita Débito', operadorId: operador.id });
      const conta = await inserirConta(db, {
        clienteId,
        valorCentavos: 30_000,
        vencimento: somarDias(hoje, 3),
      });
      const r = await app.inject({
        method: 'POST',
        url: `/api/operador/clientes/${clienteId}/negociacoes`,
        headers: op,
        payload: {
          contas: [conta],
          desconto: 0,
          parcelas: 3,
          primeiro_vencimento: hoje,
          debito_automatico: true,
        },
      });
      expect(r.statusCode, r.body).toBe(201);
      const negociacaoId = r.json<{ negociacao: NegociacaoView }>().negociacao.id;
      await rodar();
      const [rec] = await db
        .select()
        .from(recorrenciasPix)
        .where(eq(recorrenciasPix.negociacaoId, negociacaoId));
      if (!rec?.idRec) throw new Error('recorrência não criada no PSP');
      await psp.recorrencias.aprovar(rec.idRec);
      await rodar();
      const [, segunda] = await db
        .select()
        .from(contasReceber)
        .where(and(eq(contasReceber.negociacaoId, negociacaoId), eq(contasReceber.origem, 'acordo')))
        .orderBy(asc(contasReceber.vencimento));
      if (!segunda) throw new Error('sem 2ª parcela');
      psp.relogio = () => meioDia(somarDias(segunda.vencimento, -5));
      await cobrarParcelasRecorrentes(db, APP_KEY, { agora: meioDia(somarDias(segunda.vencimento, -5)) });
      psp.relogio = () => meioDia(segunda.vencimento);
      const [cobr] = await psp.recorrencias.processarVencimentos({ notificar: false });
      if (!cobr) throw new Error('nenhuma tentativa no PSP');
      expect(cobr.tentativas.at(-1)?.status).toBe('PAGA');
      return { superAdmin, segunda, cobr, caminho: new URL(psp.recorrencias.webhookCobr ?? '').pathname };
    });
    const { segunda, cobr } = preparo;
    const e2e = cobr.pix[0]?.endToEndId;
    expect(e2e).toBeTruthy();

    // ---- The server takes the callback; the job's read of the charge is applied and never answered. ----
    retencao.reter((metodo, caminho) => metodo === 'GET' && caminho.includes('/cobr/'));
    const env = {
      ...(banco ? { DATABASE_URL: banco.url } : {}),
      DATA_DIR: pasta,
      APP_KEY: APP_KEY.toString('hex'),
      // The job workers run inside the server (the régua itself is off in the settings).
      REGUA_EMBUTIDA: 'true',
      REGUA_INTERVALO_SEGUNDOS: '3600',
      LOG_LEVEL: 'error',
    };
    servidor = await iniciarServidor(env);
    psp.recorrencias.webhookCobr = `${servidor.url}${preparo.caminho}`;
    await psp.recorrencias.notificarCobr(cobr);
    await expect.poll(() => retencao.retidas.length, { timeout: 30_000, interval: 20 }).toBeGreaterThan(0);
    servidor.processo.kill('SIGKILL');
    expect(await servidor.saiu).toBe('SIGKILL');
    servidor = undefined;
    retencao.reter(null);

    // ---- Down: read at the PSP, not settled here. ----
    await comBanco(async (database) => {
      expect(await database.db.$count(pagamentos, eq(pagamentos.contaId, segunda.id))).toBe(0);
      expect(await expirarTentativasAtivas(database)).toBeGreaterThan(0);
    });

    // ---- Started again: the retry, a duplicate callback and the reconciliation all meet the PIX. ----
    servidor = await iniciarServidor(env);
    psp.recorrencias.webhookCobr = `${servidor.url}${preparo.caminho}`;
    await psp.recorrencias.notificarCobr(cobr);
    const url = servidor.url;
    await expect
      .poll(
        async () => {
          const r = await fetch(`${url}/api/super-admin/tarefas`, { headers: bearer(preparo.superAdmin) });
          const painel = (await r.json()) as {
            tipos: { nome: string; aguardando: number; em_execucao: number; mortas: number }[];
          };
          return painel.tipos
            .filter((t) => t.nome.startsWith('debito.') || t.nome.startsWith('pix.'))
            .filter((t) => t.aguardando + t.em_execucao + t.mortas > 0)
            .map((t) => t.nome);
        },
        { timeout: 60_000, interval: 200 },
      )
      .toEqual([]);
    await pararServidor(servidor);
    servidor = undefined;
    psp.relogio = () => new Date();

    // ---- Exactly once. ----
    await comBanco(async ({ db }) => {
      const pagos = await db.select().from(pagamentos).where(eq(pagamentos.contaId, segunda.id));
      expect(pagos.map((p) => p.valorCentavos)).toEqual([10_000]);
      expect(await db.$count(pixRecebidos, eq(pixRecebidos.endToEndId, e2e ?? ''))).toBe(1);
      const [conta] = await db.select().from(contasReceber).where(eq(contasReceber.id, segunda.id));
      expect(conta).toMatchObject({ status: 'paga', valorPagoCentavos: 10_000 });
      const [recorrente] = await db
        .select()
        .from(cobrancasRecorrentes)
        .where(eq(cobrancasRecorrentes.contaId, segunda.id));
      expect(recorrente?.status).toBe('concluida');
    });
  });
});
