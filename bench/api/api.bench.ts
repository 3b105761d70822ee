import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PAGE_SIZE, RECEIVABLES_PAGE_SIZE } from '@cobranca/contracts';
import { hojeNoFuso } from '@cobranca/dominio';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { linhasDe } from '../../apps/api/src/db/linhas.ts';
import { resumoAdminDashboard } from '../../apps/api/src/modules/dashboards/admin-dashboard.repository.ts';
import { emitirLink } from '../../apps/api/src/modules/links-portal/links.ts';
import { type BancoBench, OPCOES_NODE_DO_APP } from '../banco.ts';
import type { LinhaBench } from '../resultado.ts';
import { benchExportacao } from './exportacao.bench.ts';
import { EMAIL_ADMIN, EMAIL_OPERADOR, type EscalaApi, gerarCarteiraApi, SENHA_BENCH } from './gerar.ts';
import { type Medida, medirNaTaxa } from './taxa-fixa.ts';

// README.md § Performance, API rows: each endpoint's requests/s against a bare `SELECT 1` route of the same app and
// pool (the floor), and its latency at a fixed 300 req/s, evenly spaced (taxa-fixa.ts); plus the admin
// dashboard at 1 M receivables.

/** Issue 35: the lists, the summary and the portal's rows at ≥ 15 % of the floor; the detail and the dashboard ≥ 40 %. */
const RAZAO_MINIMA = 0.15;
const RAZAO_MINIMA_DETALHE = 0.4;
const P99_MAXIMO_MS = 20;
const TAXA_FIXA = 300;
const P50_DASHBOARD_MAXIMO_MS = 10;
const ROTA_PISO = '/bench/piso';
/** Closed-loop connections of the throughput runs. */
const CONEXOES = 10;

export type EscalaBenchApi = EscalaApi & { segundos: number; paginaFunda: number };

type Servidor = { base: string; parar: () => Promise<void> };

/** The app in its own process; resolves once it listens. `appKey` (hex): the one the stored secrets use. */
export const iniciarServidor = (url: string, appKey?: string): Promise<Servidor> =>
  new Promise((resolve, reject) => {
    const script = fileURLToPath(new URL('./processo-servidor.ts', import.meta.url));
    const filho = spawn(
      process.execPath,
      [...OPCOES_NODE_DO_APP, '--import', 'tsx', script, url, ROTA_PISO, ...(appKey ? [appKey] : [])],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const saiu = new Promise<void>((fim) => filho.once('exit', () => fim()));
    filho.once('error', reject);
    filho.once('exit', (codigo) => reject(new Error(`servidor do bench saiu com ${codigo}`)));
    createInterface({ input: filho.stdout }).once('line', (linha) => {
      const { porta } = JSON.parse(linha) as { porta: number };
      resolve({
        base: `http://127.0.0.1:${porta}`,
        parar: async () => {
          filho.kill('SIGTERM');
          await saiu;
        },
      });
    });
  });

export const entrar = async (base: string, email: string): Promise<string> => {
  const resposta = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: SENHA_BENCH }),
  });
  if (resposta.status !== 200) throw new Error(`login de ${email}: ${resposta.status}`);
  return ((await resposta.json()) as { token: string }).token;
};

type Alvo = {
  nome: string;
  caminho: string;
  token?: string;
  /** A POST with this JSON body (the portal's document check); GET otherwise. */
  corpo?: object;
  /** A paged list must come back full (the page exists in the data set). */
  itensEsperados?: number;
  /** The share of the floor it must reach; RAZAO_MINIMA when not given. */
  razaoMinima?: number;
};

/** One request outside the measurement: 200, the page really holds rows, and the payload's size. */
const cabecalhos = (alvo: Alvo): Record<string, string> => ({
  ...(alvo.token ? { authorization: `Bearer ${alvo.token}` } : {}),
  ...(alvo.corpo ? { 'content-type': 'application/json' } : {}),
});

