import { comCliente } from '../bench/banco.ts';
import { type Balanceador, criarClienteHttp } from './http.ts';
import { percentil } from './metricas.ts';
import type { Usuario } from './preparo.ts';

// Issue 31 point 12 (docs/decisions/033-exportacao-limites.md): while 4 users each export 20 000 rows
// at once, another operator's dashboard keeps its p95 within 100 ms. Runs after the main load,
// on customers of its own (no receivables: the régua never sees them), so the other figures stay as
// they were.

const LINHAS_POR_EXPORTACAO = 20_000;
export const LIMITE_P95_MS = 100;
const EXPORTADORES = 4;
/** The dashboard alone for this long; then while the four exports all run, at most this long. */
const SEGUNDOS = 20;

export type ResultadoExportacoes = {
  exportacoes: number;
  linhas_por_exportacao: number;
  exportacao_media_ms: number;
  dashboard_p95_sem_ms: number;
  dashboard_p95_com_ms: number;
  dashboard_requisicoes_com: number;
  aprovado: boolean;
};

const arredondar = (ms: number) => Math.round(ms * 10) / 10;

/** 20 000 active customers for each exporter, set-based. */
const criarClientes = (databaseUrl: string, emails: string[]) =>
  comCliente(databaseUrl, (client) =>
    client.query(
      `insert into clientes (nome, documento, documento_tipo, telefone, termo_busca, status, operador_id, origem_contato)
       select 'Exportação ' || u.n || '-' || g, lpad((u.n * 1000000 + g)::text, 11, '0'), 'cpf',
              '+5511' || lpad((u.n * 1000000 + g)::text, 9, '0'), 'exportacao ' || g, 'ativo', u.id, 'manual'
       from (select id, row_number() over (order by id) + 80 as n from usuarios where email = any($1)) u,
            generate_series(1, $2::int) g`,
      [emails, LINHAS_POR_EXPORTACAO],
    ),
  );

/** The dashboard's latencies, sorted, one request every 50 ms until `ate` says stop. */
const medirDashboard = async (nos: Balanceador, observador: Usuario, ate: () => boolean) => {
  const http = criarClienteHttp(nos, null, observador);
  const tempos: number[] = [];
  while (!ate()) {
    const inicio = performance.now();
    const { status } = await http({ grupo: 'dashboard', caminho: '/api/operador/dashboard' });
    if (status !== 200) throw new Error(`dashboard respondeu ${status}`);
    tempos.push(performance.now() - inicio);
    await new Promise((r) => setTimeout(r, 50));
  }
  return tempos.sort((a, b) => a - b);
};

export const medirExportacoes = async (
  nos: Balanceador,
  databaseUrl: string,
  operadores: Usuario[],
): Promise<ResultadoExportacoes> => {
  const exportadores = operadores.slice(0, EXPORTADORES);
  const observador = operadores[EXPORTADORES];
  if (!observador) throw new Error(`são precisos ${EXPORTADORES + 1} operadores.`);
  await criarClientes(
    databaseUrl,
    exportadores.map((u) => u.email),
  );

  const fimSem = Date.now() + SEGUNDOS * 1000;
  const sem = await medirDashboard(nos, observador, () => Date.now() >= fimSem);

  const duracoes: number[] = [];
  let emCurso = 0;
  // Each file is downloaded whole and checked (the API client's 30 s limit would cut a paced export).
  const exportar = async (usuario: Usuario, formato: 'csv' | 'xlsx') => {
    const inicio = performance.now();
    emCurso++;
    try {
      const resposta = await fetch(
        `${nos.proximo().url}/api/operador/clientes/ativos/exportar?formato=${formato}`,
        { headers: { authorization: `Bearer ${usuario.token}`, 'x-forwarded-for': usuario.endereco } },
      );
      const corpo = await resposta.text();
      if (resposta.status !== 200) throw new Error(`exportação respondeu ${resposta.status}: ${corpo}`);
      // Header and final line break around the rows: at least ours (the operator's own 20 come too).
      if (formato === 'csv' && corpo.split('\r\n').length < LINHAS_POR_EXPORTACAO + 2)
        throw new Error('exportação CSV incompleta');
      duracoes.push(performance.now() - inicio);
    } finally {
      emCurso--;
    }
  };
  // The dashboard is measured for as long as all four exports run (at least SEGUNDOS).
  const fimCom = Date.now() + SEGUNDOS * 1000;
  const exportacoes = Promise.all(exportadores.map((u, i) => exportar(u, i % 2 === 0 ? 'csv' : 'xlsx')));
  const com = await medirDashboard(nos, observador, () => Date.now() >= fimCom || emCurso < EXPORTADORES);
  await exportacoes;
  const p95Com = arredondar(percentil(com, 95));
  return {
    exportacoes: duracoes.length,
    exportacao_media_ms: arredondar(duracoes.reduce((t, d) => t + d, 0) / Math.max(1, duracoes.length)),
    linhas_por_exportacao: LINHAS_POR_EXPORTACAO,
    dashboard_p95_sem_ms: arredondar(percentil(sem, 95)),
    dashboard_p95_com_ms: p95Com,
    dashboard_requisicoes_com: com.length,
    aprovado: p95Com <= LIMITE_P95_MS,
  };
};
