// `npm run lint:openapi`: builds the app in this process over an in-memory PGlite (as the tests do),
// writes its OpenAPI document to a temporary file and lints it with Redocly under redocly.yaml.
// Nothing leaves the machine: telemetry and the update check are off.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app.ts';
import { openPglite } from '../apps/api/src/db/client.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

const documentoOpenApi = async (): Promise<unknown> => {
  const database = await openPglite();
  try {
    await database.migrate();
    const app = await buildApp({ database, appKey: randomBytes(32), fila: { trabalhar: false } });
    await app.ready();
    const documento = app.swagger();
    await app.close();
    return documento;
  } finally {
    await database.close();
  }
};

const pasta = mkdtempSync(join(tmpdir(), 'cobranca-openapi-'));
try {
  const arquivo = join(pasta, 'openapi.json');
  writeFileSync(arquivo, JSON.stringify(await documentoOpenApi(), null, 2));
  const redocly = spawnSync(
    process.execPath,
    [
      fileURLToPath(import.meta.resolve('@redocly/cli/bin/cli.js')),
      'lint',
      arquivo,
      '--config',
      join(root, 'redocly.yaml'),
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  process.exitCode = redocly.status ?? 1;
} finally {
  rmSync(pasta, { recursive: true, force: true });
}
