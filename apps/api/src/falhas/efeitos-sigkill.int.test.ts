import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CobrancaPixView, TarefasResponse } from '@cobranca/contracts';
import { hojeNoFuso, somarDias } from '@cobranca/dominio';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createTestUser, issueToken, type TestApp } from '../../test/build-test-app.ts';
import { type FakeCloudApi, iniciarFakeCloudApi } from '../../test/fake-cloud-api.ts';
import { anteciparTentativas, filaOciosa, jobsDa } from '../../test/fila.ts';
import { createPostgresTestDatabase, testDbKind } from '../../test/test-database.ts';
import type { App } from '../app.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { linhasDe } from '../db/linhas.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import {
  clientes,
  cobrancaPixContas,
  cobrancasPix,
  contasReceber,
  mensagens,
  pagamentos,
  pixRecebidos,
} from '../db/schema/index.ts';
import { iniciarFila } from '../fila/fila.ts';
import { tarefasMortas } from '../fila/painel.ts';
import { mensagemDaReferencia } from '../modules/canais/referencia-envio.ts';
import {
  cifrarSegredo,
  salvarWhatsappArmazenado,
  whatsappArmazenado,
} from '../modules/canais/whatsapp-settings.repository.ts';
import { inserirCliente, inserirConta, inserirMensagem } from '../modules/clientes/clientes.test-fixtures.ts';
import {
  buscarSistemaSettings,
  salvarSistemaSettings,
} from '../modules/configuracoes/configuracoes.repository.ts';
import { despacharMensagem } from '../modules/mensagens/jobs/despachar-mensagem.job.ts';
import { enviarTermos } from '../modules/negociacoes/jobs/enviar-termos.job.ts';
import { cobrarParcelas } from '../modules/pix/cobrancas/jobs/cobrar-parcelas.job.ts';
import { removerCobrancaNoPsp } from '../modules/pix/cobrancas/jobs/remover-cobranca.job.ts';
import { conciliarComPsp } from '../modules/pix/liquidacao/jobs/conciliar.job.ts';
import { confirmarNotificacaoPix } from '../modules/pix/liquidacao/jobs/confirmar-notificacao.job.ts';
import { liquidarPix } from '../modules/pix/liquidacao/jobs/liquidar-pix.job.ts';
import type { PixRecebido } from '../modules/pix/psp/api-pix-cliente.ts';
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

// Issue 30, "proof by faults": the real server (its embedded job workers) killed with SIGKILL while
// every kind of job is between its commit and its effect, then started again; each effect must have
// happened exactly once. The fakes apply what reaches them and hold the answer, so the kill lands
// after the effect at the provider and before the job knew; a second job of each type waits behind
// the held one, so the kill also lands after its commit and before it ran. The test opens the database
// only while the server is down (PGlite is single-process), on both databases alike.

const APP_KEY = randomBytes(32);
const APP_SECRET = 'segredo_do_app_efeitos_sigkill';
const hoje = hojeNoFuso(new Date());
const VALOR = 10_000;
const silencio = { info() {}, warn() {}, error() {} };

/** One customer per role in the scenario; the name is how the fake PSP's charges are told apart. */
type Cliente = { id: number; nome: string; conta: number };

