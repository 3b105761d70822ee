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
        await executar(sql);
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
