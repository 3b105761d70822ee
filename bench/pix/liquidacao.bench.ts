import { loadavg } from 'node:os';
import { setTimeout as dormir } from 'node:timers/promises';
import { hojeNoFuso, somarDias } from '@cobranca/dominio';
import type { PixRecebido } from '../../apps/api/src/modules/pix/psp/api-pix-cliente.ts';
import { iniciarServidor } from '../api/api.bench.ts';
import { type BancoBench, comCliente } from '../banco.ts';
import { inserirClientesComConta } from '../engine/gerar.ts';
import { type LinhaBench, percentil } from '../resultado.ts';
import { iniciarPixBench, LATENCIA_PSP_MS, type PixBench } from './psp.ts';

// README.md § Performance, "settling 1 000 PIX notifications in a minute": the PSP POSTs its notifications
// to the real webhook route of the app in its own process, evenly over the window, some sent twice; the
// app confirms each PIX with the (fake) PSP and settles it. Measured: when the database holds all of them.

const PERCENTUAL_REPETIDAS = 5;
const POLL_MS = 250;
/** How long after the window the run still waits for what is missing before counting it lost. */
const TOLERANCIA_MS = 30_000;
/** A replay comes this many notifications after its original: right after (maybe still pending) or later. */
const ATRASOS_DA_REPETICAO = [1, 20];

export const TABELAS =
  'pix_notificacoes, pix_recebidos, cobranca_pix_contas, cobrancas_pix, pagamentos, contas_receber, clientes';

const txidDe = (i: number) => `BENCHLIQ${String(i).padStart(24, '0')}`;
const valorDe = (i: number) => 10_000 + i;

/**
 * `n` customers, each with one open receivable due in 10 days and an active cobv over it (as the
 * operator's screen creates for a customer with a CPF), set-based; then the PSP learns each charge
 * and a payer pays it there, so `GET /pix/{e2eid}` confirms it. The PIX, in customer order.
 */
export const gerarCobrancasPagas = async (url: string, pix: PixBench, n: number): Promise<PixRecebido[]> => {
  const hoje = hojeNoFuso(new Date());
  const vencimento = somarDias(hoje, 10);
  await comCliente(url, async (client) => {
    await client.query(`TRUNCATE ${TABELAS}, mensagens, regua_envios RESTART IDENTITY CASCADE`);
    await client.query('BEGIN');
    await inserirClientesComConta(client, n, vencimento);
    await client.query(
      `INSERT INTO cobrancas_pix (txid, cliente_id, provedor, tipo, origem, valor_centavos, vencimento,
         valida_ate, pix_copia_e_cola)
       SELECT 'BENCHLIQ' || lpad(i::text, 24, '0'), i, 'api_pix', 'cobv', 'operador', 10000 + i, $2::date,
         ($2::date + 31)::timestamptz, 'copia-e-cola-' || i
       FROM generate_series(1, $1::int) AS i`,
      [n, vencimento],
    );
    await client.query(
      'INSERT INTO cobranca_pix_contas (cobranca_id, conta_id) SELECT i, i FROM generate_series(1, $1::int) AS i',
      [n],
    );
    await client.query('COMMIT');
    await client.query(`VACUUM (ANALYZE) ${TABELAS}`);
  });
  const pagos: PixRecebido[] = [];
  const { port } = new URL(pix.psp.url);
  for (let i = 1; i <= n; i += 1) {
    const txid = txidDe(i);
    pix.psp.cobrancas.set(txid, {
      tipo: 'cobv',
      txid,
      status: 'ATIVA',
      revisao: 0,
      criacao: new Date(),
      locId: i,
      location: `127.0.0.1:${port}/qr/v2/cobv/${txid}`,
      pixCopiaECola: `copia-e-cola-${i}`,
      corpo: {
        calendario: { dataDeVencimento: vencimento, validadeAposVencimento: 30 },
        devedor: { cpf: String(i).padStart(11, '0'), nome: `Cliente ${i}` },
        valor: { original: (valorDe(i) / 100).toFixed(2) },
        chave: pix.psp.chave,
      },
      pix: [],
    });
    pagos.push(await pix.psp.pagar(txid, { notificar: false }));
  }
  return pagos;
};

