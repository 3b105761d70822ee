import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aguardarSaude, portaLivre, saiu } from '../../apps/api/test/processos.ts';

// The web rows measure what `npm start` serves: the production build of apps/web behind the real
// server, on a free loopback port, with a fresh embedded database (PGlite) seeded with the demo data.

const RAIZ = fileURLToPath(new URL('../..', import.meta.url));
export const DIST_WEB = join(RAIZ, 'apps/web/dist');

/** Runs a command at the root; its output is only shown when it fails. */
const executar = (comando: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  new Promise<void>((resolve, reject) => {
    const filho = spawn(comando, args, {
      cwd: RAIZ,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let saida = '';
    const juntar = (parte: Buffer) => {
      saida += parte.toString();
    };
    filho.stdout.on('data', juntar);
    filho.stderr.on('data', juntar);
    filho.on('error', reject);
    filho.on('exit', (codigo) =>
      codigo === 0
        ? resolve()
        : reject(new Error(`${comando} ${args.join(' ')} saiu com ${codigo}:\n${saida}`)),
    );
  });

let compilacao: Promise<void> | null = null;
/** `npm run build` once per run: both web rows measure the same build of the current sources. */
export const compilarWeb = (): Promise<void> => {
  compilacao ??= executar('npm', ['run', 'build']);
  return compilacao;
};

/**
 * Builds the web app (once per run), starts the server as `npm start` does and runs `usar` against it;
 * `saida` is what the server printed so far (the demo's portal link).
 */
export const comServidorWeb = async <T>(
  usar: (url: string, saida: () => string) => Promise<T>,
): Promise<T> => {
  await compilarWeb();
  const porta = await portaLivre();
  const dataDir = mkdtempSync(join(tmpdir(), 'cobranca-bench-web-'));
  const filho = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: RAIZ,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(porta),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Nothing but the browser's requests on the server while it is measured.
      REGUA_EMBUTIDA: 'false',
      SKIP_WEB_BUILD: '1',
    },
  });
  let log = '';
  let impresso = '';
  const anotar = (parte: Buffer) => {
    log = (log + parte.toString()).slice(-8_000);
  };
  filho.stdout?.on('data', (parte: Buffer) => {
    impresso = (impresso + parte.toString()).slice(0, 16_000);
  });
  filho.stdout?.on('data', anotar);
  filho.stderr?.on('data', anotar);
  const url = `http://127.0.0.1:${porta}`;
  try {
    await aguardarSaude(url, filho, 120_000, () => `:\n${log}`);
    return await usar(url, () => impresso);
  } finally {
    // scripts/start.mjs runs the server in its own process: no children to reap.
    filho.kill('SIGTERM');
    if (!(await saiu(filho, 15_000))) filho.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
};
