// One queue worker process of the "sending through the queue" run (bench/fila/envio-pela-fila.ts): the
// job loops of apps/api/src/fila/fila.ts over `bench.enviar-regua`, the Cloud API driver pointed at the
// fake server. Prints "pronto", starts on "vai" from stdin, prints "envio <instant> <message id>" as it
// hands a message to the driver, and "fim" once no job is waiting or running.
import { once } from 'node:events';
import { setTimeout as dormir } from 'node:timers/promises';
import { openPostgres } from '../../apps/api/src/db/client.ts';
import { iniciarFila, tarefasProntasOuAtivas } from '../../apps/api/src/fila/fila.ts';
import { criarWhatsappCloud } from '../../apps/api/src/modules/canais/whatsapp-cloud.ts';
import { tarefaDeEnvio } from './tarefa-envio.ts';

const [url, baseUrl, apiVersion, phoneNumberId, accessToken, concorrencia, sondagem, prazo] =
  process.argv.slice(2);
if (!url || !baseUrl || !apiVersion || !phoneNumberId || !accessToken || !prazo)
  throw new Error(
    'uso: processo-envio-fila <url> <baseUrl> <apiVersion> <phone> <token> <conc> <sondagemMs> <prazoMs>',
  );

const database = await openPostgres(url, 10);
const agora = () => performance.timeOrigin + performance.now();
const whatsapp = criarWhatsappCloud({ baseUrl, apiVersion, phoneNumberId, accessToken });
const tarefa = tarefaDeEnvio(
  {
    canal: whatsapp.canal,
    provedor: whatsapp.provedor,
    enviar: (envio) => {
      process.stdout.write(`envio ${agora()} ${envio.mensagemId}\n`);
      return whatsapp.enviar(envio);
    },
  },
  Number(concorrencia),
);
const silencio = { info() {}, warn() {}, error() {} };
process.stdout.write('pronto\n');
await once(process.stdin, 'data');
process.stdin.pause();
const fila = await iniciarFila({
  database,
  tarefas: [tarefa],
  contexto: { db: database.db, appKey: Buffer.alloc(32), log: silencio },
  sondagemMs: Number(sondagem),
});
const fim = Date.now() + Number(prazo);
const esperando = async () =>
  (
    await database.executarSql(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
      [tarefa.nome],
    )
  ).rows[0] as { n: number };
while (
  Date.now() < fim &&
  ((await esperando()).n > 0 || (await tarefasProntasOuAtivas(database, [tarefa])) > 0)
)
  await dormir(500);
await fila.parar(5_000);
await database.close();
process.stdout.write('fim\n');
