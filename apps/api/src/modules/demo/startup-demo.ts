import { inArray } from 'drizzle-orm';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { usuarios } from '../../db/schema/index.ts';
import { escreverExemplosDeConciliacao, printExemplosDeConciliacao } from './demo-conciliacao.ts';
import { acordoComDebitoDemo, printDebito } from './demo-debito.ts';
import { portalDeDemonstracao, printPortal } from './demo-portal.ts';
import { DEMO_CREDENCIAIS, isDatabaseEmpty, seedDemo } from './demo-seed.ts';
import { printCredentials } from './print-credentials.ts';

const FIRST_ACCOUNT_HINT =
  'Nenhuma conta cadastrada. Crie a primeira com:\n' +
  '  npm run cli -- user:create --role super_admin --name "Seu Nome" --email voce@empresa.com.br --password "SenhaForte123"';

/**
 * The demo set is loaded only into an empty embedded database (never with DATABASE_URL, never with
 * SEED_DEMO=false). Returns what to print once the server listens.
 */
export const startupDemo = async (config: Config, database: Database): Promise<() => void> => {
  const embeddedDemo = database.kind === 'pglite' && config.seedDemo;
  if (await isDatabaseEmpty(database.db)) {
    if (!embeddedDemo) return () => console.log(FIRST_ACCOUNT_HINT);
    const credentials = await seedDemo(database.db);
    const debito = await acordoComDebitoDemo(database.db, config.appKey);
    const portal = await portalDeDemonstracao(database.db);
    const exemplos = await escreverExemplosDeConciliacao(database.db, config.dataDir);
    return () => {
      printCredentials(credentials);
      printPortal(portal);
      printDebito(debito);
      printExemplosDeConciliacao(exemplos);
    };
  }
  if (!embeddedDemo) return () => {};
  // Loaded on an earlier start: remind of the demo accounts that still exist.
  const existing = await database.db
    .select({ email: usuarios.email })
    .from(usuarios)
    .where(
      inArray(
        usuarios.email,
        DEMO_CREDENCIAIS.map((c) => c.email),
      ),
    );
  const emails = new Set(existing.map((row) => row.email));
  const portal = await portalDeDemonstracao(database.db);
  const exemplos = await escreverExemplosDeConciliacao(database.db, config.dataDir);
  return () => {
    printCredentials(DEMO_CREDENCIAIS.filter((c) => emails.has(c.email)));
    printPortal(portal);
    printExemplosDeConciliacao(exemplos);
  };
};
