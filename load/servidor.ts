import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The server under load: `npm start` on a free loopback port against the run's database, the
// engine embedded (every `intervaloSegundos`), its log in load/results/servidor.log.

const RAIZ = fileURLToPath(new URL('..', import.meta.url));
export const LOG_SERVIDOR = join(RAIZ, 'load/results/servidor.log');

export type Servidor = { url: string; parar: () => Promise<void> };

const portaLivre = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const endereco = server.address();
      const porta = typeof endereco === 'object' && endereco ? endereco.port : 0;
      server.close(() => resolve(porta));
    });
  });

const esperar = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const saiu = (filho: ChildProcess, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (filho.exitCode !== null || filho.signalCode !== null) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    filho.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/** Signals the process group this run started (npm and the node server under it). */
const sinalizarGrupo = (filho: ChildProcess, sinal: NodeJS.Signals) => {
  if (filho.pid === undefined) return;
  try {
    process.kill(-filho.pid, sinal);
  } catch {
    // already gone
  }
};

const aguardarSaude = async (url: string, filho: ChildProcess, limiteMs: number) => {
  const fim = Date.now() + limiteMs;
  while (Date.now() < fim) {
    if (filho.exitCode !== null)
      throw new Error(`o servidor saiu com ${filho.exitCode}; veja ${LOG_SERVIDOR}`);
    try {
      const resposta = await fetch(`${url}/api/health`);
      if (resposta.ok) return;
    } catch {
      // not listening yet
    }
    await esperar(250);
  }
  throw new Error(`o servidor não respondeu em /api/health em ${limiteMs / 1000} s; veja ${LOG_SERVIDOR}`);
};

export const iniciarServidor = async (databaseUrl: string, intervaloSegundos: number): Promise<Servidor> => {
  const porta = await portaLivre();
  const dataDir = mkdtempSync(join(tmpdir(), 'cobranca-load-'));
  const log = createWriteStream(LOG_SERVIDOR);
  const filho = spawn('npm', ['start'], {
    cwd: RAIZ,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(porta),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      APP_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: process.env.LOAD_LOG_LEVEL ?? 'warn',
      REGUA_EMBUTIDA: 'true',
      REGUA_INTERVALO_SEGUNDOS: String(intervaloSegundos),
      // The load test drives the API only; never rebuild the web app under it.
      SKIP_WEB_BUILD: '1',
    },
  });
  filho.stdout?.pipe(log, { end: false });
  filho.stderr?.pipe(log, { end: false });
  const url = `http://127.0.0.1:${porta}`;
  const parar = async () => {
    sinalizarGrupo(filho, 'SIGTERM');
    if (!(await saiu(filho, 15_000))) {
      sinalizarGrupo(filho, 'SIGKILL');
      await saiu(filho, 5_000);
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await aguardarSaude(url, filho, 90_000);
  } catch (erro) {
    await parar();
    throw erro;
  }
  return { url, parar };
};
