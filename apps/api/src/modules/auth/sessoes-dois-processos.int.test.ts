import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../../test/build-test-app.ts';
import { esperar } from '../../../test/processos.ts';
import { createPostgresTestDatabase, testDbKind } from '../../../test/test-database.ts';
import { type Database, openPostgres } from '../../db/client.ts';
import { entrar, iniciarServidor, pararServidor, type Servidor } from '../../falhas/falhas.test-fixtures.ts';

// docs/decisions/024-cache-de-sessoes.md: two API processes on one PostgreSQL, each with its own
// session cache; a user blocked through one is refused by the other within a second (issue 18).
// PGlite is one process: PostgreSQL only.

describe.runIf(testDbKind() === 'postgres')('session cache on two API processes', () => {
  let pasta: string;
  let banco: { url: string; drop: () => Promise<void> };
  let database: Database;
  let admin: TestUser;
  let operador: TestUser;
  const servidores: Servidor[] = [];

  beforeAll(async () => {
    pasta = mkdtempSync(join(tmpdir(), 'cobranca-sessoes-'));
    banco = await createPostgresTestDatabase();
    database = await openPostgres(banco.url, 2);
    await database.migrate();
    admin = await createTestUser(database, 'admin');
    operador = await createTestUser(database, 'operador');
    const env = { DATABASE_URL: banco.url, DATA_DIR: pasta, APP_KEY: 'cd'.repeat(32), LOG_LEVEL: 'error' };
    // Each pushed as it starts, so afterAll stops it even if the other fails to.
    await Promise.all([1, 2].map(async () => servidores.push(await iniciarServidor(env))));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servidores.map(pararServidor));
    await database?.close();
    await banco?.drop();
    if (pasta) rmSync(pasta, { recursive: true, force: true });
  });

  const me = async (servidor: Servidor | undefined, autorizacao: Record<string, string>) =>
    (await fetch(`${servidor?.url}/api/me`, { headers: autorizacao })).status;

  it('process B refuses a user blocked through process A within 1 s', { timeout: 60_000 }, async () => {
    const [a, b] = servidores;
    if (!a || !b) throw new Error('os dois servidores não iniciaram');
    const comoAdmin = await entrar(a.url, admin.email, admin.password);

    // B really serves from memory: a revocation that notifies no one (triggers off for this one
    // session) is not seen by B while its cached copy lasts. A server reading the database would refuse.
    const primeiro = await entrar(a.url, operador.email, operador.password);
    expect(await me(b, primeiro)).toBe(200);
    const silencioso = new pg.Client({ connectionString: banco.url });
    await silencioso.connect();
    try {
      await silencioso.query('SET session_replication_role = replica');
      await silencioso.query('UPDATE api_tokens SET revoked_at = now() WHERE usuario_id = $1', [operador.id]);
    } finally {
      await silencioso.end();
    }
    expect(await me(b, primeiro)).toBe(200);

    // Both caches warm with a live session, then A blocks the user.
    const segundo = await entrar(a.url, operador.email, operador.password);
    for (const servidor of [a, b]) for (let i = 0; i < 3; i++) expect(await me(servidor, segundo)).toBe(200);
    const bloqueio = await fetch(`${a.url}/api/admin/operadores/${operador.id}/bloquear`, {
      method: 'PATCH',
      headers: comoAdmin,
    });
    expect(bloqueio.status).toBe(200);
    const bloqueadoEm = Date.now();

    // A's own write: refused on the very next request.
    expect(await me(a, segundo)).toBe(401);
    // B hears the trigger's NOTIFY: polled every 50 ms, refused within 1 s.
    let status = await me(b, segundo);
    while (status !== 401 && Date.now() - bloqueadoEm < 1_000) {
      await esperar(50);
      status = await me(b, segundo);
    }
    expect(status).toBe(401);
    expect(Date.now() - bloqueadoEm).toBeLessThan(1_100);
    // The whole account's sessions went, the silently revoked one with them.
    expect(await me(b, primeiro)).toBe(401);
  });
});
