import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../../test/build-test-app.ts';
import { esperar } from '../../../test/processos.ts';
import { testDbKind } from '../../../test/test-database.ts';
import { type DoisNos, doisNosPostgres, entrar, type Servidor } from '../../falhas/falhas.test-fixtures.ts';

// docs/decisions/024-cache-de-sessoes.md: two API processes on one PostgreSQL, each with its own
// session cache; a user blocked through one is refused by the other within a second (issue 18).
// PGlite is one process: PostgreSQL only.

describe.runIf(testDbKind() === 'postgres')('session cache on two API processes', () => {
  let nos: DoisNos;
  let servidores: Servidor[] = [];
  let admin: TestUser;
  let operador: TestUser;

  beforeAll(async () => {
    nos = await doisNosPostgres('cd'.repeat(32));
    servidores = nos.servidores;
    admin = await createTestUser(nos.database, 'admin');
    operador = await createTestUser(nos.database, 'operador');
  }, 120_000);
  afterAll(async () => {
    await nos?.fechar();
  });

  const me = async (servidor: Servidor | undefined, autorizacao: Record<string, string>) =>
    (await fetch(`${servidor?.url}/api/me`, { headers: autorizacao })).status;

  it('process B refuses a user blocked through process A within 1 s', async () => {
    const [a, b] = servidores;
    if (!a || !b) throw new Error('os dois servidores não iniciaram');
    const comoAdmin = await entrar(a.url, admin.email, admin.password);

    // B really serves from memory: a revocation that notifies no one (triggers off for this one
    // session) is not seen by B while its cached copy lasts. A server reading the database would refuse.
    const primeiro = await entrar(a.url, operador.email, operador.password);
    expect(await me(b, primeiro)).toBe(200);
    const silencioso = new pg.Client({ connectionString: nos.url });
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
