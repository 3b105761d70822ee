import { loadavg } from 'node:os';
import { setTimeout as dormir } from 'node:timers/promises';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { entrar, iniciarServidor } from '../api/api.bench.ts';
import { type BancoBench, comCliente, criarOperadorBench } from '../banco.ts';
import { type LinhaBench, percentil } from '../resultado.ts';
import { gerarCobrancasPagas, TABELAS } from './liquidacao.bench.ts';
import { iniciarPixBench, LATENCIA_PSP_MS } from './psp.ts';

// README.md § Performance, "a PIX paid shows in an open workspace": the operator's browser as the web app
// runs it — one live stream (GET /api/operador/eventos), and on each event the open workspace reloads
// its customer (GET /api/operador/clientes/:id). The PSP's webhook brings one payment every
// INTERVALO_MS; measured per payment: from the webhook POST to the workspace reading "concluido".

const INTERVALO_MS = 400;
const ALVO_P95_MS = 2_000;
/** How long after the last POST the run still waits for a workspace to turn. */
const TOLERANCIA_MS = 10_000;

/** Reads an SSE stream, calling `aoEvento` with each `clientes` event's ids (or null for "todos"). */
const ouvirEventos = async (url: string, token: string, aoEvento: (ids: number[] | null) => void) => {
  const controle = new AbortController();
  const resposta = await fetch(url, {
    headers: { authorization: `Bearer ${token}` },
    signal: controle.signal,
  });
  if (resposta.status !== 200 || !resposta.body) throw new Error(`eventos responderam ${resposta.status}`);
  let aoAbrir = () => {};
  const pronto = new Promise<void>((resolve) => {
    aoAbrir = resolve;
  });
  const leitura = (async () => {
    const fluxo = (resposta.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream());
    try {
      for await (const { event, data } of fluxo) {
        if (event === 'pronto') aoAbrir();
        if (event !== 'clientes') continue;
        const lido = JSON.parse(data) as { clientes?: number[] };
        aoEvento(lido.clientes ?? null);
      }
    } catch {
      // closed by the bench
    }
  })();
  await pronto;
  return async () => {
    controle.abort();
    await leitura;
  };
};

export const benchAoVivoPix = async (banco: BancoBench, pagamentos: number): Promise<LinhaBench> => {
  const pix = await iniciarPixBench(banco.database);
  const servidor = await iniciarServidor(banco.url, pix.appKey).catch(async (erro: unknown) => {
    await pix.fechar();
    throw erro;
  });
  try {
    const pagos = await gerarCobrancasPagas(banco.url, pix, pagamentos);
    const email = `ao-vivo.${Date.now()}@bench.local`;
    const operadorId = await criarOperadorBench(banco.database, email);
    await comCliente(banco.url, (c) => c.query('UPDATE clientes SET operador_id = $1', [operadorId]));
    const token = await entrar(servidor.base, email);
    const rota = `${servidor.base}/api/webhooks/pix/${pix.segredoWebhook}/pix`;

    const postadoEm = new Map<number, number>();
    const vistoEm = new Map<number, number>();
    let eventos = 0;
    let leituras = 0;
    // The open workspace of customer `id` reloads it, as TanStack Query does on the event.
    const recarregar = async (id: number) => {
      if (vistoEm.has(id) || !postadoEm.has(id)) return;
      leituras += 1;
      const resposta = await fetch(`${servidor.base}/api/operador/clientes/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { status } = (await resposta.json()) as { status?: string };
      if (status === 'concluido' && !vistoEm.has(id)) vistoEm.set(id, performance.now());
    };
    const parar = await ouvirEventos(`${servidor.base}/api/operador/eventos`, token, (ids) => {
      eventos += 1;
      for (const id of ids ?? [...postadoEm.keys()]) void recarregar(id);
    });
    try {
      const aquecimento = await fetch(rota, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pix: [] }),
      });
      if (aquecimento.status !== 200) throw new Error(`webhook PIX respondeu ${aquecimento.status}`);
      const inicio = performance.now();
      // Customer i paid pagos[i - 1] (gerarCobrancasPagas: in customer order).
      const emVoo = pagos.map(async (p, k) => {
        await dormir(inicio + k * INTERVALO_MS - performance.now());
        postadoEm.set(k + 1, performance.now());
        const resposta = await fetch(rota, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ pix: [p] }),
        });
        await resposta.arrayBuffer();
      });
      await Promise.all(emVoo);
      const limite = performance.now() + TOLERANCIA_MS;
      while (vistoEm.size < pagamentos && performance.now() < limite) await dormir(100);
    } finally {
      await parar();
    }
    const demoras = [...vistoEm].map(([id, em]) => em - (postadoEm.get(id) ?? em));
    const perdidos = pagamentos - vistoEm.size;
    const p50 = percentil(demoras, 50);
    const p95 = percentil(demoras, 95);
    return {
      medida: `Ao vivo: ${pagamentos} PIX pagos (um a cada ${INTERVALO_MS} ms, webhook real, PSP falso a ${LATENCIA_PSP_MS} ms) vistos como "Concluído" num espaço de trabalho aberto (fluxo de eventos + recarga do cliente)`,
      piso: '—',
      valor: `do webhook ao "Concluído" na tela: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, máx ${Math.max(...demoras).toFixed(0)} ms; ${perdidos} não vistos`,
      alvo: `p95 ≤ ${ALVO_P95_MS / 1_000} s, todos vistos`,
      ok: perdidos === 0 && p95 <= ALVO_P95_MS,
      detalhes: {
        pagamentos,
        intervalo_ms: INTERVALO_MS,
        p50_ms: p50,
        p95_ms: p95,
        max_ms: Math.max(...demoras),
        nao_vistos: perdidos,
        eventos_recebidos: eventos,
        leituras_do_cliente: leituras,
        carga_1min: loadavg()[0] ?? 0,
      },
    };
  } finally {
    await servidor.parar();
    await pix.fechar();
    await comCliente(banco.url, (client) => client.query(`TRUNCATE ${TABELAS} RESTART IDENTITY CASCADE`));
  }
};