/** The notifications in sending order: every PIX once, about 5 % of them again a little later. */
const agenda = (pagos: PixRecebido[]): { pix: PixRecebido; repetida: boolean }[] => {
  const repetidas = Math.round((pagos.length * PERCENTUAL_REPETIDAS) / 100);
  const depois = new Map<number, PixRecebido[]>();
  for (let j = 0; j < repetidas; j += 1) {
    const original = Math.floor(((j + 0.5) * pagos.length) / repetidas);
    const atraso = ATRASOS_DA_REPETICAO[j % ATRASOS_DA_REPETICAO.length] ?? 1;
    const apos = Math.min(pagos.length - 1, original + atraso);
    const pix = pagos[original];
    if (pix) depois.set(apos, [...(depois.get(apos) ?? []), pix]);
  }
  return pagos.flatMap((pix, i) => [
    { pix, repetida: false },
    ...(depois.get(i) ?? []).map((p) => ({ pix: p, repetida: true })),
  ]);
};

type Contagem = {
  registrados: number;
  pagamentos: number;
  pixPagos: number;
  recebidos: number;
  notificacoes: number;
  pendentes: number;
  ultimoRegistroEm: number | null;
};

/** A PIX is recorded when it is `conciliado` and has its `pix` payment. */
const contar = (url: string): Promise<Contagem> =>
  comCliente(url, async (client) => {
    const { rows } = await client.query<Contagem>(
      `SELECT
         (SELECT count(*) FROM pix_recebidos pr WHERE pr.situacao = 'conciliado'
            AND EXISTS (SELECT 1 FROM pagamentos p WHERE p.pix_recebido_id = pr.id AND p.forma = 'pix'))::int
           AS registrados,
         (SELECT count(*) FROM pagamentos WHERE forma = 'pix')::int AS pagamentos,
         (SELECT count(DISTINCT pix_recebido_id) FROM pagamentos WHERE forma = 'pix')::int AS "pixPagos",
         (SELECT count(*) FROM pix_recebidos)::int AS recebidos,
         (SELECT count(*) FROM pix_notificacoes)::int AS notificacoes,
         (SELECT count(*) FROM pix_notificacoes WHERE status = 'pendente')::int AS pendentes,
         (SELECT extract(epoch FROM max(created_at)) * 1000 FROM pagamentos WHERE forma = 'pix')::float8
           AS "ultimoRegistroEm"`,
    );
    const linha = rows[0];
    if (!linha) throw new Error('contagem vazia');
    return linha;
  });

/** Per PIX, from its notification stored to its payment written (database clock), in ms. */
const demorasDaBaixa = (url: string): Promise<number[]> =>
  comCliente(url, async (client) => {
    const { rows } = await client.query<{ ms: number }>(
      `SELECT extract(epoch FROM min(p.created_at) - n.created_at)::float8 * 1000 AS ms
       FROM pix_notificacoes n
       JOIN pix_recebidos pr ON pr.end_to_end_id = n.end_to_end_id
       JOIN pagamentos p ON p.pix_recebido_id = pr.id AND p.forma = 'pix'
       GROUP BY n.id`,
    );
    return rows.map((r) => r.ms);
  });

