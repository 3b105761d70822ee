// Runs one CSV import in a process of its own, so its peak memory is the import's and nothing else's.
import { stat } from 'node:fs/promises';
import { openPostgres } from '../../apps/api/src/db/client.ts';
import { importarCsv } from '../../apps/api/src/modules/importacoes/importar-csv.service.ts';

const [url, caminho, operadorId] = process.argv.slice(2);
if (!url || !caminho || !operadorId)
  throw new Error('uso: processo-importar-csv <url> <arquivo> <operadorId>');
const database = await openPostgres(url);
const { size } = await stat(caminho);
const inicio = performance.now();
const relatorio = await importarCsv(
  database.db,
  { operadorId: Number(operadorId) },
  { usuarioId: Number(operadorId), ip: null },
  { nome: 'bench.csv', caminho, bytes: size },
);
const ms = performance.now() - inicio;
await database.close();
process.stdout.write(
  JSON.stringify({
    ms,
    picoMb: process.resourceUsage().maxRSS / 1024,
    criados: relatorio.criados,
    rejeitados: relatorio.rejeitados,
  }),
);
