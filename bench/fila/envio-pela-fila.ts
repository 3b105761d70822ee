// The régua's sending run through the job queue instead of the outbox (decision 031, point "sending both
// ways"): `npx tsx bench/fila/envio-pela-fila.ts [mensagens]` on BENCH_DATABASE_URL's PostgreSQL. The
// same load as the sending row (README § Performance): messages due now, 80 msg/s allowance, three
// worker processes, one SIGKILLed 5 s in, the fake Cloud API refusing what goes over 80 in any second.
// A queue has no shared allowance, so the pace is the only one a queue offers: each message's job
// scheduled 1/80 s after the previous one (start_after).
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { setTimeout as dormir } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sistemaSettings } from '@cobranca/contracts';
import { hojeNoFuso } from '@cobranca/dominio';
import { sql } from 'drizzle-orm';
import { linhasDe } from '../../apps/api/src/db/linhas.ts';
import { enfileirar } from '../../apps/api/src/fila/enfileirar.ts';
import { instalarFila } from '../../apps/api/src/fila/instalar.ts';
import { salvarSistemaSettings } from '../../apps/api/src/modules/configuracoes/configuracoes.repository.ts';
import { iniciarFakeCloudApi } from '../../apps/api/test/fake-cloud-api.ts';
import { abrirBancoBench } from '../banco.ts';
import { idNoTexto, maximoEmUmSegundo, textoDe } from '../engine/envio.bench.ts';
import { gerarFilaEnvio } from '../engine/gerar.ts';
import { tarefaDeEnvio } from './tarefa-envio.ts';

const VAZAO = 80;
const WORKERS = 3;
const MATAR_APOS_MS = 5_000;
const CONCORRENCIA = Number(process.env.CONCORRENCIA ?? 4);
const SONDAGEM_MS = Number(process.env.SONDAGEM_MS ?? 50);
const mensagens = Number(process.argv[2] ?? 2_400);

const banco = await abrirBancoBench();
// Here only to install the queue and enqueue: the workers send.
const tarefa = tarefaDeEnvio(
  {
    canal: 'whatsapp',
    provedor: 'whatsapp_cloud',
    enviar: () => Promise.reject(new Error('o processo principal só enfileira')),
  },
  1,
);
try {
  const sempre = { inicio: '00:00', fim: '23:59' };
  const janela = { dias_uteis: sempre, sabado: sempre, domingo: sempre, feriados_nacionais: true };
  await salvarSistemaSettings(
    banco.database.db,
    { ...sistemaSettings.parse({}), vazao_canal_por_segundo: VAZAO, janela_envio: janela },
    null,
  );
  await instalarFila(banco.database, [tarefa]);
  await gerarFilaEnvio(banco.url, mensagens, hojeNoFuso(new Date()), false);
  // Each message held by its "creator" until its job takes it (as mensagens.despachar's are).
  const reservas = linhasDe<{ id: number; prazo: string }>(
    await banco.database.db.execute(sql`
      UPDATE mensagens SET bloqueada_ate = now() + interval '30 minutes'
      WHERE origem = 'regua' AND status = 'pendente' RETURNING id, bloqueada_ate::text AS prazo`),
  ).sort((a, b) => Number(a.id) - Number(b.id));
  const t0 = Date.now() + 15_000;
  for (const [i, r] of reservas.entries())
    await enfileirar(
      banco.database.db,
      tarefa,
      { mensagem_id: Number(r.id), prazo: r.prazo },
      { apos: new Date(t0 + (i * 1_000) / VAZAO) },
    );

  const fake = await iniciarFakeCloudApi();
  fake.limitePorSegundo(VAZAO);
  const script = fileURLToPath(new URL('./processo-envio-fila.ts', import.meta.url));
  const saidas: { instante: number; id: number }[] = [];
  const workers = Array.from({ length: WORKERS }, () => {
    const processo: ChildProcessByStdio<Writable, Readable, null> = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        script,
        banco.url,
        fake.url,
        fake.apiVersion,
        fake.phoneNumberId,
        fake.token,
        String(CONCORRENCIA),
        String(SONDAGEM_MS),
        String(mensagens * 50 + 180_000),
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    let resto = '';
    let pronto: () => void = () => {};
    const prontoP = new Promise<void>((r) => {
      pronto = r;
    });
    processo.stdout.on('data', (parte: Buffer) => {
      const linhas = (resto + parte.toString()).split('\n');
      resto = linhas.pop() ?? '';
      for (const l of linhas) {
        const [tipo, instante, id] = l.split(' ');
        if (tipo === 'pronto') pronto();
        if (tipo === 'envio') saidas.push({ instante: Number(instante), id: Number(id) });
      }
    });
    const fim = new Promise<void>((r) => processo.on('exit', () => r()));
    return { processo, pronto: prontoP, fim };
  });
  await Promise.all(workers.map((w) => w.pronto));
  for (const w of workers) w.processo.stdin.end('vai\n');
  await dormir(t0 - Date.now() + MATAR_APOS_MS);
  workers[WORKERS - 1]?.processo.kill('SIGKILL');
  const morte = Date.now();
  await Promise.all(workers.map((w) => w.fim));

  const recebidas = [...fake.recebidas].sort((a, b) => a.instante - b.instante);
  const porMensagem = new Map<number, number>();
  for (const r of recebidas) {
    const id = idNoTexto(textoDe(r.corpo));
    porMensagem.set(id, (porMensagem.get(id) ?? 0) + 1);
  }
  const instantes = recebidas.map((r) => r.instante);
  const corrida = instantes.filter((t) => t < t0 + (mensagens * 1_000) / VAZAO + 3_000);
  const taxa =
    corrida.length > 1 ? ((corrida.length - 1) / ((corrida.at(-1) ?? 0) - (corrida[0] ?? 0))) * 1_000 : 0;
  const status = linhasDe<{ status: string; n: number }>(
    await banco.database.db.execute(sql`
      SELECT status, count(*)::int AS n FROM mensagens WHERE origem = 'regua' GROUP BY status`),
  );
  const jobs = linhasDe<{ state: string; n: number }>(
    await banco.database.db.execute(sql`
      SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = ${tarefa.nome} GROUP BY state`),
  );
  const resultado = {
    mensagens,
    concorrencia_por_processo: CONCORRENCIA,
    sondagem_ms: SONDAGEM_MS,
    taxa_msg_s: Number(taxa.toFixed(1)),
    percentual_da_vazao: Number(((taxa / VAZAO) * 100).toFixed(1)),
    maximo_em_1s_aceitas: maximoEmUmSegundo(instantes).maximo,
    maximo_em_1s_saidas: maximoEmUmSegundo(saidas.map((s) => s.instante).sort((a, b) => a - b)).maximo,
    recusadas_pelo_limite: fake.excedeuLimite,
    duplicadas: [...porMensagem.values()].reduce((s, n) => s + Math.max(0, n - 1), 0),
    nao_enviadas: mensagens - porMensagem.size,
    ultima_apos_morte_s: ((instantes.at(-1) ?? morte) - morte) / 1_000,
    status_no_banco: Object.fromEntries(status.map((s) => [s.status, s.n])),
    jobs: Object.fromEntries(jobs.map((j) => [j.state, j.n])),
  };
  console.log(JSON.stringify(resultado, null, 2));
  await fake.fechar();
} finally {
  await banco.fechar();
}
