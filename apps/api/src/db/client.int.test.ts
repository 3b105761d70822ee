import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, testDbKind } from '../../test/test-database.ts';
import { type Database, openPostgres } from './client.ts';
import { linhasDe } from './linhas.ts';

// The PostgreSQL pool keeps the connections it opened: a new one answers its first queries slowly,
// which made the engine's first sends of each pass late (docs/decisions/017). Its connections compile
// no statement just in time (docs/decisions/048) and plan each named statement once (decision 051).

describe.runIf(testDbKind() === 'postgres')('the PostgreSQL pool', () => {
  let drop: () => Promise<void>;
  let database: Database;

  beforeAll(async () => {
    const criado = await createPostgresTestDatabase();
    drop = criado.drop;
    database = await openPostgres(criado.url, 4);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('keeps its connections open after more than 10 s idle (pg closes idle ones at 10 s by default)', async () => {
    const { db } = database;
    await Promise.all(Array.from({ length: 3 }, () => db.execute(sql`SELECT pg_sleep(0.2)`)));
    const conexoes = async () =>
      linhasDe<{ n: number }>(
        await db.execute(
          sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()`,
        ),
      )[0]?.n;
    expect(await conexoes()).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect(await conexoes()).toBe(3);
  });

  it('runs every statement without JIT compilation, on every connection of the pool', async () => {
    const { db } = database;
    const jits = await Promise.all(
      Array.from({ length: 4 }, async () =>
        linhasDe<{ jit: string }>(
          await db.execute(sql`SELECT current_setting('jit') AS jit, pg_sleep(0.05)`),
        ),
      ),
    );
    expect(jits.flat().map((l) => l.jit)).toEqual(['off', 'off', 'off', 'off']);
  });

  it('plans a named statement once: the second run reuses the generic plan, whatever its values', async () => {
    const client = await (database.db as unknown as { $client: pg.Pool }).$client.connect();
    try {
      const consulta = (venc: string) => ({
        name: 'teste_plano_generico',
        text: 'SELECT count(*) FROM generate_series(1, 3) AS g(n) WHERE $1::date < current_date + n',
        values: [venc],
      });
      await client.query(consulta('2026-01-01'));
      await client.query(consulta('2030-01-01'));
      const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>(
        "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'teste_plano_generico'",
      );
      expect(rows).toEqual([{ generic_plans: '2', custom_plans: '0' }]);
    } finally {
      client.release();
    }
  });
});