const conferir = async (base: string, alvo: Alvo): Promise<number> => {
  const resposta = await fetch(base + alvo.caminho, {
    method: alvo.corpo ? 'POST' : 'GET',
    headers: cabecalhos(alvo),
    ...(alvo.corpo ? { body: JSON.stringify(alvo.corpo) } : {}),
  });
  const corpo = await resposta.text();
  if (resposta.status !== 200) throw new Error(`${alvo.caminho}: ${resposta.status} ${corpo.slice(0, 200)}`);
  const itens = (JSON.parse(corpo) as { data?: unknown[] }).data?.length;
  if (alvo.itensEsperados !== undefined && itens !== alvo.itensEsperados)
    throw new Error(`${alvo.caminho}: ${itens} itens, esperava ${alvo.itensEsperados}`);
  return Buffer.byteLength(corpo);
};

/** Closed loop: as many requests as ten connections get answered. */
const disparar = async (base: string, alvo: Alvo, segundos: number): Promise<Medida> => {
  const r = await autocannon({
    url: base + alvo.caminho,
    headers: cabecalhos(alvo),
    ...(alvo.corpo ? { method: 'POST' as const, body: JSON.stringify(alvo.corpo) } : {}),
    connections: CONEXOES,
    duration: segundos,
  });
  return {
    reqS: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    falhas: r.non2xx + r.errors + r.timeouts,
  };
};

type Resultado = { alvo: Alvo; bytes: number; vazao: Medida; fixa: Medida };

const medirAlvo = async (base: string, alvo: Alvo, segundos: number): Promise<Resultado> => {
  const bytes = await conferir(base, alvo);
  await disparar(base, alvo, 1); // warm-up: JIT, plans, buffers
  const vazao = await disparar(base, alvo, segundos);
  const fixa = await medirNaTaxa(
    {
      url: base + alvo.caminho,
      metodo: alvo.corpo ? 'POST' : 'GET',
      cabecalhos: cabecalhos(alvo),
      ...(alvo.corpo ? { corpo: JSON.stringify(alvo.corpo) } : {}),
    },
    TAXA_FIXA,
    segundos,
  );
  return { alvo, bytes, vazao, fixa };
};

const alvosDoBench = (escala: EscalaBenchApi, operador: string, admin: string, clienteId: number): Alvo[] => [
  {
    nome: 'lista do operador (Ativos), página 1',
    caminho: '/api/operador/clientes/ativos?page=1',
    token: operador,
    itensEsperados: DEFAULT_PAGE_SIZE,
  },
  {
    nome: `lista do operador (Ativos), página ${escala.paginaFunda}`,
    caminho: `/api/operador/clientes/ativos?page=${escala.paginaFunda}`,
    token: operador,
    itensEsperados: DEFAULT_PAGE_SIZE,
  },
  {
    nome: 'dashboard do admin',
    caminho: '/api/admin/dashboard',
    token: admin,
    razaoMinima: RAZAO_MINIMA_DETALHE,
  },
  { nome: 'resumo das contas a receber', caminho: '/api/operador/contas-receber/resumo', token: operador },
  {
    nome: 'contas a receber filtradas (abertas vencidas)',
    caminho: '/api/operador/contas-receber/listar?status=aberta&vencidas=1&page=1',
    token: operador,
    itensEsperados: RECEIVABLES_PAGE_SIZE,
  },
  {
    nome: 'detalhe do cliente',
    caminho: `/api/operador/clientes/${clienteId}`,
    token: operador,
    razaoMinima: RAZAO_MINIMA_DETALHE,
  },
];

/**
 * The portal's two rows (docs/produto.md §22): a link of the bench customer, its document check (each
 * request opens a session) and the debt view with one session.
 */
