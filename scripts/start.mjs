// `npm start`: build the web app if it is missing or older than its sources, then run the server
// (TypeScript loaded through tsx; see docs/decisions/001-runtime-typescript.md).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
];

const newestMtime = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
};

const webIsStale = () =>
  !existsSync(builtIndex) ||
  Math.max(...webSources.map((p) => newestMtime(join(root, p)))) > statSync(builtIndex).mtimeMs;

if (process.env.SKIP_WEB_BUILD !== '1' && webIsStale()) {
  console.log('Compilando a aplicação web…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@cobranca/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../apps/api/src/server.ts');
