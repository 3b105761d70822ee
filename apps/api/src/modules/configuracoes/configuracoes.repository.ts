import { type SistemaSettings, sistemaSettings } from '@cobranca/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { configuracoes } from '../../db/schema/index.ts';

export const SISTEMA_KEY = 'sistema';

/** Stored system settings merged over the defaults (a key never saved reads as its default). */
export const getSistemaSettings = async (db: DbOrTx): Promise<SistemaSettings> => {
  const [row] = await db
    .select({ valor: configuracoes.valor })
    .from(configuracoes)
    .where(eq(configuracoes.chave, SISTEMA_KEY));
  const parsed = sistemaSettings.safeParse(row?.valor ?? {});
  return parsed.success ? parsed.data : sistemaSettings.parse({});
};
