import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// unaccent is not available (PGlite), so SQL folds these letters with translate(); the JS side strips
// every combining mark (lib/busca.ts). Both sides then compare lower-case ASCII for the Portuguese alphabet.
export const COM_ACENTO = 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ';

const SEM_ACENTO = COM_ACENTO.normalize('NFD').replace(/\p{M}/gu, '');

/** The column folded like `normalizarBusca` (translate before lower: lower() leaves non-ASCII alone under the C locale). */
export const semAcentoSql = (coluna: AnyPgColumn): SQL =>
  sql`lower(translate(${coluna}, ${COM_ACENTO}, ${SEM_ACENTO}))`;
