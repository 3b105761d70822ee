import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aguardarSaude, esperar, portaLivre, saiu } from '../apps/api/test/processos.ts';

// The processes under load, as README "Running several API nodes and workers" deploys them: N API
// nodes (`npm start`, each on its own loopback port and DATA_DIR) and M engine workers
// (`npm run worker`), all on the run's database with one APP_KEY. Without workers every node embeds
// the engine (every `intervaloSegundos`). One log per process in load/results/.

const RAIZ = fileURLToPath(new URL('..', import.meta.url));
export const PASTA_LOGS = join(RAIZ, 'load/results');
const LOGS_DE_EXECUCAO = /^(api|worker)-\d+\.log$|^servidor\.log$/;

export type Processo = {
  nome: string;
  log: string;
  /** The exit code or signal if it stopped before `parar`; null while it runs. */
  saida: () => string | null;
  parar: () => Promise<void>;
};

export type Nos = { urls: string[]; processos: Processo[] };

/** Signals the process group this run started (npm and the node process under it). */
const sinalizarGrupo = (filho: ChildProcess, sinal: NodeJS.Signals) => {
  if (filho.pid === undefined) return;
  try {
    process.kill(-filho.pid, sinal);
  } catch {
    // already gone
  }
};

const iniciar = (nome: string, args: string[], env: Record<string, string>) => {
  const dataDir = mkdtempSync(join(tmpdir(), `cobranca-load-${nome}-`));
  const log = join(PASTA_LOGS, `${nome}.log`);
  const arquivo = createWriteStream(log);
  const filho = spawn('npm', args, {
    cwd: RAIZ,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, ...env },
  });
  filho.stdout?.pipe(arquivo, { end: false });
  filho.stderr?.pipe(arquivo, { end: false });
  let parando = false;
  let parado: Promise<void> | null = null;
  const processo: Processo = {
    nome,
    log,
    saida: () => {
      if (parando) return null;
      if (filho.exitCode !== null) return `código ${filho.exitCode}`;
      return filho.signalCode;
    },
    parar: () => {
      parando = true;
      parado ??= (async () => {
        sinalizarGrupo(filho, 'SIGTERM');
        if (!(await saiu(filho, 15_000))) {
          sinalizarGrupo(filho, 'SIGKILL');
          await saiu(filho, 5_000);
        }
        arquivo.end();
        rmSync(dataDir, { recursive: true, force: true });
      })();
      return parado;
    },
  };
  return { filho, processo };
};

/** Resolves once the worker has said it started (it serves no HTTP to poll). */
const aguardarWorker = async (filho: ChildProcess, limiteMs: number, log: string) => {
  let saida = Buffer.alloc(0);
  filho.stdout?.on('data', (parte: Buffer) => {
    saida = Buffer.concat([saida, parte]).subarray(-4_000);
  });
  const fim = Date.now() + limiteMs;
  while (Date.now() < fim) {
    if (saida.includes('worker da régua iniciado')) return;
    if (filho.exitCode !== null) throw new Error(`o worker saiu com ${filho.exitCode}; veja ${log}`);
    await esperar(250);
  }
  throw new Error(`o worker não iniciou em ${limiteMs / 1000} s; veja ${log}`);
};

/**
 * Starts `nos` API nodes, then `workers` workers (once the nodes have migrated the database). Every
 * process is handed to `registrar` as soon as it is spawned, so a failed start still stops the rest.
 */
export const iniciarProcessos = async (
  databaseUrl: string,
  opcoes: { nos: number; workers: number; intervaloSegundos: number; appKey: string },
  registrar: (processo: Processo) => void,
): Promise<Nos> => {
  mkdirSync(PASTA_LOGS, { recursive: true });
  for (const arquivo of readdirSync(PASTA_LOGS))
    if (LOGS_DE_EXECUCAO.test(arquivo)) rmSync(join(PASTA_LOGS, arquivo));
  const comum = {
    DATABASE_URL: databaseUrl,
    APP_KEY: opcoes.appKey,
    REGUA_INTERVALO_SEGUNDOS: String(opcoes.intervaloSegundos),
  };
  const nos = await Promise.all(
    Array.from({ length: opcoes.nos }, async (_, i) => {
      const porta = await portaLivre();
      const { filho, processo } = iniciar(`api-${i + 1}`, ['start'], {
        ...comum,
        PORT: String(porta),
        HOST: '127.0.0.1',
        // The run plays the README's proxy: each user's address in X-Forwarded-For (http.ts).
        TRUST_PROXY: 'true',
        LOG_LEVEL: process.env.LOAD_LOG_LEVEL ?? 'warn',
        REGUA_EMBUTIDA: opcoes.workers > 0 ? 'false' : 'true',
        // The load test drives the API only; never rebuild the web app under it.
        SKIP_WEB_BUILD: '1',
      });
      registrar(processo);
      const url = `http://127.0.0.1:${porta}`;
      // Several nodes start together on two cores: tsx compiles each one's sources.
      await aguardarSaude(url, filho, 180_000, () => `; veja ${processo.log}`);
      return { url, processo };
    }),
  );
  const workers = await Promise.all(
    Array.from({ length: opcoes.workers }, async (_, i) => {
      const { filho, processo } = iniciar(`worker-${i + 1}`, ['run', 'worker'], {
        ...comum,
        // `info` always: its start line is how we know it runs, and each pass that did something
        // logs its counts (which worker sent what).
        LOG_LEVEL: 'info',
      });
      registrar(processo);
      await aguardarWorker(filho, 180_000, processo.log);
      return processo;
    }),
  );
  return { urls: nos.map((n) => n.url), processos: [...nos.map((n) => n.processo), ...workers] };
};

export type ResumoProcesso = {
  processo: string;
  log: string;
  /** How it stopped during the run (null: it was still running). */
  saida: string | null;
  /** pino lines at level error or fatal. */
  linhas_de_erro: number;
};

export const resumirProcesso = (p: Processo): ResumoProcesso => {
  let linhas = 0;
  try {
    linhas = readFileSync(p.log, 'utf8')
      .split('\n')
      .filter((l) => /"level":(50|60)\b/.test(l)).length;
  } catch {
    // no log written
  }
  return { processo: p.nome, log: relative(RAIZ, p.log), saida: p.saida(), linhas_de_erro: linhas };
};

export const novaAppKey = () => randomBytes(32).toString('hex');
