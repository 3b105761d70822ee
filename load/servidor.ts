import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aguardarSaude, portaLivre, saiu } from '../apps/api/test/processos.ts';

// The server under load: `npm start` on a free loopback port against the run's database, the
// engine embedded (every `intervaloSegundos`), its log in load/results/servidor.log.

const RAIZ = fileURLToPath(new URL('..', import.meta.url));
export const LOG_SERVIDOR = join(RAIZ, 'load/results/servidor.log');

export type Servidor = { url: string; parar: () => Promise<void> };

/** Signals the process group this run started (npm and the node server under it). */
const sinalizarGrupo = (filho: ChildProcess, sinal: NodeJS.Signals) => {
  if (filho.pid === undefined) return;
  try {
    process.kill(-filho.pid, sinal);
  } catch {
    // already gone
  }
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
    await aguardarSaude(url, filho, 90_000, () => `; veja ${LOG_SERVIDOR}`);
  } catch (erro) {
    await parar();
    throw erro;
  }
  return { url, parar };
};
