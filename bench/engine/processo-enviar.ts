// One outbox sender in a process of its own (the sending row runs three and SIGKILLs one mid-run):
// `enviarPendentes` with its own pool, the system clock and the Cloud API driver pointed at the fake
// server, pass after pass one second apart (the engine's pass interval, shortened) until nothing is
// pending or the deadline passes. Prints "pronto" once connected, starts on "vai" from stdin, prints
// "envio <instant> <message id>" as it hands each message to the driver (stdout on a pipe is written
// synchronously, so a SIGKILL loses none of them) and "fim <totals as JSON>" at the end. With an APP_KEY
// (hex) as last argument, the messages' PIX charges come from the stored provider, as in the worker
// (deps-processo.ts), and each charge the PSP fails prints "pix-adiada" (the message waits for it).
// The totals carry how late its event loop ran (p99, p99.9 and worst, ms): a stalled sender's slots go
// unused, which is where the rate goes on a busy machine.
import { once } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as dormir } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../../apps/api/src/db/client.ts';
import { linhasDe } from '../../apps/api/src/db/linhas.ts';
import { relogioDoSistema } from '../../apps/api/src/lib/relogio.ts';
import { type CanalDriver, soWhatsapp } from '../../apps/api/src/modules/canais/canal.ts';
import { criarWhatsappCloud } from '../../apps/api/src/modules/canais/whatsapp-cloud.ts';
import {
  buscarKillSwitchAtivo,
  buscarSistemaSettings,
} from '../../apps/api/src/modules/configuracoes/configuracoes.repository.ts';
import {
  type ProvedorConfigurado,
  provedorPixAtivo,
} from '../../apps/api/src/modules/pix/configuracao/provedor-ativo.ts';
import { enviarPendentes, type ResultadoEnvios } from '../../apps/api/src/modules/regua/enviador.ts';

const [url, baseUrl, apiVersion, phoneNumberId, accessToken, prazo, appKey] = process.argv.slice(2);
if (!url || !baseUrl || !apiVersion || !phoneNumberId || !accessToken || !prazo)
  throw new Error(
    'uso: processo-enviar <url> <baseUrl> <apiVersion> <phoneNumberId> <token> <prazoMs> [appKeyHex]',
  );

const CONEXOES = 10;
const database = await openPostgres(url, CONEXOES);
const { db } = database;
let erros = 0;
const agora = () => performance.timeOrigin + performance.now();
const canalDe = async (): Promise<CanalDriver> => {
  const canal = criarWhatsappCloud({ baseUrl, apiVersion, phoneNumberId, accessToken });
  return {
    canal: canal.canal,
    provedor: canal.provedor,
    enviar: (envio) => {
      process.stdout.write(`envio ${agora()} ${envio.mensagemId}\n`);
      return canal.enviar(envio);
    },
  };
};
const pixDe = async (): Promise<ProvedorConfigurado> => {
  const pix = await provedorPixAtivo(db, Buffer.from(appKey ?? '', 'hex'));
  return {
    ...pix,
    provedor: {
      ...pix.provedor,
      criarCobranca: (pedido) =>
        pix.provedor.criarCobranca(pedido).catch((erro: unknown) => {
          process.stdout.write('pix-adiada\n');
          throw erro;
        }),
    },
  };
};
const deps = {
  db,
  appKey: Buffer.from(appKey ?? '', 'hex'),
  canaisDe: async () => soWhatsapp(await canalDe()),
  ...(appKey ? { pixDe } : {}),
  relogio: relogioDoSistema,
  aoFalhar: () => {
    erros += 1;
  },
};
// What the engine's pass gives the sender (motor.ts): the stored settings and both automation switches.
const carregar = async () => {
  const [settings, killSwitch] = await Promise.all([buscarSistemaSettings(db), buscarKillSwitchAtivo(db)]);
  return { settings, automacaoLigada: killSwitch && settings.automacao_ativa };
};
const pendentes = async () =>
  linhasDe<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM mensagens WHERE status = 'pendente'`),
  )[0]?.n ?? 0;

// A worker that has been running for a while: every connection of its pool open and past its first
// queries on the engine's tables (the pool keeps them: db/client.ts), HTTP client loaded, connection to
// the channel open (a cold start's first sends are late and would then go out together).
await Promise.all(
  Array.from({ length: CONEXOES }, () =>
    db.execute(sql`SELECT pg_sleep(0.05), (SELECT count(*) FROM mensagens WHERE id < 0),
      (SELECT count(*) FROM clientes WHERE id < 0), (SELECT count(*) FROM regua_envios WHERE conta_id < 0),
      (SELECT count(*) FROM contas_receber WHERE id < 0), (SELECT count(*) FROM canal_vazao),
      (SELECT count(*) FROM cobrancas_pix WHERE id < 0)`),
  ),
);
await fetch(`${baseUrl}/${apiVersion}/${phoneNumberId}?fields=id`, {
  headers: { authorization: `Bearer ${accessToken}` },
}).then((r) => r.arrayBuffer());
// The same for the PSP: token obtained and a batch's worth of mutual-TLS connections open (the sender
// creates a claimed batch's charges at once; an unknown PIX is a 404, nothing more).
if (appKey) {
  const { provedor } = await pixDe();
  const lote = Math.min(100, Math.ceil((await buscarSistemaSettings(db)).vazao_canal_por_segundo / 4));
  await Promise.all(
    Array.from({ length: lote }, () => provedor.consultarPix('E00000000000000000000000000000000')),
  );
}
process.stdout.write('pronto\n');
await once(process.stdin, 'data');
process.stdin.pause();

const atrasoDoLaco = monitorEventLoopDelay({ resolution: 2 });
atrasoDoLaco.enable();
const fim = Date.now() + Number(prazo);
const total: ResultadoEnvios = { enviadas: 0, falhas: 0, reagendadas: 0, canceladas: 0 };
let passadas = 0;
for (;;) {
  const r = await enviarPendentes(deps, carregar);
  passadas += 1;
  total.enviadas += r.enviadas;
  total.falhas += r.falhas;
  total.reagendadas += r.reagendadas;
  total.canceladas += r.canceladas;
  if ((await pendentes()) === 0 || Date.now() > fim) break;
  await dormir(1_000);
}
await database.close();
const ms = (ns: number) => Math.round(ns / 1e5) / 10;
const laco = {
  p99: ms(atrasoDoLaco.percentile(99)),
  p999: ms(atrasoDoLaco.percentile(99.9)),
  max: ms(atrasoDoLaco.max),
};
process.stdout.write(`fim ${JSON.stringify({ ...total, erros, passadas, laco })}\n`);
