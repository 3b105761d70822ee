// `npm run bench` (and `-- --quick`): the BENCHMARKS.md table, printed and written to bench/results/latest.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { abrirBancoBench } from './banco.ts';
import { benchEnvio } from './engine/envio.bench.ts';
import { benchPlanejamento } from './engine/planejamento.bench.ts';
import { benchImportacaoCsv, benchImportacaoNfe } from './imports/imports.bench.ts';
import type { LinhaBench } from './resultado.ts';

const rapido = process.argv.includes('--quick');
const escala = rapido
  ? { linhasCsv: 10_000, notas: 100, repeticoes: 1, contasRegua: 100_000, mensagensEnvio: 800 }
  : { linhasCsv: 100_000, notas: 1_000, repeticoes: 3, contasRegua: 1_000_000, mensagensEnvio: 2_400 };

const maquina = `${cpus().length} núcleos (${cpus()[0]?.model.trim() ?? 'cpu'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
const data = new Date().toISOString();

const banco = await abrirBancoBench();
const linhas: LinhaBench[] = [];
try {
  linhas.push(await benchImportacaoCsv(banco, escala.linhasCsv, escala.repeticoes));
  linhas.push(await benchImportacaoNfe(banco, escala.notas, escala.repeticoes));
  linhas.push(await benchPlanejamento(banco, escala.contasRegua));
  linhas.push(await benchEnvio(banco, escala.mensagensEnvio));
} finally {
  await banco.fechar();
}

const tabela = [
  `Máquina: ${maquina}. Data: ${data.slice(0, 10)}.${rapido ? ' Modo --quick (escala reduzida).' : ''}`,
  '',
  '| medida | piso (mesma execução) | resultado | alvo | veredito |',
  '|---|---|---|---|---|',
  ...linhas.map(
    (l) => `| ${l.medida} | ${l.piso} | ${l.valor} | ${l.alvo} | ${l.ok ? '✅ atende' : '❌ não atende'} |`,
  ),
].join('\n');
process.stdout.write(`${tabela}\n`);

await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(
  new URL(`./results/${rapido ? 'quick' : 'latest'}.json`, import.meta.url),
  `${JSON.stringify({ data, maquina, rapido, linhas }, null, 2)}\n`,
);
