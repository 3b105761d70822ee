import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { importarXml } from '../../apps/api/src/modules/importacoes/importar-xml.service.ts';
import { lerNotaFiscal } from '../../apps/api/src/modules/importacoes/nfe/nfe-parser.ts';
import { lerZip } from '../../apps/api/src/modules/importacoes/nfe/zip-seguro.ts';
import { type BancoBench, criarOperadorBench, executarEmProcesso } from '../banco.ts';
import { cronometrar, type LinhaBench, mediana, ms } from '../resultado.ts';
import { gerarCsv, gerarZipNfe } from './gerar.ts';
import { pisoTabelasReaisPostgres } from './piso-tabelas-reais.ts';

const PICO_MAXIMO_MB = 300;
/** NF-e against its reading; the CSV import against COPY into the real tables (piso-tabelas-reais.ts). */
const RAZAO_MAXIMA = 3;

const limpar = (banco: BancoBench) =>
  banco.database.db.execute(
    sql`TRUNCATE contas_receber, clientes, importacoes, audit_logs RESTART IDENTITY CASCADE`,
  );

/** The floor before issue 35, still printed: the same file streamed with COPY into a bare table of text columns. */
const copiarCsv = async (url: string, caminho: string): Promise<number> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'CREATE TABLE IF NOT EXISTS bench_copy (nome text, documento text, telefone text, email text, descricao text, valor text, vencimento text)',
    );
    await client.query('TRUNCATE bench_copy');
    const { ms: tempo } = await cronometrar(() =>
      pipeline(
        createReadStream(caminho),
        client.query(copyFrom("COPY bench_copy FROM STDIN WITH (FORMAT csv, DELIMITER ';', HEADER true)")),
      ),
    );
    return tempo;
  } finally {
    await client.end();
  }
};

const pisoCsv = (piso: number, pisoCru: number) =>
  `COPY das mesmas linhas em clientes e contas_receber: ${ms(piso)} (COPY numa tabela crua: ${ms(pisoCru)})`;

const valorCsv = (tempo: number, piso: number, pisoCru: number, pico: number) =>
  `${ms(tempo)} (${(tempo / piso).toFixed(2)}× o COPY nas tabelas reais; ${(tempo / pisoCru).toFixed(1)}× o cru), pico ${pico.toFixed(0)} MB`;

type Execucao = { ms: number; picoMb: number; criados: number; rejeitados: number };

const importarEmProcesso = (url: string, caminho: string, operadorId: number) =>
  executarEmProcesso<Execucao>(new URL('./processo-importar-csv.ts', import.meta.url), [
    url,
    caminho,
    String(operadorId),
  ]);

export const benchImportacaoCsv = async (
  banco: BancoBench,
  linhas: number,
  repeticoes: number,
): Promise<LinhaBench> => {
  const pasta = await mkdtemp(join(tmpdir(), 'bench-csv-'));
  try {
    const caminho = join(pasta, 'clientes.csv');
    await gerarCsv(caminho, linhas);
    const operadorId = await criarOperadorBench(banco.database, `csv.${Date.now()}@bench.local`);
    const pisosCrus: number[] = [];
    const pisos: number[] = [];
    const execucoes: Execucao[] = [];
    for (let i = 0; i < repeticoes; i += 1) {
      pisosCrus.push(await copiarCsv(banco.url, caminho));
      await limpar(banco);
      const execucao = await importarEmProcesso(banco.url, caminho, operadorId);
      if (execucao.criados !== linhas)
        throw new Error(`esperava ${linhas} clientes, vieram ${execucao.criados}`);
      execucoes.push(execucao);
      pisos.push(await pisoTabelasReaisPostgres(banco.url));
    }
    const piso = mediana(pisos);
    const pisoCru = mediana(pisosCrus);
    const tempo = mediana(execucoes.map((e) => e.ms));
    const pico = Math.max(...execucoes.map((e) => e.picoMb));
    const razao = tempo / piso;
    return {
      medida: `Importação CSV, ${linhas.toLocaleString('pt-BR')} linhas válidas (PostgreSQL)`,
      piso: pisoCsv(piso, pisoCru),
      valor: valorCsv(tempo, piso, pisoCru, pico),
      alvo: `≤ ${RAZAO_MAXIMA}× o COPY nas tabelas reais e ≤ ${PICO_MAXIMO_MB} MB`,
      ok: razao <= RAZAO_MAXIMA && pico <= PICO_MAXIMO_MB,
      detalhes: {
        piso_ms: piso,
        piso_tabela_crua_ms: pisoCru,
        ms: tempo,
        razao,
        razao_tabela_crua: tempo / pisoCru,
        pico_mb: pico,
        linhas_por_segundo: (linhas / tempo) * 1000,
      },
    };
  } finally {
    await rm(pasta, { recursive: true, force: true });
  }
};

