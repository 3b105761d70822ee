import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contasReceber, respostasRapidas } from '../../db/schema/index.ts';
import { deClienteVisivel, type EscopoOperador } from '../clientes/escopo-operador.ts';

export type RespostaRapidaRow = typeof respostasRapidas.$inferSelect;
export type RespostaRapidaValores = { atalho: string; texto: string };

/** Every quick reply, by shortcut (the order the composer lists them in). */
export const listarRespostasRapidas = (db: DbOrTx): Promise<RespostaRapidaRow[]> =>
  db.select().from(respostasRapidas).orderBy(asc(respostasRapidas.atalho));

export const buscarRespostaRapida = async (
  db: DbOrTx,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<RespostaRapidaRow | undefined> => {
  const query = db.select().from(respostasRapidas).where(eq(respostasRapidas.id, id));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
};

export const inserirRespostaRapida = async (
  tx: DbOrTx,
  valores: RespostaRapidaValores,
  usuarioId: number,
): Promise<RespostaRapidaRow> => {
  const [row] = await tx
    .insert(respostasRapidas)
    .values({ ...valores, createdBy: usuarioId, updatedBy: usuarioId })
    .returning();
  if (!row) throw new Error('insert de resposta rápida não devolveu a linha');
  return row;
};

export const atualizarRespostaRapida = async (
  tx: DbOrTx,
  id: number,
  valores: RespostaRapidaValores,
  usuarioId: number,
): Promise<RespostaRapidaRow | undefined> => {
  const [row] = await tx
    .update(respostasRapidas)
    .set({ ...valores, updatedBy: usuarioId })
    .where(eq(respostasRapidas.id, id))
    .returning();
  return row;
};

export const excluirRespostaRapida = async (
  tx: DbOrTx,
  id: number,
): Promise<RespostaRapidaRow | undefined> => {
  const [row] = await tx.delete(respostasRapidas).where(eq(respostasRapidas.id, id)).returning();
  return row;
};

/** The open receivables of a customer the operator may see (the scope is in the WHERE, not trusted from the caller). */
export const contasAbertasVisiveis = (db: DbOrTx, escopo: EscopoOperador, clienteId: number) =>
  db
    .select()
    .from(contasReceber)
    .where(
      and(
        eq(contasReceber.clienteId, clienteId),
        eq(contasReceber.status, 'aberta'),
        deClienteVisivel(contasReceber.clienteId, escopo),
      ),
    );
