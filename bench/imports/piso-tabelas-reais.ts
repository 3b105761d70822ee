import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Consultor } from '../banco.ts';

// README.md § Performance, the CSV import's own floor (issue 35): the rows the import just wrote, copied
// out, then COPY'd back into the real `clientes` and `contas_receber` — their indexes, constraints and
// triggers — emptied inside a transaction that is rolled back, so they start as the import found them.
// Parsing, validating and deciding are not in it: that is the work the import adds over this floor.

const TABELAS = ['clientes', 'contas_receber'] as const;

/** The columns COPY can write (generated ones are computed), ids included so each receivable keeps its customer. */
const colunasGravaveis = async (client: Consultor, tabela: string): Promise<string> =>
  (
    await client.query<{ coluna: string }>(
      `SELECT quote_ident(column_name) AS coluna FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER'
       ORDER BY ordinal_position`,
      [tabela],
    )
  ).rows
    .map((r) => r.coluna)
    .join(', ');

type Copia<T> = { tabela: string; colunas: string; dados: T };

/** Empties both tables inside a transaction, times `copiar` of every table's rows into them, rolls back. */
const cronometrarRecopia = async <T>(
  client: Consultor,
  copias: Copia<T>[],
  copiar: (copia: Copia<T>) => Promise<void>,
): Promise<number> => {
  await client.query('BEGIN');
  try {
    await client.query(`TRUNCATE ${TABELAS.join(', ')} CASCADE`);
    const inicio = performance.now();
    for (const copia of copias) await copiar(copia);
    return performance.now() - inicio;
  } finally {
    await client.query('ROLLBACK');
  }
};

/** The floor on PostgreSQL, in ms, after an import into `url`'s database. */
export const pisoTabelasReaisPostgres = async (url: string): Promise<number> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const copias: Copia<Buffer>[] = [];
    for (const tabela of TABELAS) {
      const colunas = await colunasGravaveis(client, tabela);
      const partes: Buffer[] = [];
      await pipeline(
        client.query(copyTo(`COPY (SELECT ${colunas} FROM ${tabela} ORDER BY id) TO STDOUT`)),
        new Writable({
          write(parte: Buffer, _codificacao, feito) {
            partes.push(parte);
            feito();
          },
        }),
      );
      copias.push({ tabela, colunas, dados: Buffer.concat(partes) });
    }
    return await cronometrarRecopia(client, copias, ({ tabela, colunas, dados }) =>
      pipeline(Readable.from([dados]), client.query(copyFrom(`COPY ${tabela} (${colunas}) FROM STDIN`))),
    );
  } finally {
    await client.end();
  }
};

/** The same floor on the embedded PGlite, through its `/dev/blob` COPY. */
export const pisoTabelasReaisPglite = async (pglite: PGlite, client: Consultor): Promise<number> => {
  const copias: Copia<Blob>[] = [];
  for (const tabela of TABELAS) {
    const colunas = await colunasGravaveis(client, tabela);
    const { blob } = await pglite.query(`COPY (SELECT ${colunas} FROM ${tabela} ORDER BY id) TO '/dev/blob'`);
    if (!blob) throw new Error(`COPY de ${tabela} não devolveu os dados`);
    copias.push({ tabela, colunas, dados: blob });
  }
  return cronometrarRecopia(client, copias, async ({ tabela, colunas, dados }) => {
    await pglite.query(`COPY ${tabela} (${colunas}) FROM '/dev/blob'`, [], { blob: dados });
  });
};
