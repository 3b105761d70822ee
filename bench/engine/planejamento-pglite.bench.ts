import { loadavg } from 'node:os';
import { openPglite } from '../../apps/api/src/db/client.ts';
import { planejarRegua } from '../../apps/api/src/modules/regua/planejador.ts';
import { consultorPglite } from '../banco.ts';
import { cronometrar, type LinhaBench } from '../resultado.ts';
import { contextoBench } from './contexto-planejamento.ts';
import { gerarCarteiraCom } from './gerar.ts';
import { pisoEscritaPlanejamento } from './piso-escrita.ts';
import {
  contarAbertas,
  contraOsPisos,
  DELTA_HEAP_MAXIMO_MB,
  HOJE_BENCH,
  pisoDaLinha,
  RAZAO_MAXIMA,
  vespera,
} from './planejamento.bench.ts';

// README.md § Performance, planning on the embedded PGlite at the 10× smaller scale: the same data set,
// yesterday's pass and today's, in this process (PGlite lives in it), against the same floor as on
// PostgreSQL (its rows written set-based, piso-escrita.ts), with the old `count(*)` ratio beside it.

const mb = (bytes: number) => bytes / 2 ** 20;
const heapVivo = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
};

export const benchPlanejamentoPglite = async (contas: number): Promise<LinhaBench> => {
  const database = await openPglite();
  try {
    await database.migrate();
    const client = consultorPglite(database);
    const carteira = await gerarCarteiraCom(client, contas, HOJE_BENCH);
    const planejar = async (hoje: string) =>
      planejarRegua(database.db, await contextoBench(database.db, hoje));
    await vespera(planejar, client);
    const piso = await contarAbertas(client);
    if (piso.total !== contas) throw new Error(`esperava ${contas} contas abertas, contou ${piso.total}`);
    const ctx = await contextoBench(database.db, HOJE_BENCH);
    const heapAntes = heapVivo();
    const rssAntes = process.memoryUsage.rss();
    let rssPico = rssAntes;
    const timer = setInterval(() => {
      rssPico = Math.max(rssPico, process.memoryUsage.rss());
    }, 10);
    const { ms: tempo, resultado } = await cronometrar(() => planejarRegua(database.db, ctx)).finally(() =>
      clearInterval(timer),
    );
    if (!resultado) throw new Error('outro planejador segurava a trava');
    const deltaHeap = mb(heapVivo() - heapAntes);
    const escrita = await pisoEscritaPlanejamento(client, HOJE_BENCH);
    const { razao, texto, detalhes: contraPisos } = contraOsPisos(tempo, escrita, piso.ms);
    return {
      medida: `Motor: planejamento sobre ${contas.toLocaleString('pt-BR')} contas abertas (PGlite embutido)`,
      piso: pisoDaLinha(escrita, piso.ms),
      valor:
        `${texto}, ${resultado.planejadas.toLocaleString('pt-BR')} mensagens planejadas;` +
        ` heap vivo ${deltaHeap >= 0 ? '+' : ''}${deltaHeap.toFixed(1)} MB depois da passada, RSS pico +${mb(rssPico - rssAntes).toFixed(0)} MB`,
      alvo: `≤ ${RAZAO_MAXIMA}× a escrita; memória plana (heap vivo ≤ +${DELTA_HEAP_MAXIMO_MB} MB)`,
      ok: razao <= RAZAO_MAXIMA && deltaHeap <= DELTA_HEAP_MAXIMO_MB,
      detalhes: {
        carga_1min: loadavg()[0] ?? 0,
        geracao_ms: carteira.ms,
        ...contraPisos,
        planejadas: resultado.planejadas,
        adiadas: resultado.adiadas,
        heap_delta_mb: deltaHeap,
        rss_pico_delta_mb: mb(rssPico - rssAntes),
      },
    };
  } finally {
    await database.close();
  }
};
