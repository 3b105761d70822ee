import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Read next to this module: the API runs its TypeScript from source (docs/decisions/001-runtime-typescript.md).
const pasta = fileURLToPath(new URL('.', import.meta.url));

export type ArquivoDeGatilhos = { nome: string; sql: string };

/** The `.sql` files of this folder, by name: one per concern, each the live definition of its triggers. */
export const lerGatilhos = async (): Promise<ArquivoDeGatilhos[]> => {
  const nomes = (await readdir(pasta)).filter((nome) => nome.endsWith('.sql')).sort();
  return Promise.all(nomes.map(async (nome) => ({ nome, sql: await readFile(join(pasta, nome), 'utf8') })));
};

/**
 * PostgreSQL has no CREATE OR REPLACE for a constraint trigger (the read models' fold at commit,
 * docs/decisions/034-agregados-sem-impasse.md): dropped and created again, in the same transaction.
 */
const substituivel = (sql: string) =>
  sql.replace(
    /CREATE OR REPLACE CONSTRAINT TRIGGER\s+(\w+)(\s[\s\S]*?\bON\s+(\w+)\b)/g,
    'DROP TRIGGER IF EXISTS $1 ON $3;\nCREATE CONSTRAINT TRIGGER $1$2',
  );

/**
 * Runs every file, after the migrations, in one transaction: a broken file leaves the previous
 * definitions whole. The files only CREATE OR REPLACE, so this runs on every start
 * (docs/decisions/030-gatilhos.md).
 */
export const aplicarGatilhos = async (executar: (texto: string) => Promise<unknown>): Promise<void> => {
  const arquivos = await lerGatilhos();
  await executar('BEGIN');
  try {
    for (const { nome, sql } of arquivos) {
      try {
        await executar(substituivel(sql));
      } catch (error) {
        throw new Error(`db/gatilhos/${nome}: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
    }
    await executar('COMMIT');
  } catch (error) {
    await executar('ROLLBACK').catch(() => {});
    throw error;
  }
};
