import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { setTimeout as dormir } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sistemaSettings } from '@cobranca/contracts';
import { hojeNoFuso } from '@cobranca/dominio';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { linhasDe } from '../../apps/api/src/db/linhas.ts';
import { mensagemDaReferencia } from '../../apps/api/src/modules/canais/referencia-envio.ts';
import { salvarSistemaSettings } from '../../apps/api/src/modules/configuracoes/configuracoes.repository.ts';
import { registrarStatusCanal } from '../../apps/api/src/modules/mensagens/status-entrega.repository.ts';
import { LEASE_MS, RECONCILIACAO_MS } from '../../apps/api/src/modules/mensagens/tentativas.ts';
import { dentroDaJanela, proximaAbertura } from '../../apps/api/src/modules/regua/calendario.ts';
import { MARCADOR_PIX } from '../../apps/api/src/modules/regua/mensagem-regua.ts';
import type { MensagemRecebida } from '../../apps/api/test/fake-cloud-api.ts';
import { type BancoBench, comCliente, OPCOES_NODE_DO_APP } from '../banco.ts';
import { medirCpuPorPrograma } from '../cpu-por-programa.ts';
import { iniciarPixBench, LATENCIA_PSP_MS, type PixBench } from '../pix/psp.ts';
import { type LinhaBench, percentil } from '../resultado.ts';
import { gerarFilaEnvio } from './gerar.ts';
import type { ProntoFake, RelatorioFake } from './processo-fake-cloud-api.ts';

// README.md § Performance, "engine sending at the 80 msg/s allowance": three outbox senders (own process, own
// pool each) against the fake Cloud API on loopback, one SIGKILLed mid-run; what the fake server saw.
// `comPix`: the same run, each message carrying the PIX charge its sender creates at the fake PSP.

const WORKERS = 3;
const MATAR_APOS_MS = 5_000;
/** Arrivals more than this apart split the run from the tail resent after the killed worker's lease. */
const INTERVALO_DA_CAUDA_MS = 3_000;
const PERCENTUAL_MINIMO = 95;
/** The span after the kill, two senders left, whose CPU per message the row reports. */
const JANELA_CPU_MS = 10_000;

type Totais = {
  enviadas: number;
  falhas: number;
  reagendadas: number;
  canceladas: number;
  erros: number;
  passadas: number;
  /** How late the sender's event loop ran, ms. */
  laco: { p99: number; p999: number; max: number };
};
type Envio = { instante: number; id: number; worker: number };
/** What the senders printed besides their sends. */
type Eventos = { pixAdiadas: number };
type Worker = {
  processo: ChildProcessByStdio<Writable, Readable, null>;
  pronto: Promise<void>;
  fim: Promise<Totais | null>;
};

