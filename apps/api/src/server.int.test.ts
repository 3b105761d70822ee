import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, testDbKind } from '../test/test-database.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

type Running = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

// A first start migrates and seeds through tsx: over 30 s when CI runs every suite on two slow cores.
const SPAWN = { timeout: 120_000 };

/** The server as `npm start` runs it (scripts/start.mjs), without rebuilding the web app. */
const start = async (env: Record<string, string>): Promise<Running> => {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (let i = 0; i < 450 && child.exitCode === null; i++) {
    if (output.includes('Sistema de Cobrança Automática em')) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, port, output: () => output, exited };
};

const stop = async (running: Running) => {
  running.child.kill('SIGTERM');
  return running.exited;
};

const login = (port: number, email: string, password: string) =>
  fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

describe.runIf(testDbKind() === 'pglite')('npm start on the embedded database', SPAWN, () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cobranca-start-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('seeds an empty database, prints the demo accounts, and they can sign in', async () => {
    const server = await start({ DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      expect(server.output()).toContain(`em http://localhost:${server.port}`);
      // The credentials follow the listening line, possibly in a later chunk of output.
      await expect
        .poll(server.output, { timeout: 5_000 })
        .toMatch(/Super Administrador\s+superadmin@demo\.cobranca\.local\s+senha: Demo@2026/);
      const health = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
      for (const email of [
        'superadmin@demo.cobranca.local',
        'admin@demo.cobranca.local',
        'operador@demo.cobranca.local',
      ]) {
        expect((await login(server.port, email, 'Demo@2026')).status).toBe(200);
      }
    } finally {
      expect(await stop(server)).toBe(0);
    }
    expect(existsSync(join(dataDir, 'cobranca.lock'))).toBe(false);
  });

  it('keeps the data on restart without seeding again, and a second process on the same DATA_DIR refuses', async () => {
    const server = await start({ DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      expect(server.output()).toContain('Contas de demonstração');
      const second = await start({ DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/já está em uso pelo processo \d+/);
      expect((await login(server.port, 'admin@demo.cobranca.local', 'Demo@2026')).status).toBe(200);
    } finally {
      expect(await stop(server)).toBe(0);
    }
  });

  it('finishes an in-flight request on SIGTERM before exiting', async () => {
    const server = await start({ DATA_DIR: dataDir, DATABASE_URL: '' });
    // The server answers "100 Continue" as it hands the request to Fastify, so once the client sees
    // it the request is in flight for certain; SIGTERM comes then, and the body only after it.
    const body = JSON.stringify({ email: 'admin@demo.cobranca.local', password: 'Demo@2026' });
    const request = httpRequest({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: '/api/login',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    });
    const status = new Promise<number | undefined>((resolve, reject) => {
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      request.on('error', reject);
    });
    await new Promise((resolve) => request.once('continue', resolve));
    const code = stop(server);
    await new Promise((resolve) => setTimeout(resolve, 200));
    request.end(body);
    expect(await status).toBe(200);
    expect(await code).toBe(0);
  });

  it('starts empty with SEED_DEMO=false and says how to create the first account', async () => {
    const emptyDir = mkdtempSync(join(tmpdir(), 'cobranca-start-'));
    const server = await start({ DATA_DIR: emptyDir, DATABASE_URL: '', SEED_DEMO: 'false' });
    try {
      // The hint follows the listening line, possibly in a later chunk of output.
      await expect.poll(server.output, { timeout: 5_000 }).toContain('npm run cli -- user:create');
      expect((await login(server.port, 'admin@demo.cobranca.local', 'Demo@2026')).status).toBe(401);
    } finally {
      await stop(server);
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(testDbKind() === 'postgres')('npm start with DATABASE_URL', SPAWN, () => {
  it('migrates PostgreSQL, never seeds demo data, and reports the database kind', async () => {
    const pg = await createPostgresTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'cobranca-start-'));
    const server = await start({ DATA_DIR: dataDir, DATABASE_URL: pg.url, SEED_DEMO: 'true' });
    try {
      expect(server.output()).toContain('PostgreSQL');
      expect(server.output()).not.toContain('Contas de demonstração');
      const health = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'postgres' });
      expect((await login(server.port, 'admin@demo.cobranca.local', 'Demo@2026')).status).toBe(401);
    } finally {
      expect(await stop(server)).toBe(0);
      rmSync(dataDir, { recursive: true, force: true });
      await pg.drop();
    }
  });
});