type ExecucaoPglite = {
  pisos: number[];
  pisosCrus: number[];
  execucoes: { ms: number; criados: number }[];
  picoMb: number;
};

/**
 * The same import on PGlite (in memory, its own process), at the 10× smaller scale, against the same
 * floors through PGlite's own COPY (`/dev/blob`). Its memory is PGlite's heap as much as the import's,
 * so only the ratio has a target here.
 */
export const benchImportacaoCsvPglite = async (linhas: number, repeticoes: number): Promise<LinhaBench> => {
  const pasta = await mkdtemp(join(tmpdir(), 'bench-csv-pglite-'));
  try {
    const caminho = join(pasta, 'clientes.csv');
    await gerarCsv(caminho, linhas);
    const { pisos, pisosCrus, execucoes, picoMb } = await executarEmProcesso<ExecucaoPglite>(
      new URL('./processo-importar-csv-pglite.ts', import.meta.url),
      [caminho, String(repeticoes)],
    );
    for (const e of execucoes)
      if (e.criados !== linhas) throw new Error(`esperava ${linhas} clientes, vieram ${e.criados}`);
    const piso = mediana(pisos);
    const pisoCru = mediana(pisosCrus);
    const tempo = mediana(execucoes.map((e) => e.ms));
    const razao = tempo / piso;
    return {
      medida: `Importação CSV, ${linhas.toLocaleString('pt-BR')} linhas válidas (PGlite)`,
      piso: pisoCsv(piso, pisoCru),
      valor: valorCsv(tempo, piso, pisoCru, picoMb),
      alvo: `≤ ${RAZAO_MAXIMA}× o COPY nas tabelas reais`,
      ok: razao <= RAZAO_MAXIMA,
      detalhes: {
        piso_ms: piso,
        piso_tabela_crua_ms: pisoCru,
        ms: tempo,
        razao,
        razao_tabela_crua: tempo / pisoCru,
        pico_mb: picoMb,
        linhas_por_segundo: (linhas / tempo) * 1000,
      },
    };
  } finally {
    await rm(pasta, { recursive: true, force: true });
  }
};

export const benchImportacaoNfe = async (
  banco: BancoBench,
  notas: number,
  repeticoes: number,
): Promise<LinhaBench> => {
  const pasta = await mkdtemp(join(tmpdir(), 'bench-nfe-'));
  try {
    const caminho = join(pasta, 'notas.zip');
    const zip = await gerarZipNfe(notas);
    await writeFile(caminho, zip);
    const operadorId = await criarOperadorBench(banco.database, `nfe.${Date.now()}@bench.local`);
    const ator = { usuarioId: operadorId, ip: null };
    const pisos: number[] = [];
    const tempos: number[] = [];
    for (let i = 0; i < repeticoes; i += 1) {
      pisos.push(
        (
          await cronometrar(async () => {
            for await (const entrada of lerZip(caminho, 'notas.zip'))
              if ('conteudo' in entrada && !lerNotaFiscal(entrada.nome, entrada.conteudo).ok)
                throw new Error(`nota inválida: ${entrada.nome}`);
          })
        ).ms,
      );
      await limpar(banco);
      const { ms: tempo, resultado } = await cronometrar(() =>
        importarXml(banco.database.db, { operadorId }, ator, [
          { nome: 'notas.zip', caminho, bytes: zip.length },
        ]),
      );
      if (resultado.contas_criadas !== notas * 2) throw new Error(`esperava ${notas * 2} contas`);
      tempos.push(tempo);
    }
    const piso = mediana(pisos);
    const tempo = mediana(tempos);
    const razao = tempo / piso;
    return {
      medida: `Importação NF-e, ${notas.toLocaleString('pt-BR')} XML num ZIP (PostgreSQL)`,
      piso: `só a leitura: ${ms(piso)}`,
      valor: `${ms(tempo)} (${razao.toFixed(2)}×)`,
      alvo: `≤ ${RAZAO_MAXIMA}×`,
      ok: razao <= RAZAO_MAXIMA,
      detalhes: { piso_ms: piso, ms: tempo, razao },
    };
  } finally {
    await rm(pasta, { recursive: true, force: true });
  }
};
