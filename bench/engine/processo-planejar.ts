// Runs one planning pass in a process of its own, so the memory sampled is the pass's: the time, the RSS
// every few milliseconds during the pass, the live heap at every slice the pass fetches (a forced GC,
// started with --expose-gc, whose time is taken out of the pass's), and where the time went (waiting on
// PostgreSQL, per kind of statement, against the rest, which is JavaScript in this process).
import pg from 'pg';
import { openPostgres } from '../../apps/api/src/db/client.ts';
import { planejarRegua } from '../../apps/api/src/modules/regua/planejador.ts';
import { contextoBench } from './contexto-planejamento.ts';

const [url, hoje] = process.argv.slice(2);
if (!url || !hoje) throw new Error('uso: processo-planejar <url> <hoje>');

type Medida = { ms: number; vezes: number; linhas: number };
const porComando: Record<string, Medida> = {};
let medindo = false;
/** Live heap (after a full GC) each time the pass fetches its next slice. */
const heapPorFatia: number[] = [];
let gcMs = 0;
const coletar = (): number => {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return Number.NaN;
  const inicio = performance.now();
  gc();
  gcMs += performance.now() - inicio;
  return process.memoryUsage().heapUsed;
};
let consultaCursor: { text: string; values: unknown[] } | null = null;

const tipoDe = (texto: string): string => {
  const t = texto.trimStart();
  if (t.startsWith('DECLARE')) return 'declare_cursor';
  if (t.startsWith('FETCH')) return 'fetch_cursor';
  if (t.startsWith('INSERT INTO mensagens')) return 'insert_mensagens';
  if (t.startsWith('INSERT INTO regua_envios')) return 'insert_regua_envios';
  if (t.startsWith('SELECT cliente_id')) return 'contatos_recentes';
  if (t.startsWith('UPDATE contas_receber')) return 'update_proximas_visitas';
  if (/^commit/i.test(t)) return 'commit';
  return 'outros';
};

// Every statement of the pass goes through pg.Client#query and is awaited before the next one, so the
// time its promise takes is time spent waiting on the database (network included).
type Consulta = (...args: unknown[]) => unknown;
const prototipo = pg.Client.prototype as unknown as { query: Consulta };
const original = prototipo.query;
prototipo.query = function (this: unknown, ...args: unknown[]) {
  const config = args[0] as string | { text?: string; values?: unknown[] };
  const texto = typeof config === 'string' ? config : (config?.text ?? '');
  const tipo = medindo ? tipoDe(texto) : '';
  if (tipo === 'fetch_cursor') heapPorFatia.push(coletar());
  const resultado = original.apply(this, args);
  if (!medindo || !(resultado instanceof Promise)) return resultado;
  if (tipo === 'declare_cursor' && typeof config === 'object')
    consultaCursor = { text: texto, values: config.values ?? (args[1] as unknown[]) ?? [] };
  const inicio = performance.now();
  resultado.then(
    (r: { rowCount?: number | null }) => {
      const m = porComando[tipo] ?? { ms: 0, vezes: 0, linhas: 0 };
      porComando[tipo] = m;
      m.ms += performance.now() - inicio;
      m.vezes += 1;
      m.linhas += r?.rowCount ?? 0;
    },
    () => {},
  );
  return resultado;
};

const mb = (bytes: number) => bytes / 2 ** 20;
const database = await openPostgres(url);
const ctx = await contextoBench(database.db, hoje);

const amostras: { t: number; rss: number }[] = [];
const amostrar = () => amostras.push({ t: performance.now(), rss: process.memoryUsage.rss() });
const heapInicio = coletar();
gcMs = 0;
amostrar();
const rssInicio = amostras[0]?.rss ?? 0;
const timer = setInterval(amostrar, 10);
medindo = true;
const inicio = performance.now();
const resultado = await planejarRegua(database.db, ctx);
const ms = performance.now() - inicio - gcMs;
medindo = false;
clearInterval(timer);
amostrar();
await database.close();
if (!resultado) throw new Error('outro planejador segurava a trava');

const pico = (lista: { rss: number }[]) => Math.max(...lista.map((a) => a.rss));
const meio = inicio + (ms + gcMs) / 2;
const primeiraMetade = amostras.filter((a) => a.t <= meio);
const segundaMetade = amostras.filter((a) => a.t > meio);
const sqlMs = Object.values(porComando).reduce((soma, m) => soma + m.ms, 0);
process.stdout.write(
  JSON.stringify({
    ms,
    resultado,
    sqlMs,
    jsMs: ms - sqlMs,
    porComando,
    consultaCursor,
    rssInicioMb: mb(rssInicio),
    rssPicoMb: mb(pico(amostras)),
    rssFinalMb: mb(amostras.at(-1)?.rss ?? 0),
    rssPicoPrimeiraMetadeMb: mb(pico(primeiraMetade)),
    rssPicoSegundaMetadeMb: mb(pico(segundaMetade)),
    amostras: amostras.length,
    heapInicioMb: mb(heapInicio),
    heapPorFatiaMb: heapPorFatia.map(mb),
    gcForcadoMs: gcMs,
    maxRssProcessoMb: process.resourceUsage().maxRSS / 1024,
  }),
);
