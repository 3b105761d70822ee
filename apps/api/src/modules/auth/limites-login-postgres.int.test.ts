import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { criarLimitesLoginPostgres } from './limites-login-postgres.ts';

// The shared store itself (the routes run it on PostgreSQL only; its SQL runs on PGlite too, so both
// projects check it). Route behaviour: login-rate-limit.int.test.ts and limites-dois-processos.int.test.ts.

const MINUTO = 60_000;
let agora = Date.parse('2026-05-04T09:00:00Z');
let database: Database;

const limites = {
  perIp: { max: 60, windowMs: MINUTO },
  failuresPerEmailAndIp: { max: 2, windowMs: 15 * MINUTO },
  failuresPerIp: { max: 30, windowMs: 15 * MINUTO },
  failuresPerEmail: { max: 100, windowMs: 60 * MINUTO },
  now: () => agora,
};

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const linha = async (chave: string) =>
  linhasDe<{ contagem: number }>(
    await database.db.execute(sql`SELECT contagem FROM limites_login WHERE chave = ${chave}`),
  )[0];

describe('sign-in limits stored in the database', () => {
  it('takes a failure back only in the window it was counted in', async () => {
    const store = criarLimitesLoginPostgres(database.db, limites);
    const antiga = await store.iniciar('a@exemplo.com', '192.0.2.1');
    if ('esperaSegundos' in antiga) throw new Error('não devia esperar');
    agora += 15 * MINUTO;
    const nova = await store.iniciar('a@exemplo.com', '192.0.2.1');
    expect('esperaSegundos' in nova).toBe(false);
    await antiga.anular();
    await antiga.anular();
    expect(await linha('ei:a@exemplo.com 192.0.2.1')).toEqual({ contagem: 1 });
    // The second failure in this window reaches max 2; the third is refused and not counted.
    expect('esperaSegundos' in (await store.iniciar('a@exemplo.com', '192.0.2.1'))).toBe(false);
    expect(await store.iniciar('a@exemplo.com', '192.0.2.1')).toEqual({ esperaSegundos: 900 });
    expect(await linha('ei:a@exemplo.com 192.0.2.1')).toEqual({ contagem: 2 });
  });

  it('a known address skips only the per-e-mail ceiling', async () => {
    const store = criarLimitesLoginPostgres(database.db, {
      ...limites,
      failuresPerEmail: { max: 1, windowMs: 60 * MINUTO },
    });
    const dono = await store.iniciar('b@exemplo.com', '2001:db8:1:2::10');
    if ('esperaSegundos' in dono) throw new Error('não devia esperar');
    await dono.sucesso();
    await store.iniciar('b@exemplo.com', '198.51.100.1'); // a failure elsewhere reaches the ceiling
    expect(await store.iniciar('b@exemplo.com', '198.51.100.2')).toEqual({ esperaSegundos: 3600 });
    // Another host of the same /64 is the same address.
    expect('esperaSegundos' in (await store.iniciar('b@exemplo.com', '2001:db8:1:2::99'))).toBe(false);
    expect('esperaSegundos' in (await store.iniciar('b@exemplo.com', '2001:db8:1:2::10'))).toBe(false);
    // The pair's own limit (max 2) still applies there.
    expect(await store.iniciar('b@exemplo.com', '2001:db8:1:2::10')).toEqual({ esperaSegundos: 900 });
  });

  it('deletes expired rows as counts are written, keeping live windows and known addresses', async () => {
    const store = criarLimitesLoginPostgres(database.db, limites);
    await database.db.execute(sql`
      INSERT INTO limites_login (chave, inicio, contagem, expira) VALUES
        ('ei:velho', ${new Date(agora - 20 * MINUTO)}, 3, ${new Date(agora - 5 * MINUTO)}),
        ('ok:vivo', ${new Date(agora - MINUTO)}, 1, ${new Date(agora + MINUTO)})`);
    for (let i = 0; i < 100; i++) await store.iniciar(`c${i}@exemplo.com`, `203.0.113.${i}`);
    await expect.poll(() => linha('ei:velho')).toBeUndefined();
    expect(await linha('ok:vivo')).toEqual({ contagem: 1 });
    expect(await linha('ei:c0@exemplo.com 203.0.113.0')).toEqual({ contagem: 1 });
  });
});