export const benchLiquidacaoPix = async (
  banco: BancoBench,
  notificacoes: number,
  janelaMs: number,
): Promise<LinhaBench> => {
  // Before the server starts: it puts the fake PSP's CA into the environment the server inherits.
  const pix = await iniciarPixBench(banco.database);
  const servidor = await iniciarServidor(banco.url, pix.appKey).catch(async (erro: unknown) => {
    await pix.fechar();
    throw erro;
  });
  try {
    const pagos = await gerarCobrancasPagas(banco.url, pix, notificacoes);
    const envios = agenda(pagos);
    const intervalo = janelaMs / envios.length;
    const rota = `${servidor.base}/api/webhooks/pix/${pix.segredoWebhook}/pix`;
    const agora = () => performance.timeOrigin + performance.now();
    const respostas: { ms: number; status: number }[] = [];
    const postar = async (p: PixRecebido) => {
      const antes = performance.now();
      const resposta = await fetch(rota, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pix: [p] }),
      }).catch(() => null);
      await resposta?.arrayBuffer();
      respostas.push({ ms: performance.now() - antes, status: resposta?.status ?? 0 });
    };
    // Outside the measurement, as a running server would be: route, pool and stored settings warm.
    const aquecimento = await fetch(rota, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pix: [] }),
    });
    if (aquecimento.status !== 200) throw new Error(`webhook PIX respondeu ${aquecimento.status}`);
    const inicio = agora();
    // Open loop: each POST at its instant, whether or not the ones before were answered.
    const emVoo = envios.map(async (e, k) => {
      await dormir(inicio + k * intervalo - agora());
      await postar(e.pix);
    });
    // The database read every POLL_MS from the first POST, on a fixed grid (no drift).
    let contagem: Contagem | null = null;
    let todasEm: number | null = null;
    for (let k = 1; agora() - inicio < janelaMs + TOLERANCIA_MS; k += 1) {
      await dormir(inicio + k * POLL_MS - agora());
      const lidaEm = agora();
      contagem = await contar(banco.url);
      if (contagem.registrados >= notificacoes) {
        todasEm = lidaEm;
        break;
      }
    }
    await Promise.all(emVoo);
    // What the replays sent after the last PIX was recorded may still add: let the app settle, then count.
    for (let espera = 0; espera < 20 && (contagem?.pendentes ?? 1) > 0; espera += 1) {
      await dormir(POLL_MS);
      contagem = await contar(banco.url);
    }
    await dormir(1_000);
    contagem = await contar(banco.url);
    const demoras = await demorasDaBaixa(banco.url);
    const perdidas = notificacoes - contagem.registrados;
    // Payments beyond one per PIX (a second pix_recebidos row for an endToEndId cannot exist: unique).
    const duplicadas = contagem.pagamentos - contagem.pixPagos;
    const tempos = respostas.map((r) => r.ms);
    const naoOk = respostas.filter((r) => r.status !== 200).length;
    const p50 = percentil(tempos, 50);
    const p99 = percentil(tempos, 99);
    // The instant of the read that first saw every PIX recorded (strict: not its scheduled tick).
    const segundos = todasEm === null ? null : (todasEm - inicio) / 1_000;
    const ultimaBaixa =
      contagem.ultimoRegistroEm === null ? Number.NaN : (contagem.ultimoRegistroEm - inicio) / 1_000;
    // The verdict reads the instant the last payment was written (the database's clock, same machine),
    // not the 250 ms read that noticed it.
    const ok =
      segundos !== null &&
      ultimaBaixa <= janelaMs / 1_000 &&
      perdidas === 0 &&
      duplicadas === 0 &&
      naoOk === 0;
    const repetidas = envios.filter((e) => e.repetida).length;
    const n = notificacoes.toLocaleString('pt-BR');
    const s = (valor: number) => `${valor.toFixed(1)} s`;
    return {
      medida: `Liquidação: ${n} notificações PIX em ${janelaMs / 60_000 >= 1 ? `${janelaMs / 60_000} min` : `${janelaMs / 1_000} s`} no webhook real (+${repetidas} repetidas), cada PIX confirmado num PSP falso (mTLS + OAuth2, ${LATENCIA_PSP_MS} ms) e baixado`,
      piso: `chegada da última notificação: ${s(((envios.length - 1) * intervalo) / 1_000)} após a primeira`,
      valor:
        `${segundos === null ? 'não registradas todas' : `última baixa gravada aos ${ultimaBaixa.toFixed(3)} s`} (vista pela leitura` +
        ` a cada ${POLL_MS} ms aos ${segundos === null ? '—' : segundos.toFixed(3)} s),` +
        ` ${perdidas} perdidas, ${duplicadas} duplicadas; webhook p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms,` +
        ` ${naoOk} respostas ≠ 200; da notificação à baixa p50 ${percentil(demoras, 50).toFixed(0)} ms,` +
        ` p99 ${percentil(demoras, 99).toFixed(0)} ms`,
      alvo: `todas registradas em ≤ ${janelaMs / 1_000} s após o início, 0 perdidas, 0 duplicadas`,
      ok,
      detalhes: {
        notificacoes,
        repetidas,
        posts: envios.length,
        intervalo_ms: intervalo,
        janela_s: janelaMs / 1_000,
        todas_registradas_s: segundos ?? Number.NaN,
        ultimo_pagamento_gravado_apos_inicio_s: ultimaBaixa,
        registradas: contagem.registrados,
        perdidas,
        duplicadas,
        pagamentos_pix: contagem.pagamentos,
        pix_recebidos: contagem.recebidos,
        pix_recebidos_nao_conciliados: contagem.recebidos - contagem.registrados,
        notificacoes_guardadas: contagem.notificacoes,
        notificacoes_pendentes_no_fim: contagem.pendentes,
        respostas_nao_200: naoOk,
        webhook_p50_ms: p50,
        webhook_p99_ms: p99,
        webhook_max_ms: Math.max(...tempos),
        notificacao_a_baixa_p50_ms: percentil(demoras, 50),
        notificacao_a_baixa_p99_ms: percentil(demoras, 99),
        notificacao_a_baixa_max_ms: Math.max(...demoras),
        consultas_pix_no_psp: pix.psp.chamadas.filter((c) => c.caminho.startsWith('/v2/pix/')).length,
        latencia_psp_ms: LATENCIA_PSP_MS,
        carga_1min: loadavg()[0] ?? 0,
      },
    };
  } finally {
    await servidor.parar();
    await pix.fechar();
    await comCliente(banco.url, (client) => client.query(`TRUNCATE ${TABELAS} RESTART IDENTITY CASCADE`));
  }
};
