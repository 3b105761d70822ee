import { type ChildProcess, execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as esperar } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// Child-process plumbing shared by whatever runs the real server beside it: the fault tests, the
// benchmarks and the load test.

export { esperar };

/** The repository's root folder. */
export const raiz = fileURLToPath(new URL('../../..', import.meta.url));

/** `npm run cli -- …args` with extra environment; resolves with what it printed, rejects with its stderr. */
export const executarCli = async (env: Record<string, string>, args: string[]) => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/cli.ts', ...args],
    { cwd: raiz, env: { ...process.env, ...env } },
  );
  return stdout;
};

/** A loopback port nothing listens on right now. */
export const portaLivre = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const endereco = server.address();
      const porta = typeof endereco === 'object' && endereco ? endereco.port : 0;
      server.close(() => resolve(porta));
    });
  });

/** Whether the process has exited within `ms` (at once if it already has). */
export const saiu = (filho: ChildProcess, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (filho.exitCode !== null || filho.signalCode !== null) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    filho.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/** Polls /api/health until it answers 200; fails, with `detalhe()` appended, if the server exits or time runs out. */
export const aguardarSaude = async (
  url: string,
  filho: ChildProcess,
  limiteMs: number,
  detalhe: () => string,
) => {
  const fim = Date.now() + limiteMs;
  while (Date.now() < fim) {
    if (filho.exitCode !== null) throw new Error(`o servidor saiu com ${filho.exitCode}${detalhe()}`);
    const pronto = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (pronto) return;
    await esperar(250);
  }
  throw new Error(`o servidor não respondeu em /api/health em ${limiteMs / 1000} s${detalhe()}`);
};