/** A sender process; every message it hands to the driver goes into `envios` as it happens. */
const iniciarWorker = (numero: number, args: string[], envios: Envio[], eventos: Eventos): Worker => {
  const script = fileURLToPath(new URL('./processo-enviar.ts', import.meta.url));
  const processo = spawn(process.execPath, [...OPCOES_NODE_DO_APP, '--import', 'tsx', script, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let resto = '';
  let totais: Totais | null = null;
  let avisarPronto: () => void = () => {};
  const pronto = new Promise<void>((resolve) => {
    avisarPronto = resolve;
  });
  processo.stdout.on('data', (parte: Buffer) => {
    const linhas = (resto + parte.toString()).split('\n');
    resto = linhas.pop() ?? '';
    for (const linha of linhas) {
      const [tipo, ...campos] = linha.split(' ');
      if (tipo === 'pronto') avisarPronto();
      else if (tipo === 'envio')
        envios.push({ instante: Number(campos[0]), id: Number(campos[1]), worker: numero });
      else if (tipo === 'pix-adiada') eventos.pixAdiadas += 1;
      else if (tipo === 'fim') totais = JSON.parse(campos.join(' ')) as Totais;
    }
  });
  const fim = new Promise<Totais | null>((resolve, reject) => {
    processo.on('error', reject);
    processo.on('exit', (codigo, sinal) => {
      if (sinal === 'SIGKILL') return resolve(null);
      if (codigo !== 0 || !totais) return reject(new Error(`worker de envio saiu com ${codigo}`));
      resolve(totais);
    });
  });
  return { processo, pronto, fim };
};

/** The fake Cloud API in its own process, mirrored here from its reports. */
const iniciarFakeEmProcesso = async (limitePorSegundo: number) => {
  const script = fileURLToPath(new URL('./processo-fake-cloud-api.ts', import.meta.url));
  const processo = spawn(
    process.execPath,
    [...OPCOES_NODE_DO_APP, '--import', 'tsx', script, String(limitePorSegundo)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const recebidas: MensagemRecebida[] = [];
  const recusas: number[] = [];
  let tentativas = 0;
  const fim = new Promise<void>((resolve, reject) => {
    processo.on('error', reject);
    processo.on('disconnect', resolve);
  });
  const pronto = await new Promise<ProntoFake>((resolve, reject) => {
    processo.on('exit', (codigo) => reject(new Error(`fake da Cloud API saiu com ${codigo}`)));
    processo.on('message', (m: { pronto?: ProntoFake; relatorio?: RelatorioFake }) => {
      if (m.pronto) resolve(m.pronto);
      if (!m.relatorio) return;
      recebidas.push(...m.relatorio.novas);
      recusas.push(...m.relatorio.recusas);
      tentativas = m.relatorio.tentativas;
    });
  });
  return {
    ...pronto,
    recebidas,
    recusas,
    get tentativas() {
      return tentativas;
    },
    get excedeuLimite() {
      return recusas.length;
    },
    /** Its last report in, its server closed. */
    encerrar: async () => {
      if (processo.connected) processo.send('fim');
      await fim;
    },
    matar: () => {
      if (processo.exitCode === null && processo.signalCode === null) processo.kill('SIGKILL');
    },
  };
};

/** The most arrivals in any sliding 1-second window (t − 1000, t], as the fake server's limit counts. */
export const maximoEmUmSegundo = (instantes: number[]): { maximo: number; em: number } => {
  let maximo = 0;
  let em = 0;
  let inicio = 0;
  for (let fim = 0; fim < instantes.length; fim += 1) {
    const t = instantes[fim] ?? 0;
    while ((instantes[inicio] ?? 0) <= t - 1_000) inicio += 1;
    if (fim - inicio + 1 > maximo) {
      maximo = fim - inicio + 1;
      em = t;
    }
  }
  return { maximo, em };
};

/**
 * Where the run's rate went: the silences between arrivals longer than three send intervals, what they
 * cost beyond one interval each, and the five longest (as "start after the run's start: length").
 */
const lacunasDaCorrida = (instantes: number[], intervaloMs: number, inicio: number) => {
  const lacunas: { em: number; ms: number }[] = [];
  for (let i = 1; i < instantes.length; i += 1) {
    const ms = (instantes[i] ?? 0) - (instantes[i - 1] ?? 0);
    if (ms > 3 * intervaloMs) lacunas.push({ em: instantes[i - 1] ?? 0, ms });
  }
  const maiores = [...lacunas].sort((a, b) => b.ms - a.ms).slice(0, 5);
  return {
    quantas: lacunas.length,
    perdidosMs: lacunas.reduce((soma, l) => soma + l.ms - intervaloMs, 0),
    maiores: maiores.map((l) => `${((l.em - inicio) / 1_000).toFixed(2)}: ${l.ms.toFixed(0)} ms`).join(', '),
  };
};

/** From a sender's hand-off to the driver to the fake server's arrival, per accepted send. */
const atrasosDeTransporte = (envios: Envio[], recebidas: { instante: number; corpo: unknown }[]) => {
  const entregasPorId = new Map<number, number[]>();
  for (const e of envios) {
    const entregas = entregasPorId.get(e.id) ?? [];
    entregas.push(e.instante);
    entregasPorId.set(e.id, entregas);
  }
  const atrasos: { ms: number; em: number }[] = [];
  for (const r of recebidas) {
    const id = idNoTexto(textoDe(r.corpo));
    const antes = (entregasPorId.get(id) ?? []).filter((t) => t <= r.instante);
    if (antes.length > 0) atrasos.push({ ms: r.instante - Math.max(...antes), em: r.instante });
  }
  const ordenados = atrasos.map((a) => a.ms);
  const pior = atrasos.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0, em: 0 });
  return {
    p50: percentil(ordenados, 50),
    p99: percentil(ordenados, 99),
    maximo: pior.ms,
    maximoEm: pior.em,
  };
};

export const textoDe = (corpo: unknown): string => {
  const c = corpo as { text?: { body?: string }; template?: { components?: unknown } };
  return c.text?.body ?? JSON.stringify(c.template ?? corpo);
};

/** The message id the generated texts carry ("nº 42"); NaN in a text without one. */
export const idNoTexto = (texto: string): number => Number(/nº (\d+)/.exec(texto)?.[1]);

const statusNoBanco = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      id: string;
      status: string;
      tentativas: number;
      pix_txid: string | null;
    }>("SELECT id, status, tentativas, pix_txid FROM mensagens WHERE direcao = 'saida' AND origem = 'regua'");
    return new Map(rows.map((r) => [Number(r.id), r]));
  } finally {
    await client.end();
  }
};

