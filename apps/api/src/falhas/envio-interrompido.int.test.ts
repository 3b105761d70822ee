import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type FakeCloudApi, iniciarFakeCloudApi, type MensagemRecebida } from '../../test/fake-cloud-api.ts';
import { testDbKind } from '../../test/test-database.ts';
import { linhasDe } from '../db/linhas.ts';
import { mensagemDaReferencia } from '../modules/canais/referencia-envio.ts';
import {
  cifrarSegredo,
  salvarWhatsappArmazenado,
  whatsappArmazenado,
} from '../modules/canais/whatsapp-settings.repository.ts';
import { configurar, inserirPendentesCloud, JANELA_SEMPRE } from '../modules/regua/regua.test-fixtures.ts';

// Issue 8, fault list: a worker SIGKILLed while it sends (requests accepted by the Cloud API, answers
// not yet recorded) must not make a customer get a message twice once the others take over. Real
// `npm run worker` processes on a PostgreSQL database of their own, the fake Cloud API on loopback
// holding each answer so the kill lands with requests in flight, and Meta's status webhooks delivered
// to the app, signed, for everything the fake accepted.

const RAIZ = fileURLToPath(new URL('../../../..', import.meta.url));
const APP_KEY = randomBytes(32);
const APP_SECRET = 'segredo_do_app_envio_interrompido';
// 12 s of sending at the allowance: the kill (at a third) lands mid-send even when a loaded CI run
// starves this test's polling for seconds.
const MENSAGENS = 600;
const VAZAO = 50;
const ATRASO_RESPOSTA_MS = 400;
const RECUO = "interval '2 hours'";

type Linha = { msg: string; time: number };
type Worker = { processo: ChildProcess; logs: Linha[]; saiu: Promise<void> };

/** `npm run worker` against the test database, its pino lines kept as they come. */
const iniciarWorker = (databaseUrl: string): Worker => {
  const processo = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/worker.ts'], {
    cwd: RAIZ,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      APP_KEY: APP_KEY.toString('hex'),
      REGUA_INTERVALO_SEGUNDOS: '1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs: Linha[] = [];
  let resto = '';
  processo.stdout?.on('data', (parte: Buffer) => {
    const linhas = (resto + parte.toString()).split('\n');
    resto = linhas.pop() ?? '';
    for (const linha of linhas) if (linha.startsWith('{')) logs.push(JSON.parse(linha) as Linha);
  });
  const saiu = new Promise<void>((resolve) => processo.once('exit', () => resolve()));
  return { processo, logs, saiu };
};

const iniciado = (w: Worker) =>
  expect.poll(() => w.logs.some((l) => l.msg === 'worker da régua iniciado'), { timeout: 60_000 }).toBe(true);

const encerrar = async (w: Worker, sinal: NodeJS.Signals) => {
  if (w.processo.exitCode === null && w.processo.signalCode === null) w.processo.kill(sinal);
  await w.saiu;
};

