import { rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, openPostgres } from '../src/db/client.ts';
import {
  comAdminPostgres,
  MODELO_PGLITE,
  MODELO_POSTGRES,
  nomeDeBancoDeTeste,
  prepararBanco,
  urlDoBanco,
} from './test-database.ts';

// Migrates one database of each kind before the workers start, so each test database is a copy: a
// PGlite data directory loaded from a tarball, a PostgreSQL `CREATE DATABASE … TEMPLATE`. The workers
// inherit the environment variables naming them; both projects run this setup, the first one builds.
export default async function preparar(): Promise<(() => Promise<void>) | undefined> {
  if (process.env[MODELO_PGLITE]) return undefined;
  const pasta = await mkdtemp(join(tmpdir(), 'cobranca-modelo-'));
  const pglite = await prepararBanco(await openPglite());
  const arquivo = join(pasta, 'pglite.tar');
  writeFileSync(arquivo, Buffer.from(await (await pglite.despejar()).arrayBuffer()));
  await pglite.close();
  process.env[MODELO_PGLITE] = arquivo;

  let modeloPostgres: string | null = null;
  if (process.env.TEST_DATABASE_URL) {
    modeloPostgres = nomeDeBancoDeTeste('modelo');
    const nome = modeloPostgres;
    await comAdminPostgres((client) => client.query(`CREATE DATABASE "${nome}"`));
    // A template must have no connection open while it is copied: this pool closes before any test.
    const banco = await prepararBanco(await openPostgres(urlDoBanco(nome), 1));
    await banco.close();
    process.env[MODELO_POSTGRES] = nome;
  }
  return async () => {
    rmSync(pasta, { recursive: true, force: true });
    if (modeloPostgres) {
      const nome = modeloPostgres;
      await comAdminPostgres((client) => client.query(`DROP DATABASE IF EXISTS "${nome}" WITH (FORCE)`));
    }
  };
}
