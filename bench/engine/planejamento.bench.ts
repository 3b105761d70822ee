import { loadavg } from 'node:os';
import { somarDias } from '@cobranca/dominio';
import { type BancoBench, type Consultor, comCliente, executarEmProcesso } from '../banco.ts';
import { cronometrar, type LinhaBench, ms } from '../resultado.ts';
import { gerarCarteira } from './gerar.ts';
import { type PisoEscrita, pisoEscritaPlanejamento } from './piso-escrita.ts';

// README.md § Performance, "engine planning over 1 M open receivables": one planning pass on a steady-state day
// (yesterday's pass ran, so each receivable knows its next visit) against its floor, writing the same rows
// set-based (piso-escrita.ts), with the pass's memory sampled. The ratio to one `SELECT count(*)` over the
// same open receivables, the floor before issue 35, is printed beside it.

export const RAZAO_MAXIMA = 3;
/**
 * "Memory flat (batched)": the pass reads its rows in several slices and the live heap measured at each
 * slice (after a full GC) stays within this of the heap before the pass: nothing accumulates across
 * slices, whatever the number of rows. The RSS sampled during the pass is reported beside it (it also
 * holds the garbage V8 has not collected yet).
 */
export const DELTA_HEAP_MAXIMO_MB = 16;
/** A weekday "today" (Tuesday) in São Paulo; the pass plans what falls due on it. */
export const HOJE_BENCH = '2026-11-24';

type Passada = {
  ms: number;
  resultado: { planejadas: number; puladas: number; adiadas: number };
  sqlMs: number;
  jsMs: number;
  porComando: Record<string, { ms: number; vezes: number; linhas: number }>;
  consultaCursor: { text: string; values: unknown[] } | null;
  rssInicioMb: number;
  rssPicoMb: number;
  rssFinalMb: number;
  rssPicoPrimeiraMetadeMb: number;
  rssPicoSegundaMetadeMb: number;
  amostras: number;
  heapInicioMb: number;
  heapPorFatiaMb: number[];
  gcForcadoMs: number;
  maxRssProcessoMb: number;
};

const planejarEmProcesso = (url: string, hoje: string) =>
  executarEmProcesso<Passada>(
    new URL('./processo-planejar.ts', import.meta.url),
    [url, hoje],
    ['--expose-gc'],
  );

/** The floor: counting the same open receivables, best of three. */
export const contarAbertas = async (client: Consultor) => {
  const tempos: number[] = [];
  let total = 0;
  for (let i = 0; i < 3; i += 1) {
    const { ms: tempo, resultado } = await cronometrar(() =>
      client.query<{ n: string }>("SELECT count(*) AS n FROM contas_receber WHERE status = 'aberta'"),
    );
    tempos.push(tempo);
    total = Number(resultado.rows[0]?.n);
  }
  return { ms: Math.min(...tempos), total };
};

/**
 * Where the cursor's time goes: EXPLAIN ANALYZE of the very DECLARE the pass ran (a cursor gets its own
 * plan, chosen for fast first rows), on the state before the pass: what the pass wrote is deleted
 * inside a transaction that is rolled back.
 */
