import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { esperar, portaLivre, raiz } from '../../test/processos.ts';
import { createPostgresTestDatabase } from '../../test/test-database.ts';
import { type Database, openPostgres } from '../db/client.ts';

// The real server as a child process, for the fault tests that kill it, fill its disk or stop its
// database underneath it.

export type Servidor = {
  processo: ChildProcess;
  url: string;
  saida: () => string;
  /** Resolves with the exit code, or the signal's name when killed. */
  saiu: Promise<number | string | null>;
};

const PRONTO = 'Sistema de Cobrança Automática em';

/**
 * `node --import tsx apps/api/src/server.ts`, optionally behind a wrapper command (`unshare …`), on a
 * free loopback port; resolves once it prints its address or has exited (a start that fails is a
 * result some tests look for).
 */
export const iniciarServidor = async (
  env: Record<string, string>,
  envoltorio: string[] = [],
): Promise<Servidor> => {
  const porta = await portaLivre();
  const comando = [...envoltorio, process.execPath, '--import', 'tsx', 'apps/api/src/server.ts'];
  const [programa = process.execPath, ...args] = comando;
  const processo = spawn(programa, args, {
    cwd: raiz,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(porta),
      SEED_DEMO: 'false',
      REGUA_EMBUTIDA: 'false',
      ...env,
    },
  });
  let saida = '';
  processo.stdout?.on('data', (parte) => (saida += parte));
  processo.stderr?.on('data', (parte) => (saida += parte));
  const saiu = new Promise<number | string | null>((resolve) =>
    processo.on('exit', (codigo, sinal) => resolve(codigo ?? sinal)),
  );
  for (let i = 0; i < 600 && processo.exitCode === null && !saida.includes(PRONTO); i++) await esperar(100);
  if (processo.exitCode === null && !saida.includes(PRONTO)) {
    processo.kill('SIGKILL');
    throw new Error(`o servidor não iniciou em 60 s:\n${saida}`);
  }
  return { processo, url: `http://127.0.0.1:${porta}`, saida: () => saida, saiu };
};

/** SIGTERM (a graceful stop), SIGKILL if it is still there 15 s later; resolves with how it exited. */
export const pararServidor = async (servidor: Servidor) => {
  const { processo } = servidor;
  if (processo.exitCode === null && processo.signalCode === null) {
    processo.kill('SIGTERM');
    const teimoso = setTimeout(() => processo.kill('SIGKILL'), 15_000);
    servidor.saiu.finally(() => clearTimeout(teimoso));
  }
  return servidor.saiu;
};

/** Signs in over HTTP and answers the bearer header. */
export const entrar = async (url: string, email: string, password: string) => {
  const resposta = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (resposta.status !== 200) throw new Error(`login ${resposta.status}: ${await resposta.text()}`);
  const { token } = (await resposta.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
};

/** `node --import tsx apps/api/src/cli.ts …` with `env`; resolves with what it printed, rejects if it failed. */

export type DoisNos = {
  /** The test database's URL, for a connection of the test's own. */
  url: string;
  /** A small pool on it, for setting up users. */
  database: Database;
  servidores: Servidor[];
  fechar: () => Promise<void>;
};

/**
 * Two API processes on one migrated PostgreSQL test database of their own, as two nodes behind a
 * proxy (the multi-node tests of docs/decisions/003 and 024). `fechar` stops both and drops it all.
 */
export const doisNosPostgres = async (appKey: string): Promise<DoisNos> => {
  const pasta = mkdtempSync(join(tmpdir(), 'cobranca-nos-'));
  const banco = await createPostgresTestDatabase();
  const database = await openPostgres(banco.url, 2);
  const servidores: Servidor[] = [];
  const fechar = async () => {
    await Promise.all(servidores.map(pararServidor));
    await database.close();
    await banco.drop();
    rmSync(pasta, { recursive: true, force: true });
  };
  try {
    await database.migrate();
    const env = { DATABASE_URL: banco.url, DATA_DIR: pasta, APP_KEY: appKey, LOG_LEVEL: 'error' };
    // Each pushed as it starts, so `fechar` stops it even if the other fails to.
    await Promise.all([1, 2].map(async () => servidores.push(await iniciarServidor(env))));
  } catch (erro) {
    await fechar();
    throw erro;
  }
  return { url: banco.url, database, servidores, fechar };
};