describe('jobs killed with SIGKILL between their commit and their effect', () => {
  let pasta: string;
  let banco: { url: string; drop: () => Promise<void> } | undefined;
  let env: Record<string, string>;
  let psp: PspFalso;
  let retencao: RetencaoPsp;
  let canal: FakeCloudApi;
  let servidor: Servidor | undefined;

  const abrir = () =>
    openConfiguredDatabase({ databaseUrl: banco?.url, dataDir: pasta } as unknown as Config);

  /** The database open in this process (the server down), with an app that runs no job. */
  const comBanco = <T>(uso: (database: Database, app: App) => Promise<T>): Promise<T> =>
    comBancoParado(abrir, APP_KEY, uso);

  beforeAll(async () => {
    pasta = mkdtempSync(join(tmpdir(), 'cobranca-efeitos-'));
    if (testDbKind() === 'postgres') banco = await createPostgresTestDatabase();
    [psp, canal] = await Promise.all([iniciarPspFalso(), iniciarFakeCloudApi()]);
    retencao = reterRespostasDoPsp(psp);
    env = {
      ...(banco ? { DATABASE_URL: banco.url } : {}),
      DATA_DIR: pasta,
      APP_KEY: APP_KEY.toString('hex'),
      REGUA_EMBUTIDA: 'true',
      REGUA_INTERVALO_SEGUNDOS: '3600',
      LOG_LEVEL: 'error',
    };
  });
  afterAll(async () => {
    if (servidor) {
      servidor.processo.kill('SIGKILL');
      await servidor.saiu;
    }
    await psp?.fechar();
    await canal?.fechar();
    await banco?.drop();
    rmSync(pasta, { recursive: true, force: true });
  });

  it('every effect happens exactly once after the restart', { timeout: 240_000 }, async () => {
    // ---- Before: settings, customers, and the writes whose jobs the server will run. ----
    const preparo = await comBanco(async (database, app) => {
      const { db } = database;
      const operador = await createTestUser(database, 'operador');
      const op = bearer(await issueToken(database, operador.id));
      const admin = bearer(await issueToken(database, (await createTestUser(database, 'admin')).id));
      const superAdmin = await issueToken(database, (await createTestUser(database, 'super_admin')).id);
      const salvo = await app.inject({
        method: 'PUT',
        url: '/api/admin/configuracoes/pix',
        headers: admin,
        payload: configuracaoDoPspFalso(psp),
      });
      expect(salvo.statusCode, salvo.body).toBe(200);
      await app.inject({ method: 'POST', url: '/api/admin/configuracoes/pix/verificar', headers: admin });
      const registrado = psp.webhook?.webhookUrl;
      if (!registrado) throw new Error('webhook não registrado no PSP falso');
      const webhook = `${new URL(registrado).pathname}/pix`;
      // The régua stays off: its passes would charge and message the same customers.
      await salvarSistemaSettings(db, { ...(await buscarSistemaSettings(db)), automacao_ativa: false }, null);
      await salvarWhatsappArmazenado(
        db,
        whatsappArmazenado.parse({
          provedor: 'whatsapp_cloud',
          phone_number_id: canal.phoneNumberId,
          access_token: cifrarSegredo(APP_KEY, 'access_token', canal.token),
          app_secret: cifrarSegredo(APP_KEY, 'app_secret', APP_SECRET),
          api_version: canal.apiVersion,
          base_url: canal.url,
        }),
        null,
      );

      /** A customer with one open receivable; `mensagens`: it wrote lately (free text may go), else opted out. */
      const novo = async (nome: string, mensagensDeVolta: boolean): Promise<Cliente> => {
        const id = await inserirCliente(db, { nome, status: 'em_atendimento', operadorId: operador.id });
        const conta = await inserirConta(db, {
          clienteId: id,
          valorCentavos: VALOR,
          vencimento: somarDias(hoje, 10),
        });
        if (mensagensDeVolta) await inserirMensagem(db, { clienteId: id, direcao: 'entrada' });
        else await db.update(clientes).set({ optOutEm: new Date() }).where(eq(clientes.id, id));
        return { id, nome, conta };
      };
      const cobrar = async (c: Cliente) => {
        const r = await app.inject({
          method: 'POST',
          url: `/api/operador/clientes/${c.id}/cobrancas-pix`,
          headers: op,
        });
        expect(r.statusCode, r.body).toBe(201);
        return r.json<CobrancaPixView>().txid;
      };
      const pagarNaMao = async (c: Cliente) => {
        const r = await app.inject({
          method: 'POST',
          url: `/api/operador/clientes/${c.id}/pagamentos`,
          headers: op,
          payload: { conta_id: c.conta, valor: VALOR / 100, data: hoje, forma: 'dinheiro' },
        });
        expect(r.statusCode, r.body).toBe(201);
      };
      const acordo = async (c: Cliente) => {
        const r = await app.inject({
          method: 'POST',
          url: `/api/operador/clientes/${c.id}/negociacoes`,
          headers: op,
          payload: {
            contas: [c.conta],
            desconto: 0,
            parcelas: 3,
            primeiro_vencimento: somarDias(hoje, 5),
            intervalo_dias: 30,
          },
        });
        expect(r.statusCode, r.body).toBe(201);
        return r.json<{ negociacao: { id: number; parcelas_ids: number[] } }>().negociacao;
      };

      // PIX paid at the PSP: 5 notified (confirmar-notificacao runs 4 at once: 4 held, 1 waits), 1 the
      // webhook never announces (pix.conciliar finds it), 1 settled before the kill (pix.liquidar below).
      const pixClientes = [];
      for (let i = 1; i <= 7; i += 1) pixClientes.push(await novo(`Pagante ${i}`, false));
      const pixPagos: PixRecebido[] = [];
      for (const c of pixClientes) pixPagos.push(await psp.pagar(await cobrar(c), { notificar: false }));
      const notificar = async (i: number) => {
        const r = await app.inject({ method: 'POST', url: webhook, payload: { pix: [pixPagos[i]] } });
        expect(r.statusCode, r.body).toBe(200);
      };

      // pix.liquidar has no provider call to hold: its effect is one transaction. The state a kill
      // right after that commit leaves is the job still active with the PIX settled; here the 7th PIX
      // is settled by the real jobs in this process, then its job put back to active.
      await notificar(6);
      const fila = await iniciarFila({
        database,
        tarefas: [confirmarNotificacaoPix, liquidarPix],
        contexto: { db, appKey: APP_KEY, log: silencio },
        sondagemMs: 50,
      });
      await fila.ociosa();
      await fila.parar(1_000);
      const liquidado = await database.executarSql(
        `UPDATE pgboss.job SET state = 'active', completed_on = NULL, output = NULL
           WHERE name = $1 AND state = 'completed' RETURNING id`,
        [liquidarPix.nome],
      );
      expect(liquidado.rows).toHaveLength(1);
      for (let i = 0; i < 5; i += 1) await notificar(i);

      // Charges to remove (a payment by hand): 2, one held, one waiting. Their thank-yous and a third
      // one are mensagens.despachar (2 at once: 2 held, 1 waiting).
      const removidos = [await novo('Removida 1', true), await novo('Removida 2', true)];
      const txidsRemovidos = [];
      for (const c of removidos) txidsRemovidos.push(await cobrar(c));
      const agradecido = await novo('Agradecida', true);
      for (const c of [...removidos, agradecido]) await pagarNaMao(c);

      // Agreements: 2 with terms (negociacoes.enviar-termos: 1 held at the channel, 1 waiting), 2 whose
      // customer gets no message (pix.cobrar-parcelas at once: 1 held at the PSP, 1 waiting).
      const comTermos = [await novo('Acordo Termos 1', true), await novo('Acordo Termos 2', true)];
      const semTermos = [await novo('Acordo Parcelas 1', false), await novo('Acordo Parcelas 2', false)];
      const acordos = new Map<string, { id: number; parcelas_ids: number[] }>();
      for (const c of [...comTermos, ...semTermos]) acordos.set(c.nome, await acordo(c));

      return {
        superAdmin,
        pixClientes,
        pixPagos,
        removidos,
        txidsRemovidos,
        agradecido,
        comTermos,
        semTermos,
        acordos,
      };
    });
    const { pixClientes, pixPagos, removidos, txidsRemovidos, agradecido, comTermos, semTermos, acordos } =
      preparo;

    // ---- The server runs the jobs; every provider call of the first ones is applied and held. ----
    const devedor = (caminho: string) => {
      const txid = caminho.split('/').at(-1) ?? '';
      const corpo = psp.cobrancas.get(txid)?.corpo as { devedor?: { nome?: string } } | undefined;
      return corpo?.devedor?.nome;
    };
    const semTermosNomes = new Set(semTermos.map((c) => c.nome));
    retencao.reter(
      (metodo, caminho) =>
        (metodo === 'GET' && caminho.startsWith('/v2/pix')) ||
        metodo === 'PATCH' ||
        (metodo === 'PUT' && caminho.startsWith('/v2/cob') && semTermosNomes.has(devedor(caminho) ?? '')),
    );
    canal.atrasarRespostas(600_000);
    const chamadasAntes = psp.chamadas.length;
    servidor = await iniciarServidor(env);
    const retidas = (metodo: string, prefixo: string) =>
      retencao.retidas.filter((r) => r.metodo === metodo && r.caminho.startsWith(prefixo)).length;
    const emVoo = () => ({
      confirmar: retencao.retidas.filter((r) => r.metodo === 'GET' && r.caminho.startsWith('/v2/pix/'))
        .length,
      conciliar: retencao.retidas.filter((r) => r.metodo === 'GET' && r.caminho === '/v2/pix').length,
      remover: retidas('PATCH', '/v2/cob'),
      parcelas: retidas('PUT', '/v2/cob'),
      canal: canal.recebidas.length,
    });
    // cobrar-parcelas asks the PSP for every instalment at once: 3 PUTs held for the first agreement.
    const ALVO = { confirmar: 4, conciliar: 1, remover: 1, parcelas: 3, canal: 3 };
    // The kill must land before the callers' own 10 s timeouts turn the held calls into failed tries.
    await expect
      .poll(
        () => {
          const v = emVoo();
          return Object.entries(ALVO).every(([k, n]) => v[k as keyof typeof ALVO] >= n);
        },
        {
          timeout: 30_000,
          interval: 20,
        },
      )
      .toBe(true);
    servidor.processo.kill('SIGKILL');
    expect(await servidor.saiu).toBe('SIGKILL');
    servidor = undefined;
    expect(emVoo()).toEqual(ALVO);
    retencao.reter(null);
    canal.atrasarRespostas(0);

    // ---- Down: each type has its first job(s) active (effect done, answer lost) and the next waiting. ----
    await comBanco(async (database) => {
      const estados = async (nome: string) => (await jobsDa(database, nome)).map((j) => j.state).sort();
      expect(await estados(confirmarNotificacaoPix.nome)).toEqual([
        'active',
        'active',
        'active',
        'active',
        'completed',
        'created',
      ]);
      expect(await estados(liquidarPix.nome)).toEqual(['active']);
      expect(await estados(removerCobrancaNoPsp.nome)).toEqual(['active', 'created']);
      expect(await estados(despacharMensagem.nome)).toEqual(['active', 'active', 'created']);
      expect(await estados(enviarTermos.nome)).toEqual(['active', 'created']);
      expect(await estados(cobrarParcelas.nome)).toEqual(['active', 'created']);
      expect((await estados(conciliarComPsp.nome)).filter((s) => s === 'active')).toHaveLength(1);
      expect(
        await database.db.$count(
          pagamentos,
          inArray(
            pagamentos.clienteId,
            pixClientes.map((c) => c.id),
          ),
        ),
      ).toBe(1);
      // The limit of each held try passes; the maintenance hands them to the next process.
      expect(await expirarTentativasAtivas(database)).toBe(4 + 1 + 1 + 2 + 1 + 1 + 1);
    });

    // ---- Started again: the retries and the waiting jobs run through the same code. ----
    servidor = await iniciarServidor(env);
    const url = servidor.url;
    const nossos = new Set(
      [
        confirmarNotificacaoPix,
        liquidarPix,
        conciliarComPsp,
        removerCobrancaNoPsp,
        cobrarParcelas,
        enviarTermos,
        despacharMensagem,
      ].map((t) => t.nome),
    );
    await expect
      .poll(
        async () => {
          const r = await fetch(`${url}/api/super-admin/tarefas`, { headers: bearer(preparo.superAdmin) });
          const painel = (await r.json()) as {
            tipos: { nome: string; aguardando: number; em_execucao: number; mortas: number }[];
          };
          return painel.tipos
            .filter((t) => nossos.has(t.nome))
            .filter((t) => t.aguardando + t.em_execucao + t.mortas > 0)
            .map((t) => t.nome);
        },
        { timeout: 60_000, interval: 200 },
      )
      .toEqual([]);
    await pararServidor(servidor);
    servidor = undefined;
    const novasChamadas = psp.chamadas.slice(chamadasAntes);

    // ---- Exactly once, at the providers and in the database. ----
    await comBanco(async (database) => {
      const { db } = database;
      // Settlement (confirmar-notificacao, conciliar, liquidar): one payment per PIX, each receivable paid once.
      for (const [i, c] of pixClientes.entries()) {
        const pix = pixPagos[i];
        expect(await db.$count(pagamentos, eq(pagamentos.clienteId, c.id)), c.nome).toBe(1);
        expect(
          await db.$count(pixRecebidos, eq(pixRecebidos.endToEndId, pix?.endToEndId ?? '')),
          c.nome,
        ).toBe(1);
        const [conta] = await db.select().from(contasReceber).where(eq(contasReceber.id, c.conta));
        expect(conta, c.nome).toMatchObject({ status: 'paga', valorPagoCentavos: VALOR });
      }
      // The held reads were read again after the restart (what a retry must do), and settled once.
      expect(
        novasChamadas.filter((ch) => ch.metodo === 'GET' && ch.caminho.startsWith('/v2/pix/')).length,
      ).toBeGreaterThanOrEqual(5);

      // Removal: the PSP applied one removal per charge (a second try finds it removed: 400, done).
      for (const txid of txidsRemovidos) {
        const remocoes = psp.chamadas.filter(
          (ch) => ch.metodo === 'PATCH' && ch.caminho.endsWith(`/${txid}`),
        );
        expect(
          remocoes.filter((ch) => ch.status === 200),
          txid,
        ).toHaveLength(1);
        expect(psp.cobrancas.get(txid)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
        const [linha] = await db.select().from(cobrancasPix).where(eq(cobrancasPix.txid, txid));
        expect(linha).toMatchObject({ status: 'removida', remocaoPendente: false });
      }

      // Messages (thank-yous, terms): each reached the channel once.
      const porMensagem = new Map<number | null, number>();
      for (const r of canal.recebidas) {
        const id = mensagemDaReferencia(r.referencia ?? undefined);
        porMensagem.set(id, (porMensagem.get(id) ?? 0) + 1);
      }
      const esperadas = await db
        .select({ id: mensagens.id, cliente: mensagens.clienteId, tipo: mensagens.templateTipo })
        .from(mensagens)
        .where(
          and(
            inArray(
              mensagens.clienteId,
              [...removidos, agradecido, ...comTermos].map((c) => c.id),
            ),
            eq(mensagens.direcao, 'saida'),
          ),
        );
      expect(esperadas.map((m) => m.tipo).sort()).toEqual([
        'agradecimento',
        'agradecimento',
        'agradecimento',
        'negociacao',
        'negociacao',
      ]);
      for (const m of esperadas) expect(porMensagem.get(m.id), `mensagem ${m.id} (${m.tipo})`).toBe(1);
      expect([...porMensagem.values()].filter((n) => n > 1)).toEqual([]);

      // Agreement charges (enviar-termos for the 1st, cobrar-parcelas for the rest): one per instalment,
      // stored and at the PSP.
      for (const c of [...comTermos, ...semTermos]) {
        const negociacao = acordos.get(c.nome);
        const parcelas = negociacao?.parcelas_ids ?? [];
        expect(parcelas).toHaveLength(3);
        for (const parcela of parcelas) {
          const guardadas = linhasDe<{ n: number }>(
            await db.execute(sql`SELECT count(*)::int AS n FROM ${cobrancaPixContas} cpc
              JOIN ${cobrancasPix} cp ON cp.id = cpc.cobranca_id
              WHERE cpc.conta_id = ${parcela} AND cp.origem = 'acordo'`),
          );
          expect(guardadas[0]?.n, `${c.nome}, parcela ${parcela}`).toBe(1);
        }
        const noPsp = [...psp.cobrancas.values()].filter(
          (cob) => (cob.corpo as { devedor?: { nome?: string } }).devedor?.nome === c.nome,
        );
        // One per instalment at the PSP too: a retry asks under the instalment's own txid and finds the
        // charge the killed try left there (docs/produto.md §21).
        expect(
          noPsp.map((cob) => cob.txid),
          `${c.nome}: cobranças no PSP`,
        ).toHaveLength(parcelas.length);
      }
    });
  });
});

describe('a provider failing: backoff, then dead, then repeated', () => {
  let t: TestApp;
  let psp: PspFalso;
  let op: Record<string, string>;
  let superAdmin: Record<string, string>;
  let operadorId: number;

  beforeAll(async () => {
    t = await buildTestApp({ fila: { trabalhar: true, pixConciliacaoSegundos: 3_600, sondagemMs: 50 } });
    psp = await iniciarPspFalso();
    // The reconciliation scheduled at start runs against the simulator, before the PSP is set up.
    await filaOciosa(t.app);
    const operador = await createTestUser(t.database, 'operador');
    operadorId = operador.id;
    op = bearer(await issueToken(t.database, operador.id));
    superAdmin = bearer(await issueToken(t.database, (await createTestUser(t.database, 'super_admin')).id));
    const admin = bearer(await issueToken(t.database, (await createTestUser(t.database, 'admin')).id));
    const salvo = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/configuracoes/pix',
      headers: admin,
      payload: configuracaoDoPspFalso(psp),
    });
    expect(salvo.statusCode, salvo.body).toBe(200);
  });
  afterAll(async () => {
    await psp?.fechar();
    await t?.close();
  });

  /** A charge at the PSP whose debt is then paid by hand: its removal is the job under test. */
  const cobrancaARemover = async (nome: string, falhasDoPsp: number) => {
    const { db } = t.database;
    const id = await inserirCliente(db, { nome, status: 'em_atendimento', operadorId });
    await db.update(clientes).set({ optOutEm: new Date() }).where(eq(clientes.id, id));
    const conta = await inserirConta(db, {
      clienteId: id,
      valorCentavos: VALOR,
      vencimento: somarDias(hoje, 10),
    });
    const criada = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${id}/cobrancas-pix`,
      headers: op,
    });
    expect(criada.statusCode, criada.body).toBe(201);
    const { txid } = criada.json<CobrancaPixView>();
    psp.falharProximas(falhasDoPsp, 503);
    const pago = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${id}/pagamentos`,
      headers: op,
      payload: { conta_id: conta, valor: VALOR / 100, data: hoje, forma: 'dinheiro' },
    });
    expect(pago.statusCode, pago.body).toBe(201);
    return txid;
  };
  const jobDe = async (txid: string) => {
    const { rows } = await t.database.executarSql(
      `SELECT id::text, state::text, retry_count, output->>'message' AS erro,
         EXTRACT(epoch FROM start_after - now())::float AS espera
       FROM pgboss.job WHERE name = $1 AND singleton_key = $2`,
      [removerCobrancaNoPsp.nome, txid],
    );
    return rows[0] as { id: string; state: string; retry_count: number; erro: string | null; espera: number };
  };
  const remocoesAceitas = (txid: string) =>
    psp.chamadas.filter((c) => c.metodo === 'PATCH' && c.caminho.endsWith(`/${txid}`) && c.status === 200)
      .length;

  it('retries with the job’s exponential backoff while the PSP answers 503, and removes once it recovers', async () => {
    const FALHAS = 3;
    const txid = await cobrancaARemover('Recuo Exponencial', FALHAS);
    const { esperaSegundos } = removerCobrancaNoPsp.politica;
    for (let tentativa = 1; tentativa <= FALHAS; tentativa += 1) {
      await filaOciosa(t.app);
      const job = await jobDe(txid);
      expect(job).toMatchObject({ state: 'retry', retry_count: tentativa - 1 });
      expect(job.erro).toMatch(/503|indispon/i);
      // After the n-th failure pg-boss waits between esperaSegundos × 2^(n−1) and twice that.
      const base = esperaSegundos * 2 ** (tentativa - 1);
      expect(job.espera, `espera após a tentativa ${tentativa}`).toBeGreaterThan(base - 2);
      expect(job.espera, `espera após a tentativa ${tentativa}`).toBeLessThanOrEqual(2 * base);
      expect(remocoesAceitas(txid)).toBe(0);
      await anteciparTentativas(t.database);
    }
    await filaOciosa(t.app);
    expect(await jobDe(txid)).toMatchObject({ state: 'completed', retry_count: FALHAS });
    expect(remocoesAceitas(txid)).toBe(1);
    expect(psp.cobrancas.get(txid)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    const [linha] = await t.database.db.select().from(cobrancasPix).where(eq(cobrancasPix.txid, txid));
    expect(linha).toMatchObject({ status: 'removida', remocaoPendente: false });
  });

  it('dies after its last try with the last error, shown in the panel; repeated, it removes once', async () => {
    const { tentativas } = removerCobrancaNoPsp.politica;
    const txid = await cobrancaARemover('Tarefa Morta', tentativas);
    for (let tentativa = 1; tentativa < tentativas; tentativa += 1) {
      await filaOciosa(t.app);
      expect((await jobDe(txid)).state).toBe('retry');
      await anteciparTentativas(t.database);
    }
    await filaOciosa(t.app);
    const morto = await jobDe(txid);
    expect(morto).toMatchObject({ state: 'failed', retry_count: tentativas - 1 });
    expect(remocoesAceitas(txid)).toBe(0);
    expect(await tarefasMortas(t.database.db)).toContainEqual(
      expect.objectContaining({
        id: morto.id,
        nome: removerCobrancaNoPsp.nome,
        chave: txid,
        tentativas,
        erro: morto.erro,
      }),
    );
    const painel = await t.app.inject({
      method: 'GET',
      url: '/api/super-admin/tarefas',
      headers: superAdmin,
    });
    expect(painel.statusCode, painel.body).toBe(200);
    const { tipos, mortas } = painel.json<TarefasResponse>();
    expect(tipos.find((x) => x.nome === removerCobrancaNoPsp.nome)).toMatchObject({
      mortas: 1,
      aguardando: 0,
    });
    expect(mortas).toEqual([
      expect.objectContaining({ id: morto.id, chave: txid, erro: expect.stringMatching(/503|indispon/i) }),
    ]);

    // The PSP is back (no failure left): "Tentar de novo" runs it once more, and it succeeds.
    const repetida = await t.app.inject({
      method: 'POST',
      url: `/api/super-admin/tarefas/${morto.id}/repetir`,
      headers: superAdmin,
    });
    expect(repetida.statusCode, repetida.body).toBe(200);
    await filaOciosa(t.app);
    expect(await jobDe(txid)).toMatchObject({ state: 'completed' });
    expect(remocoesAceitas(txid)).toBe(1);
    expect(await tarefasMortas(t.database.db)).toEqual([]);
  });
});
