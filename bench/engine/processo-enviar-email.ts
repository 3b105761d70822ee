// One outbox sender of the e-mail row in a process of its own (the row runs three and SIGKILLs one
// mid-run): `enviarPendentes` with its own pool, the system clock and the e-mail driver (`criarCanalEmail`)
// pointed at the SMTP server on loopback, DKIM-signed, pass after pass one second apart until nothing is
// pending or the deadline passes. The settings are built here as `buscarEmailConfigurado` answers them
// (the DKIM key comes in BENCH_DKIM_CHAVE, the same for every sender). Prints "pronto" once warmed up,
// starts on "vai" from stdin, prints "envio <instant> <message id>" as it hands each message to the
// driver (stdout on a pipe is written synchronously, so a SIGKILL loses none), "feito <ms>" when the
// driver answers, and "fim <totals as JSON>".
import { once } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as dormir } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../../apps/api/src/db/client.ts';
import { linhasDe } from '../../apps/api/src/db/linhas.ts';
import { type Relogio, relogioDoSistema } from '../../apps/api/src/lib/relogio.ts';
import type { CanalDriver } from '../../apps/api/src/modules/canais/canal.ts';
import { criarCanalEmail } from '../../apps/api/src/modules/canais/email/canal-email.ts';
import type { EmailConfigurado } from '../../apps/api/src/modules/canais/email/email-settings.repository.ts';
import {
  buscarKillSwitchAtivo,
  buscarSistemaSettings,
} from '../../apps/api/src/modules/configuracoes/configuracoes.repository.ts';
import { enviarPendentes, type ResultadoEnvios } from '../../apps/api/src/modules/regua/enviador.ts';
import { ATRASO_TOLERADO_MS } from '../../apps/api/src/modules/regua/vazao.ts';

const [url, host, porta, limitePorMinuto, remetente, prazo, appKey] = process.argv.slice(2);
const chavePrivada = process.env.BENCH_DKIM_CHAVE;
if (!url || !host || !porta || !limitePorMinuto || !remetente || !prazo || !appKey || !chavePrivada)
  throw new Error(
    'uso: BENCH_DKIM_CHAVE=<pem> processo-enviar-email <url> <host> <porta> <limitePorMinuto> <remetente> <prazoMs> <appKeyHex>',
  );

const CONEXOES = 10;
const database = await openPostgres(url, CONEXOES);
const { db } = database;
const dominio = remetente.slice(remetente.lastIndexOf('@') + 1);
const dkim = { dominio, seletor: 'cobranca', chavePrivada };
const cfg: EmailConfigurado = {
  provedor: 'smtp',
  smtp: {
    host,
    porta: Number(porta),
    seguranca: 'nenhuma',
    usuario: null,
    senha: null,
    remetente: { email: remetente, nome: 'Credor Bench' },
    dkim,
  },
  remetente: { email: remetente, nome: 'Credor Bench' },
  dkim,
  imap: null,
  limitePorMinuto: Number(limitePorMinuto),
};
const email = criarCanalEmail(db, Buffer.from(appKey, 'hex'), cfg);
let erros = 0;
const agora = () => performance.timeOrigin + performance.now();
const medido: CanalDriver = {
  canal: email.canal,
  provedor: email.provedor,
  porSegundo: email.porSegundo,
  enviar: async (envio) => {
    const inicio = agora();
    process.stdout.write(`envio ${inicio} ${envio.mensagemId}\n`);
    const resultado = await email.enviar(envio);
    process.stdout.write(`feito ${agora() - inicio}\n`);
    return resultado;
  },
};
// The system clock, counting every wait that ends later than a slot tolerates: a slot wait among them gives
// its slot up for a fresh one, so on a busy machine they are what keeps the rate under the allowance.
let timersAtrasados = 0;
const relogio: Relogio = {
  agora: relogioDoSistema.agora,
  esperar: async (ms) => {
    if (ms <= 0) return;
    const alvo = agora() + ms;
    await relogioDoSistema.esperar(ms);
    if (agora() - alvo > ATRASO_TOLERADO_MS) timersAtrasados += 1;
  },
};
const deps = {
  db,
  appKey: Buffer.from(appKey, 'hex'),
  canaisDe: async () => ({ whatsapp: null, email: medido, sms: null }),
  relogio,
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
// queries on the engine's tables, MJML loaded and the pooled SMTP connection open (a cold start's first
// e-mails are late and would then go out together). The warm-up e-mail is message 0 (no such row):
// the row forgets what the server took before the run.
await Promise.all(
  Array.from({ length: CONEXOES }, () =>
    db.execute(sql`SELECT pg_sleep(0.05), (SELECT count(*) FROM mensagens WHERE id < 0),
      (SELECT count(*) FROM clientes WHERE id < 0), (SELECT count(*) FROM regua_envios WHERE conta_id < 0),
      (SELECT count(*) FROM contas_receber WHERE id < 0), (SELECT count(*) FROM canal_vazao),
      (SELECT count(*) FROM cobrancas_pix WHERE id < 0), (SELECT count(*) FROM opt_outs_canal),
      (SELECT count(*) FROM emails_devolvidos)`),
  ),
);
const aquecimento = await email.enviar({
  mensagemId: 0,
  clienteId: null,
  telefone: null,
  email: 'aquecimento@exemplo.com.br',
  assunto: 'Aquecimento',
  conteudo: 'Aquecimento do worker de envio.',
});
if (!aquecimento.ok) throw new Error(`aquecimento recusado: ${aquecimento.erroMensagem}`);
process.stdout.write('pronto\n');
await once(process.stdin, 'data');
process.stdin.pause();
// How long the event loop was held (MJML layout and DKIM signing run on it): what makes slot waits late.
const atrasoDoLaco = monitorEventLoopDelay({ resolution: 10 });
atrasoDoLaco.enable();
const cpuAntes = process.cpuUsage();

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
const cpu = process.cpuUsage(cpuAntes);
atrasoDoLaco.disable();
await database.close();
const laco = {
  lacoP50Ms: atrasoDoLaco.percentile(50) / 1e6,
  lacoP99Ms: atrasoDoLaco.percentile(99) / 1e6,
  lacoMaxMs: atrasoDoLaco.max / 1e6,
  cpuMs: (cpu.user + cpu.system) / 1_000,
};
process.stdout.write(`fim ${JSON.stringify({ ...total, erros, passadas, timersAtrasados, ...laco })}\n`);
// The pooled SMTP connection would keep the process alive.
process.exit(0);
