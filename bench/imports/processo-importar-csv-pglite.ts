// The CSV import on PGlite (in memory), in a process of its own: per repetition, PGlite's own COPY of
// the same file into a bare table, the import on emptied tables, then its floor (piso-tabelas-reais.ts).
import { readFile, stat } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { openPglite } from '../../apps/api/src/db/client.ts';
import { importarCsv } from '../../apps/api/src/modules/importacoes/importar-csv.service.ts';
import { consultorPglite, criarOperadorBench, pgliteDe } from '../banco.ts';
import { pisoTabelasReaisPglite } from './piso-tabelas-reais.ts';

const [caminho, repeticoesTexto] = process.argv.slice(2);
if (!caminho) throw new Error('uso: processo-importar-csv-pglite <arquivo> [repetições]');
const database = await openPglite();
await database.migrate();
const { db } = database;
const client = pgliteDe(database);
const operadorId = await criarOperadorBench(database, 'csv.pglite@bench.local');
const { size } = await stat(caminho);
const blob = new Blob([await readFile(caminho)]);
await client.exec(
  'CREATE TABLE bench_copy (nome text, documento text, telefone text, email text, descricao text, valor text, vencimento text)',
);
const pisosCrus: number[] = [];
const pisos: number[] = [];
const execucoes: { ms: number; criados: number }[] = [];
for (let i = 0; i < Number(repeticoesTexto ?? 1); i += 1) {
  await client.exec('TRUNCATE bench_copy');
  let inicio = performance.now();
  await client.query("COPY bench_copy FROM '/dev/blob' WITH (FORMAT csv, DELIMITER ';', HEADER true)", [], {
    blob,
  });
  pisosCrus.push(performance.now() - inicio);
  await db.execute(sql`TRUNCATE contas_receber, clientes, importacoes, audit_logs RESTART IDENTITY CASCADE`);
  inicio = performance.now();
  const relatorio = await importarCsv(
    db,
    { operadorId },
    { usuarioId: operadorId, ip: null },
    { nome: 'bench.csv', caminho, bytes: size },
  );
  execucoes.push({ ms: performance.now() - inicio, criados: relatorio.criados });
  pisos.push(await pisoTabelasReaisPglite(client, consultorPglite(database)));
}
await database.close();
process.stdout.write(
  JSON.stringify({ pisos, pisosCrus, execucoes, picoMb: process.resourceUsage().maxRSS / 1024 }),
);