type Status = Awaited<ReturnType<typeof statusNoBanco>>;

/**
 * Each message the fake Cloud API took must carry its own charge: the txid the sender stored for it, a
 * charge the PSP created under it, that charge's copia e cola in the text (the marker gone), and no
 * copia e cola in two messages' texts. Charges the PSP created that no message kept (a sender killed
 * between the PSP's answer and its commit) are counted apart: they expire unpaid.
 */
const conferirCobrancas = async (
  url: string,
  recebidas: { corpo: unknown }[],
  status: Status,
  pix: PixBench,
) => {
  const donos = new Map<string, Set<number>>();
  let semCobranca = 0;
  for (const r of recebidas) {
    const texto = textoDe(r.corpo);
    const id = idNoTexto(texto);
    const txid = status.get(id)?.pix_txid;
    const copiaECola = txid ? pix.psp.cobrancas.get(txid)?.pixCopiaECola : undefined;
    if (!copiaECola || !texto.includes(copiaECola) || texto.includes(MARCADOR_PIX)) semCobranca += 1;
    if (copiaECola) donos.set(copiaECola, (donos.get(copiaECola) ?? new Set()).add(id));
  }
  const noBanco = await comCliente(url, async (client) => {
    const { rows } = await client.query<{ n: number; mensagens: number }>(
      "SELECT count(*)::int AS n, count(DISTINCT mensagem_id)::int AS mensagens FROM cobrancas_pix WHERE origem = 'regua'",
    );
    return rows[0] ?? { n: 0, mensagens: 0 };
  });
  return {
    semCobranca,
    compartilhadas: [...donos.values()].filter((ids) => ids.size > 1).length,
    noPsp: pix.psp.cobrancas.size,
    noBanco: noBanco.n,
    mensagensComCobranca: noBanco.mensagens,
    orfas: pix.psp.cobrancas.size - noBanco.n,
  };
};