describe.runIf(testDbKind() === 'postgres')('a worker killed with SIGKILL while sending', () => {
  let t: TestApp;
  let fake: FakeCloudApi;
  let databaseUrl: string;
  const workers: Worker[] = [];

  const contar = async (onde: SQL) =>
    linhasDe<{ n: number }>(
      await t.database.db.execute(sql`SELECT count(*)::int AS n FROM mensagens WHERE ${onde}`),
    )[0]?.n ?? -1;

  /** Meta's `sent` status of an accepted message, one signed notification each, as Meta posts them. */
  const entregarStatus = async (recebidas: MensagemRecebida[]) => {
    for (const r of recebidas) {
      const status = {
        id: r.wamid,
        status: 'sent',
        timestamp: String(Math.floor(r.instante / 1000)),
        recipient_id: r.para,
        ...(r.referencia === null ? {} : { biz_opaque_callback_data: r.referencia }),
      };
      const corpo = Buffer.from(
        JSON.stringify({
          object: 'whatsapp_business_account',
          entry: [
            {
              id: '102290129340398',
              changes: [
                {
                  field: 'messages',
                  value: {
                    messaging_product: 'whatsapp',
                    metadata: { display_phone_number: '5511940028922', phone_number_id: fake.phoneNumberId },
                    statuses: [status],
                  },
                },
              ],
            },
          ],
        }),
      );
      const assinatura = `sha256=${createHmac('sha256', APP_SECRET).update(corpo).digest('hex')}`;
      const resposta = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': assinatura },
        payload: corpo,
      });
      expect(resposta.statusCode, resposta.body).toBe(200);
    }
  };

  beforeAll(async () => {
    [t, fake] = await Promise.all([buildTestApp({ appKey: APP_KEY }), iniciarFakeCloudApi()]);
    const [banco] = linhasDe<{ nome: string }>(
      await t.database.db.execute(sql`SELECT current_database() AS nome`),
    );
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${banco?.nome}`;
    databaseUrl = url.toString();
    const { db } = t.database;
    await salvarWhatsappArmazenado(
      db,
      whatsappArmazenado.parse({
        provedor: 'whatsapp_cloud',
        phone_number_id: fake.phoneNumberId,
        access_token: cifrarSegredo(APP_KEY, 'access_token', fake.token),
        app_secret: cifrarSegredo(APP_KEY, 'app_secret', APP_SECRET),
        api_version: fake.apiVersion,
        base_url: fake.url,
      }),
      null,
    );
    await configurar(db, { janela_envio: JANELA_SEMPRE, vazao_canal_por_segundo: VAZAO });
    await inserirPendentesCloud(db, MENSAGENS);
    fake.atrasarRespostas(ATRASO_RESPOSTA_MS);
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => encerrar(w, 'SIGKILL')));
    await fake?.fechar();
    await t?.close();
  });

  it('sends every message exactly once after the restart, the ones in flight reconciled by the webhook', {
    timeout: 240_000,
  }, async () => {
    // The victim sends from the start, so it surely has requests in flight when it dies; the other
    // worker joins while it sends, and they share the queue and the allowance.
    const vitima = iniciarWorker(databaseUrl);
    workers.push(vitima);
    await iniciado(vitima);
    const sobrevivente = iniciarWorker(databaseUrl);
    workers.push(sobrevivente);
    await iniciado(sobrevivente);
    await expect
      .poll(() => fake.recebidas.length, { timeout: 60_000, interval: 20 })
      .toBeGreaterThanOrEqual(MENSAGENS / 3);
    vitima.processo.kill('SIGKILL');
    await vitima.saiu;
    const morte = new Date();
    // The survivor completes a pass that started after the kill (passes run one after another): it holds
    // no message any more, every answer it got is recorded, and what is still pending is the victim's
    // (leased, or in flight when it died). Read from its passes' records, not its log: a pass that found
    // nothing to send logs nothing, and a loaded CI run twice waited in vain for such a log line.
    const passadaDepoisDaMorte = sql`worker LIKE ${`%:${sobrevivente.processo.pid}`}
      AND iniciada_em > ${morte.toISOString()}::timestamptz AND concluida_em IS NOT NULL`;
    await expect
      .poll(
        async () =>
          linhasDe<{ n: number }>(
            await t.database.db.execute(
              sql`SELECT count(*)::int AS n FROM regua_execucoes WHERE ${passadaDepoisDaMorte}`,
            ),
          )[0]?.n,
        { timeout: 120_000, interval: 250 },
      )
      .toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, ATRASO_RESPOSTA_MS * 2)); // the victim's last bytes
    const aceitasSemResposta = await contar(sql`status = 'pendente' AND id IN (
      SELECT jsonb_array_elements_text(${JSON.stringify(
        fake.recebidas.map((r) => mensagemDaReferencia(r.referencia ?? undefined)),
      )}::jsonb)::bigint)`);
    expect(aceitasSemResposta, 'the kill must land with requests accepted and unanswered').toBeGreaterThan(0);

    // The victim's lease runs out (moved back rather than waited for) and a replacement starts.
    await t.database.db.execute(
      sql`UPDATE mensagens SET bloqueada_ate = bloqueada_ate - ${sql.raw(RECUO)} WHERE status = 'pendente'`,
    );
    const substituto = iniciarWorker(databaseUrl);
    workers.push(substituto);
    // Everything goes out but what the victim had started sending: its outcome is unknown.
    await expect
      .poll(
        () =>
          contar(
            sql`status = 'pendente' AND (envio_iniciado_em IS NULL OR envio_iniciado_em > ${morte.toISOString()}::timestamptz)`,
          ),
        { timeout: 90_000, interval: 250 },
      )
      .toBe(0);

    // Meta's status webhooks for what it accepted, then the reconciliation period passes.
    await entregarStatus([...fake.recebidas]);
    await t.database.db.execute(
      sql`UPDATE mensagens SET envio_iniciado_em = envio_iniciado_em - ${sql.raw(RECUO)} WHERE status = 'pendente'`,
    );
    await expect.poll(() => contar(sql`status = 'pendente'`), { timeout: 60_000, interval: 250 }).toBe(0);

    const porMensagem = new Map<number | null, MensagemRecebida[]>();
    for (const r of fake.recebidas) {
      const id = mensagemDaReferencia(r.referencia ?? undefined);
      porMensagem.set(id, [...(porMensagem.get(id) ?? []), r]);
    }
    const repetidas = [...porMensagem].filter(([, rs]) => rs.length > 1).map(([id]) => id);
    expect(repetidas, 'messages the customer got more than once').toEqual([]);
    expect(porMensagem.size).toBe(MENSAGENS);
    const linhas = linhasDe<{ id: number; status: string; canal_mensagem_id: string | null }>(
      await t.database.db.execute(
        sql`SELECT id::int AS id, status, canal_mensagem_id FROM mensagens WHERE origem = 'regua' ORDER BY id`,
      ),
    );
    expect(linhas).toHaveLength(MENSAGENS);
    for (const l of linhas)
      expect(l, `mensagem ${l.id}`).toEqual({
        id: l.id,
        status: 'enviada',
        canal_mensagem_id: porMensagem.get(l.id)?.[0]?.wamid,
      });
  });
});
