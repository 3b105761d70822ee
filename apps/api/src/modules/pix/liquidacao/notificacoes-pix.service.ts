import type { Db } from '../../../db/client.ts';
import { pixNotificacoes } from '../../../db/schema/index.ts';
import { enfileirar } from '../../../fila/enfileirar.ts';
import { confirmarNotificacaoPix } from './jobs/confirmar-notificacao.job.ts';

// A PSP's notification is stored and answered at once (docs/produto.md §21); in the same transaction its
// new endToEndIds get one confirmation job, so a notification the database took is never left unread.

export type ItemNotificado = { endToEndId: string; txid: string | null };

/**
 * One row per endToEndId (the unique index; DO NOTHING also skips an id repeated in the same insert):
 * a replayed notification, or an id repeated in it, adds nothing and is asked once.
 */
export const guardarNotificacoes = async (db: Db, itens: ItemNotificado[]): Promise<number> => {
  if (itens.length === 0) return 0;
  return db.transaction(async (tx) => {
    const novas = await tx
      .insert(pixNotificacoes)
      .values(itens.map((i) => ({ endToEndId: i.endToEndId, txid: i.txid })))
      .onConflictDoNothing()
      .returning({ endToEndId: pixNotificacoes.endToEndId, txid: pixNotificacoes.txid });
    if (novas.length > 0)
      await enfileirar(tx, confirmarNotificacaoPix, {
        itens: novas.map((n) => ({ end_to_end_id: n.endToEndId, txid: n.txid })),
      });
    return novas.length;
  });
};