export const benchEnvio = async (
  banco: BancoBench,
  mensagens: number,
  {
    comPix = false,
    vazao = 80,
    taxaSoRelatada = false,
  }: {
    comPix?: boolean;
    vazao?: number;
    /** The rate is printed but not held to PERCENTUAL_MINIMO (a run beside other load). */
    taxaSoRelatada?: boolean;
  } = {},
): Promise<LinhaBench> => {
  const settings = sistemaSettings.parse({});
  const sempre = { inicio: '00:00', fim: '23:59' };
  const janela = { dias_uteis: sempre, sabado: sempre, domingo: sempre, feriados_nacionais: true };
  await salvarSistemaSettings(
    banco.database.db,
    { ...settings, vazao_canal_por_segundo: vazao, janela_envio: janela },
    null,
  );
  // The window is closed only in the minute before midnight: wait it out rather than send nothing.
  const abertura = proximaAbertura(new Date(), janela);
  if (!dentroDaJanela(new Date(), janela)) await dormir(abertura.getTime() - Date.now() + 100);
  await gerarFilaEnvio(banco.url, mensagens, hojeNoFuso(new Date()), comPix);
  // Before any sender starts: it puts the fake PSP's CA into the environment they inherit.
  const pix = comPix ? await iniciarPixBench(banco.database) : null;

  const fake = await iniciarFakeEmProcesso(vazao);
  const prazoMs = Math.ceil((mensagens / vazao) * 1_000) + LEASE_MS + 30_000;
  const args = [
    banco.url,
    fake.url,
    fake.apiVersion,
    fake.phoneNumberId,
    fake.token,
    String(prazoMs),
    ...(pix ? [pix.appKey] : []),
  ];
  const envios: Envio[] = [];
  const eventos: Eventos = { pixAdiadas: 0 };
  const workers = Array.from({ length: WORKERS }, (_, i) => iniciarWorker(i + 1, args, envios, eventos));
  const agora = () => performance.timeOrigin + performance.now();
  // Meta posts a `sent` status for every message it accepted: it is what settles a send the killed
  // worker left with an unknown outcome (accepted, answer never recorded), instead of a resend.
  const reconciliacao = { entregues: 0, reconciliadas: 0, adiadas: 0 };
  let entregando = false;
  // The round in flight: awaited before the run ends, so none outlives the database it writes to.
  let rodada: Promise<void> = Promise.resolve();
  const entregar = async () => {
    entregando = true;
    try {
      for (const r of fake.recebidas.slice(reconciliacao.entregues)) {
        const id = mensagemDaReferencia(r.referencia ?? undefined);
        const resultado = await registrarStatusCanal(banco.database.db, {
          provedor: 'whatsapp_cloud',
          canalMensagemId: r.wamid,
          status: 'enviada',
          instante: new Date(r.instante),
          ...(id === null ? {} : { mensagemId: id }),
        });
        reconciliacao.entregues += 1;
        if (resultado === 'reconciliada') reconciliacao.reconciliadas += 1;
      }
      // A send the killed worker marked but never made waits RECONCILIACAO_MS for a webhook that cannot
      // come; the run does not wait 10 minutes: once its lease is over (every webhook for what the fake
      // accepted has long been delivered by then), that time is taken as passed.
      const adiadas = await banco.database.db.execute(sql`
        UPDATE mensagens SET envio_iniciado_em = envio_iniciado_em - ${`${RECONCILIACAO_MS} milliseconds`}::interval
        WHERE status = 'pendente' AND envio_iniciado_em IS NOT NULL AND bloqueada_ate < now() - interval '5 seconds'
        RETURNING id`);
      reconciliacao.adiadas += linhasDe(adiadas).length;
    } finally {
      entregando = false;
    }
  };
  const webhooks = setInterval(() => {
    if (!entregando) rodada = entregar();
  }, 250);
  try {
    await Promise.all(workers.map((w) => w.pronto));
    const inicio = agora();
    for (const w of workers) w.processo.stdin.end('vai\n');
    const vitima = workers[WORKERS - 1];
    await dormir(MATAR_APOS_MS);
    vitima?.processo.kill('SIGKILL');
    const morteEm = agora();
    const cpuAposMorte = (async () => {
      const medicao = await medirCpuPorPrograma();
      const chegadas = fake.recebidas.length;
      await dormir(JANELA_CPU_MS);
      const porPrograma = await medicao.fim();
      const mensagensNaJanela = Math.max(1, fake.recebidas.length - chegadas);
      const msPorMensagem = (programa: string) =>
        ((porPrograma.get(programa) ?? 0) * 1_000) / mensagensNaJanela;
      return { postgres: msPorMensagem('postgres'), node: msPorMensagem('node') };
    })();
    const totais = (await Promise.all(workers.map((w) => w.fim))).filter((t): t is Totais => t !== null);
    const fimEm = agora();
    const cpu = await cpuAposMorte;
    await fake.encerrar();

    const recebidas = [...fake.recebidas].sort((a, b) => a.instante - b.instante);
    const instantes = recebidas.map((r) => r.instante);
    const porMensagem = new Map<number, number>();
    const porConteudo = new Set<string>();
    let duplicadasConteudo = 0;
    for (const r of recebidas) {
      const texto = textoDe(r.corpo);
      const id = idNoTexto(texto);
      porMensagem.set(id, (porMensagem.get(id) ?? 0) + 1);
      const chave = `${r.para}\n${texto}`;
      if (porConteudo.has(chave)) duplicadasConteudo += 1;
      porConteudo.add(chave);
    }
    const duplicadasId = [...porMensagem.values()].reduce((soma, n) => soma + Math.max(0, n - 1), 0);
    const status = await statusNoBanco(banco.url);
    let perdidas = 0;
    let pendentes = 0;
    let novasTentativas = 0;
    for (let id = 1; id <= mensagens; id += 1) {
      const linha = status.get(id);
      if (linha?.status === 'pendente') pendentes += 1;
      if ((linha?.tentativas ?? 0) > 1) novasTentativas += 1;
      if (!porMensagem.has(id) || linha?.status !== 'enviada') perdidas += 1;
    }
    // The run proper, then (after a silence) the tail: the killed worker's claimed messages, sent once its
    // lease ran out, and any send refused by the limit, sent again at its next attempt.
    const corte = instantes.findIndex((t, i) => i > 0 && t - (instantes[i - 1] ?? t) > INTERVALO_DA_CAUDA_MS);
    const corrida = corte === -1 ? instantes : instantes.slice(0, corte);
    const cauda = corte === -1 ? [] : instantes.slice(corte);
    const primeira = corrida[0] ?? 0;
    const ultima = corrida.at(-1) ?? 0;
    const taxaDe = (lista: number[]) =>
      lista.length > 1 ? ((lista.length - 1) / ((lista.at(-1) ?? 0) - (lista[0] ?? 0))) * 1_000 : 0;
    const taxa = taxaDe(corrida);
    const lacunas = lacunasDaCorrida(corrida, 1_000 / vazao, inicio);
    // The same without the sends refused by the limit and sent again later (they stretch the run's end).
    const primeirasTentativas = recebidas
      .filter((r) => (status.get(idNoTexto(textoDe(r.corpo)))?.tentativas ?? 0) <= 1)
      .map((r) => r.instante)
      .filter((t) => t <= ultima);
    const percentual = (taxa / vazao) * 100;
    const { maximo, em: maximoEm } = maximoEmUmSegundo(instantes);
    const duplicadas = Math.max(duplicadasId, duplicadasConteudo);
    // The same figures where the senders hand messages to the driver, to tell pacing from transport.
    const instantesEnvio = envios.map((e) => e.instante).sort((a, b) => a - b);
    const noEnvio = maximoEmUmSegundo(instantesEnvio);
    const entregues = new Set<number>();
    const repetidas = envios.filter((e) => entregues.size === entregues.add(e.id).size);
    const pelaVitima = envios.filter((e) => e.worker === WORKERS).length;
    const transporte = atrasosDeTransporte(envios, recebidas);
    const cobrancas = pix ? await conferirCobrancas(banco.url, recebidas, status, pix) : null;
    const ok =
      (taxaSoRelatada || percentual >= PERCENTUAL_MINIMO) &&
      percentual <= 100 &&
      maximo <= vazao &&
      fake.excedeuLimite === 0 &&
      duplicadas === 0 &&
      perdidas === 0 &&
      (cobrancas === null || (cobrancas.semCobranca === 0 && cobrancas.compartilhadas === 0));
    const s = (ms: number) => `${(ms / 1_000).toFixed(1)} s`;
    const pior = (de: (t: Totais) => number) => Math.max(0, ...totais.map(de));
    const n = mensagens.toLocaleString('pt-BR');
    return {
      medida: pix
        ? `Motor: envio com cobrança PIX de ${n} mensagens a ${vazao} msg/s, ${WORKERS} workers (1 morto aos ${MATAR_APOS_MS / 1_000} s), cada cobrança criada num PSP falso (mTLS + OAuth2) que responde em ${LATENCIA_PSP_MS} ms, Cloud API fake em loopback`
        : `Motor: envio de ${n} mensagens a ${vazao} msg/s, ${WORKERS} workers (1 morto aos ${MATAR_APOS_MS / 1_000} s), Cloud API fake em loopback`,
      piso: `vazão configurada: ${vazao} msg/s`,
      valor:
        `${taxa.toFixed(1)} msg/s (${percentual.toFixed(1)} %), máx. ${maximo} aceitas em 1 s (${noEnvio.maximo} saídas dos` +
        ` workers), ${fake.excedeuLimite} recusadas pelo limite (429),` +
        ` ${duplicadas} duplicadas, ${perdidas} perdidas; cauda de ${cauda.length} enviadas depois` +
        ` (lease do worker morto ou nova tentativa), ${reconciliacao.reconciliadas} acertadas pelo webhook de status, ${reconciliacao.adiadas} marcadas e não enviadas pelo morto (reenviadas após a espera da reconciliação), a última ${s((cauda.at(-1) ?? morteEm) - morteEm)} após a morte;` +
        ` CPU por mensagem nos ${JANELA_CPU_MS / 1_000} s após a morte: PostgreSQL ${cpu.postgres.toFixed(1)} ms, Node ${cpu.node.toFixed(1)} ms;` +
        ` onde a vazão ficou: ${lacunas.quantas} silêncios de mais de 3 intervalos (${s(lacunas.perdidosMs)} sem envio), transporte até o fake p99 ${transporte.p99.toFixed(0)} ms, laço de eventos dos envios p99,9 ${pior((t) => t.laco.p999)} ms` +
        (cobrancas
          ? `; ${cobrancas.noPsp} cobranças criadas no PSP (${cobrancas.orfas} sem mensagem no banco), ${cobrancas.semCobranca} enviadas sem a sua cobrança, ${cobrancas.compartilhadas} cobranças em mais de uma mensagem, ${eventos.pixAdiadas} adiadas à espera do PSP`
          : ''),
      alvo:
        `${taxaSoRelatada ? 'até 100 %' : `${PERCENTUAL_MINIMO}–100 %`} e ≤ ${vazao} em qualquer 1 s, 0 recusadas pelo limite; 0 duplicadas, 0 perdidas` +
        (pix ? '; cada mensagem com a sua cobrança (txid distinto, copia e cola do PSP no texto)' : ''),
      ok,
      detalhes: {
        mensagens,
        recebidas_pelo_fake: recebidas.length,
        tentativas_no_fake: fake.tentativas,
        taxa_msg_s: taxa,
        percentual_da_vazao: percentual,
        taxa_so_primeiras_tentativas_msg_s: taxaDe(primeirasTentativas),
        corrida_mensagens: corrida.length,
        corrida_s: (ultima - primeira) / 1_000,
        primeira_chegada_apos_inicio_s: (primeira - inicio) / 1_000,
        maximo_em_1s: maximo,
        maximo_em_1s_termina_apos_inicio_s: (maximoEm - inicio) / 1_000,
        maximo_em_1s_no_envio: noEnvio.maximo,
        maximo_em_1s_no_envio_termina_apos_inicio_s: (noEnvio.em - inicio) / 1_000,
        lacunas_de_mais_de_3_intervalos: lacunas.quantas,
        lacunas_ms_perdidos: lacunas.perdidosMs,
        lacunas_maiores_apos_inicio_s: lacunas.maiores,
        transporte_p50_ms: transporte.p50,
        transporte_p99_ms: transporte.p99,
        transporte_max_ms: transporte.maximo,
        transporte_max_apos_inicio_s: (transporte.maximoEm - inicio) / 1_000,
        entregues_ao_driver: envios.length,
        entregues_ao_driver_pela_vitima: pelaVitima,
        entregues_ao_driver_de_novo: repetidas.length,
        carga_1min: loadavg()[0] ?? 0,
        cpu_postgres_ms_por_mensagem: cpu.postgres,
        cpu_node_ms_por_mensagem: cpu.node,
        excedeu_limite: fake.excedeuLimite,
        status_entregues_pelo_webhook: reconciliacao.entregues,
        reconciliadas_pelo_webhook: reconciliacao.reconciliadas,
        marcadas_e_nao_enviadas_pelo_morto: reconciliacao.adiadas,
        recusas_apos_inicio_s: fake.recusas.map((t) => ((t - inicio) / 1_000).toFixed(2)).join(' '),
        mensagens_com_nova_tentativa: novasTentativas,
        duplicadas_por_id: duplicadasId,
        duplicadas_por_destino_e_texto: duplicadasConteudo,
        perdidas,
        pendentes_no_fim: pendentes,
        cauda_mensagens: cauda.length,
        cauda_primeira_apos_morte_s: cauda.length > 0 ? ((cauda[0] ?? 0) - morteEm) / 1_000 : 0,
        cauda_ultima_apos_morte_s: cauda.length > 0 ? ((cauda.at(-1) ?? 0) - morteEm) / 1_000 : 0,
        morte_apos_inicio_s: (morteEm - inicio) / 1_000,
        duracao_total_s: (fimEm - inicio) / 1_000,
        enviadas_pelos_sobreviventes: totais.reduce((soma, t) => soma + t.enviadas, 0),
        reagendadas: totais.reduce((soma, t) => soma + t.reagendadas, 0),
        falhas: totais.reduce((soma, t) => soma + t.falhas, 0),
        canceladas: totais.reduce((soma, t) => soma + t.canceladas, 0),
        erros_ao_registrar: totais.reduce((soma, t) => soma + t.erros, 0),
        laco_dos_sobreviventes_ms: totais
          .map((t) => `p99 ${t.laco.p99}, p99,9 ${t.laco.p999}, máx. ${t.laco.max}`)
          .join('; '),
        ...(cobrancas && pix
          ? {
              latencia_psp_ms: LATENCIA_PSP_MS,
              cobrancas_criadas_no_psp: cobrancas.noPsp,
              cobrancas_no_banco: cobrancas.noBanco,
              mensagens_com_cobranca_no_banco: cobrancas.mensagensComCobranca,
              cobrancas_sem_mensagem: cobrancas.orfas,
              enviadas_sem_a_sua_cobranca: cobrancas.semCobranca,
              cobrancas_em_mais_de_uma_mensagem: cobrancas.compartilhadas,
              adiadas_a_espera_do_psp: eventos.pixAdiadas,
              chamadas_ao_psp: pix.psp.chamadas.length,
            }
          : {}),
      },
    };
  } finally {
    clearInterval(webhooks);
    await rodada;
    for (const w of workers)
      if (w.processo.exitCode === null && w.processo.signalCode === null) w.processo.kill('SIGKILL');
    fake.matar();
    await pix?.fechar();
  }
};
