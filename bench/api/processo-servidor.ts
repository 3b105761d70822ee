// The real app in a process of its own (its own event loop, so the load generator does not share it),
// on a free loopback port, plus the floor route that exists only here. Prints {"porta": n} once it
// listens; closes on SIGTERM. The collection engine is not started: buildApp never starts it. An APP_KEY
// (hex) as third argument opens secrets stored under it (the PIX row's provider settings).
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app.ts';
import { openPostgres } from '../../apps/api/src/db/client.ts';

const [url, rotaPiso, appKey] = process.argv.slice(2);
if (!url || !rotaPiso) throw new Error('uso: processo-servidor <url> <rota-do-piso> [appKeyHex]');

const database = await openPostgres(url);
const app = await buildApp({
  database,
  appKey: appKey ? Buffer.from(appKey, 'hex') : randomBytes(32),
  // One address and one link send thousands of requests a second: the limiters run, never refuse.
  portalRateLimit: { porIp: 1e9, porLink: 1e9, porSessao: 1e9 },
});
// The floor: a bare route doing one `SELECT 1` through the app's own pool.
app.get(rotaPiso, async () => {
  await app.db.execute(sql`SELECT 1`);
  return { ok: true };
});
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ porta: (app.server.address() as AddressInfo).port })}\n`);

process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
