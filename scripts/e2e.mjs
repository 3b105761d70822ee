// `npm run test:e2e`: build the web app, then run Playwright against a server on a free port with a
// fresh embedded database (demo data seeded), removed afterwards.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

if (run('npm', ['run', 'build']) !== 0) process.exit(1);
const dataDir = mkdtempSync(join(tmpdir(), 'cobranca-e2e-'));
const status = run(
  'npx',
  ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...process.argv.slice(2)],
  {
    E2E_PORT: String(await freePort()),
    E2E_DATA_DIR: dataDir,
    SKIP_WEB_BUILD: '1',
  },
);
rmSync(dataDir, { recursive: true, force: true });
process.exit(status);