const alvosDoPortal = async (banco: BancoBench, base: string, clienteId: number): Promise<Alvo[]> => {
  const [cliente] = linhasDe<{ documento: string }>(
    await banco.database.db.execute(sql`SELECT documento FROM clientes WHERE id = ${clienteId}`),
  );
  if (!cliente) throw new Error(`cliente ${clienteId} sumiu`);
  const token = await emitirLink(banco.database.db, {
    clienteId,
    mensagemId: null,
    agora: new Date(),
    validadeDias: 30,
  });
  const corpo = { token, documento: cliente.documento };
  const resposta = await fetch(`${base}/api/portal/sessao`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(corpo),
  });
  if (resposta.status !== 200)
    throw new Error(`sessão do portal: ${resposta.status} ${await resposta.text()}`);
  const { sessao } = (await resposta.json()) as { sessao: string };
  return [
    { nome: 'portal: confirmação do documento', caminho: '/api/portal/sessao', corpo },
    { nome: 'portal: débitos atualizados', caminho: '/api/portal/resumo', token: sessao },
  ];
};

/** A typical customer of the bench operator: the first active one. */
const clienteDoOperador = async (banco: BancoBench): Promise<number> => {
  const [linha] = linhasDe<{ id: number }>(
    await banco.database.db.execute(
      sql`SELECT c.id FROM clientes c JOIN usuarios u ON u.id = c.operador_id
          WHERE u.email = ${EMAIL_OPERADOR} AND c.status = 'ativo' ORDER BY c.id LIMIT 1`,
    ),
  );
  const id = linha?.id;
  if (id === undefined) throw new Error('o operador do bench não tem cliente ativo');
  return id;
};

type Leituras = { varreduras: number; linhasSeq: number; entradasIndice: number };

/**
 * What one dashboard computation reads, from the transaction's own statistics: sequential scans of the
 * big tables, rows they read, and index entries read. Run without parallel workers, whose reads would
 * be counted in their own processes.
 */
const leiturasDoDashboard = (banco: BancoBench): Promise<Leituras> =>
  banco.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
    await resumoAdminDashboard(tx, new Date());
    const [linha] = linhasDe<{ varreduras: string; linhas_seq: string; entradas_indice: string }>(
      await tx.execute(sql`SELECT sum(pg_stat_get_xact_numscans(t.oid)) AS varreduras,
            sum(pg_stat_get_xact_tuples_returned(t.oid)) AS linhas_seq,
            (SELECT sum(pg_stat_get_xact_tuples_returned(i.indexrelid)) FROM pg_index i
             WHERE i.indrelid = ANY(array_agg(t.oid))) AS entradas_indice
          FROM pg_class t WHERE t.relname IN ('contas_receber', 'mensagens', 'pagamentos', 'clientes')`),
    );
    return {
      varreduras: Number(linha?.varreduras ?? 0),
      linhasSeq: Number(linha?.linhas_seq ?? 0),
      entradasIndice: Number(linha?.entradas_indice ?? 0),
    };
  });

const f0 = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 0 });
const f1 = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 1 });

const linhaDoEndpoint = (r: Resultado, piso: number): LinhaBench => {
  const razao = r.vazao.reqS / piso;
  const minima = r.alvo.razaoMinima ?? RAZAO_MINIMA;
  const falhas = r.vazao.falhas + r.fixa.falhas;
  const ok = razao >= minima && r.fixa.p99 <= P99_MAXIMO_MS && falhas === 0;
  return {
    medida: `API: ${r.alvo.nome} (${r.alvo.corpo ? 'POST' : 'GET'} ${r.alvo.caminho.replace(/\?.*/, '')})`,
    piso: `SELECT 1: ${f0(piso)} req/s`,
    valor:
      `${f0(r.vazao.reqS)} req/s (${f0(razao * 100)} % do piso); a ${TAXA_FIXA} req/s: p50 ${f1(r.fixa.p50)} ms,` +
      ` p99 ${f1(r.fixa.p99)} ms; ${falhas} respostas não-2xx/erros`,
    alvo: `≥ ${minima * 100} % do piso; p99 ≤ ${P99_MAXIMO_MS} ms a ${TAXA_FIXA} req/s; só 200`,
    ok,
    detalhes: {
      url: r.alvo.caminho,
      req_s: r.vazao.reqS,
      razao,
      p50_vazao_ms: r.vazao.p50,
      p99_vazao_ms: r.vazao.p99,
      taxa_fixa_req_s: r.fixa.reqS,
      p50_ms: r.fixa.p50,
      p99_ms: r.fixa.p99,
      falhas,
      bytes_resposta: r.bytes,
    },
  };
};

