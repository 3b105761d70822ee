// One node importing a bank file (the reconciliation row runs two at once on the same file): its own
// pool, the same service the API route calls. Prints the time and whether it wrote the file.
import { readFile } from 'node:fs/promises';
import { openPostgres } from '../../apps/api/src/db/client.ts';
import { importarArquivoBancario } from '../../apps/api/src/modules/conciliacao/importar-arquivo.service.ts';

const [url, caminho, appKey] = process.argv.slice(2);
if (!url || !caminho || !appKey)
  throw new Error('uso: processo-importar-arquivo <url> <arquivo> <appKeyHex>');
const database = await openPostgres(url);
const bytes = await readFile(caminho);
const inicio = performance.now();
const { repetido } = await importarArquivoBancario(
  database.db,
  Buffer.from(appKey, 'hex'),
  { nome: 'bench', bytes },
  { usuarioId: null, ip: null },
);
const ms = performance.now() - inicio;
await database.close();
process.stdout.write(JSON.stringify({ ms, repetido }));