const explicarCursor = (url: string, hoje: string, consulta: NonNullable<Passada['consultaCursor']>) =>
  comCliente(url, async (client) => {
    await client.query('BEGIN');
    try {
      await client.query(
        "DELETE FROM regua_envios WHERE data_referencia = $1::date AND status IN ('planejado', 'pulado')",
        [hoje],
      );
      await client.query("DELETE FROM mensagens WHERE origem = 'regua' AND status = 'pendente'");
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${consulta.text}`,
        consulta.values,
      );
      return rows.map((r) => r['QUERY PLAN']);
    } finally {
      await client.query('ROLLBACK');
    }
  });

/**
 * Yesterday's pass, as the engine ran it: it stores each receivable's next visit (migration 0016). What
 * it planned is marked delivered, as the sender would have left it, so today's pass finds no customer
 * with a message still waiting.
 */
export const vespera = async (planejar: (hoje: string) => Promise<unknown>, client: Consultor) => {
  await planejar(somarDias(HOJE_BENCH, -1));
  await client.query(
    `UPDATE mensagens SET status = 'entregue', enviada_em = created_at, entregue_em = created_at
     WHERE origem = 'regua' AND status = 'pendente'`,
  );
  await client.query("UPDATE regua_envios SET status = 'enviado' WHERE status = 'planejado'");
  await client.query('VACUUM (ANALYZE) contas_receber, regua_envios, mensagens');
};

/** The row's floor: the set-based writing, with the old `count(*)` floor beside it. */
export const pisoDaLinha = (escrita: PisoEscrita, countMs: number) =>
  `escrita set-based de ${escrita.mensagens.toLocaleString('pt-BR')} mensagens, ${escrita.envios.toLocaleString('pt-BR')} registros de etapa e ${escrita.proximasVisitas.toLocaleString('pt-BR')} próximas visitas: ${ms(escrita.ms)} (count(*): ${ms(countMs)})`;

/** The pass against both floors: its ratios, the row's wording of them, and their raw figures. */
export const contraOsPisos = (passadaMs: number, escrita: PisoEscrita, countMs: number) => {
  const razao = passadaMs / escrita.ms;
  const razaoCount = passadaMs / countMs;
  return {
    razao,
    texto: `${ms(passadaMs)} (${razao.toFixed(1)}× a escrita; ${razaoCount.toFixed(0)}× o count(*))`,
    detalhes: {
      piso_ms: escrita.ms,
      piso_count_ms: countMs,
      ...Object.fromEntries(Object.entries(escrita.porComando).map(([k, v]) => [`piso_${k}`, v])),
      piso_mensagens: escrita.mensagens,
      piso_envios: escrita.envios,
      piso_proximas_visitas: escrita.proximasVisitas,
      ms: passadaMs,
      razao,
      razao_count: razaoCount,
    },
  };
};

export const benchPlanejamento = async (banco: BancoBench, contas: number): Promise<LinhaBench> => {
  const carteira = await gerarCarteira(banco.url, contas, HOJE_BENCH);
  const inicioVespera = performance.now();
  await comCliente(banco.url, (client) => vespera((ontem) => planejarEmProcesso(banco.url, ontem), client));
  const vesperaMs = performance.now() - inicioVespera;
  const piso = await comCliente(banco.url, contarAbertas);
  if (piso.total !== contas) throw new Error(`esperava ${contas} contas abertas, contou ${piso.total}`);
  const passada = await planejarEmProcesso(banco.url, HOJE_BENCH);
  const escrita = await comCliente(banco.url, (client) => pisoEscritaPlanejamento(client, HOJE_BENCH));
  const { razao, texto, detalhes: contraPisos } = contraOsPisos(passada.ms, escrita, piso.ms);
  const delta = passada.rssPicoMb - passada.rssInicioMb;
  const heapMaximo = Math.max(...passada.heapPorFatiaMb);
  const deltaHeap = heapMaximo - passada.heapInicioMb;
  const fetch = passada.porComando.fetch_cursor;
  const memoriaPlana = (fetch?.vezes ?? 0) > 1 && deltaHeap <= DELTA_HEAP_MAXIMO_MB;
  const ok = razao <= RAZAO_MAXIMA && memoriaPlana;
  const detalhes: Record<string, number | string> = {
    carga_1min: loadavg()[0] ?? 0,
    geracao_ms: carteira.ms,
    vespera_ms: vesperaMs,
    clientes: carteira.clientes,
    historico_regua_envios: carteira.historicoEnvios,
    historico_mensagens: carteira.historicoMensagens,
    ...contraPisos,
    planejadas: passada.resultado.planejadas,
    puladas: passada.resultado.puladas,
    adiadas: passada.resultado.adiadas,
    linhas_do_cursor: fetch?.linhas ?? 0,
    fetches: fetch?.vezes ?? 0,
    sql_ms: passada.sqlMs,
    js_ms: passada.jsMs,
    ...Object.fromEntries(Object.entries(passada.porComando).map(([tipo, m]) => [`sql_${tipo}_ms`, m.ms])),
    rss_inicio_mb: passada.rssInicioMb,
    rss_pico_mb: passada.rssPicoMb,
    rss_delta_mb: delta,
    rss_pico_primeira_metade_mb: passada.rssPicoPrimeiraMetadeMb,
    rss_pico_segunda_metade_mb: passada.rssPicoSegundaMetadeMb,
    rss_final_mb: passada.rssFinalMb,
    amostras_rss: passada.amostras,
    heap_inicio_mb: passada.heapInicioMb,
    heap_max_por_fatia_mb: heapMaximo,
    heap_delta_mb: deltaHeap,
    heap_por_fatia_mb: passada.heapPorFatiaMb.map((h) => h.toFixed(1)).join(' '),
    gc_forcado_ms_descontado: passada.gcForcadoMs,
  };
  if (!ok && passada.consultaCursor) {
    const plano = await explicarCursor(banco.url, HOJE_BENCH, passada.consultaCursor);
    const execucao = plano.find((l) => l.startsWith('Execution Time'));
    detalhes.explain_cursor_execucao = execucao ?? '';
    process.stderr.write(
      `\nPlanejamento acima do alvo: ${ms(passada.ms)} = SQL ${ms(passada.sqlMs)} + JS ${ms(passada.jsMs)}.\n` +
        `${Object.entries(passada.porComando)
          .map(([tipo, m]) => `  ${tipo}: ${ms(m.ms)} em ${m.vezes} comandos, ${m.linhas} linhas`)
          .join('\n')}\nEXPLAIN ANALYZE do cursor (estado antes da passada):\n${plano.join('\n')}\n\n`,
    );
  }
  return {
    medida: `Motor: planejamento sobre ${contas.toLocaleString('pt-BR')} contas abertas (PostgreSQL)`,
    piso: pisoDaLinha(escrita, piso.ms),
    valor:
      `${texto}, ${passada.resultado.planejadas.toLocaleString('pt-BR')} mensagens` +
      ` planejadas; ${fetch?.vezes ?? 0} fatias, heap vivo +${deltaHeap.toFixed(1)} MB, RSS +${delta.toFixed(0)} MB` +
      ` (pico ${passada.rssPicoMb.toFixed(0)} MB, GC forçado a cada fatia)`,
    alvo: `≤ ${RAZAO_MAXIMA}× a escrita; memória plana (heap vivo por fatia ≤ +${DELTA_HEAP_MAXIMO_MB} MB)`,
    ok,
    detalhes,
  };
};