const linhaDoDashboard = (r: Resultado, piso: number, contas: number, leituras: Leituras): LinhaBench => {
  const ok = r.fixa.p50 <= P50_DASHBOARD_MAXIMO_MS && leituras.varreduras === 0 && r.fixa.falhas === 0;
  return {
    medida: `API: dashboard do admin com ${f0(contas)} contas a receber`,
    piso: `SELECT 1: ${f0(piso)} req/s`,
    valor:
      `p50 ${f1(r.fixa.p50)} ms a ${TAXA_FIXA} req/s; por requisição: ${leituras.varreduras} varreduras` +
      ` sequenciais, ${f0(leituras.entradasIndice)} entradas de índice lidas`,
    alvo: `nenhuma varredura completa por requisição; p50 ≤ ${P50_DASHBOARD_MAXIMO_MS} ms`,
    ok,
    detalhes: {
      p50_ms: r.fixa.p50,
      p99_ms: r.fixa.p99,
      varreduras_sequenciais: leituras.varreduras,
      linhas_lidas_em_varredura: leituras.linhasSeq,
      entradas_de_indice_lidas: leituras.entradasIndice,
    },
  };
};

export const benchApi = async (banco: BancoBench, escala: EscalaBenchApi): Promise<LinhaBench[]> => {
  const carteira = await gerarCarteiraApi(banco.url, escala, hojeNoFuso(new Date()));
  const clienteId = await clienteDoOperador(banco);
  const leituras = await leiturasDoDashboard(banco);
  const servidor = await iniciarServidor(banco.url);
  try {
    const { base } = servidor;
    const tokenAdmin = await entrar(base, EMAIL_ADMIN);
    const alvos = [
      ...alvosDoBench(escala, await entrar(base, EMAIL_OPERADOR), tokenAdmin, clienteId),
      ...(await alvosDoPortal(banco, base, clienteId)),
    ];
    const piso: Alvo = { nome: 'piso', caminho: ROTA_PISO };
    // The floor before and after the endpoints; the higher one counts (machine load drifts).
    const pisoAntes = await medirAlvo(base, piso, escala.segundos);
    const resultados: Resultado[] = [];
    for (const alvo of alvos) resultados.push(await medirAlvo(base, alvo, escala.segundos));
    const pisoDepois = await medirAlvo(base, piso, escala.segundos);
    const pisoReqS = Math.max(pisoAntes.vazao.reqS, pisoDepois.vazao.reqS);
    const linhas = resultados.map((r) => linhaDoEndpoint(r, pisoReqS));
    const dashboard = resultados.find((r) => r.alvo.caminho === '/api/admin/dashboard');
    if (dashboard) linhas.push(linhaDoDashboard(dashboard, pisoReqS, escala.contas, leituras));
    linhas.push(await benchExportacao(base, tokenAdmin, carteira.clientes));
    const comum = {
      geracao_ms: carteira.ms,
      ...Object.fromEntries(Object.entries(carteira.tempos).map(([etapa, t]) => [`geracao_${etapa}_ms`, t])),
      clientes: carteira.clientes,
      contas: carteira.contas,
      mensagens: carteira.mensagens,
      pagamentos: carteira.pagamentos,
      piso_antes_req_s: pisoAntes.vazao.reqS,
      piso_depois_req_s: pisoDepois.vazao.reqS,
      piso_p99_a_300_ms: pisoAntes.fixa.p99,
      segundos_por_corrida: escala.segundos,
      carga_1min: loadavg()[0] ?? 0,
    };
    return linhas.map((l) => ({ ...l, detalhes: { ...l.detalhes, ...comum } }));
  } finally {
    await servidor.parar();
  }
};
