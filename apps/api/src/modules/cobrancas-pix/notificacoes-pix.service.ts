import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pixNotificacoes } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { atrasoDaTentativa } from '../mensagens/tentativas.ts';
import { ErroApiPix } from '../pix/api-pix-erros.ts';
import { provedorPixAtivo } from '../pix/provedor-ativo.ts';
import { registrarPixConfirmado } from './liquidacao.service.ts';

// A PSP's notification is only a hint (docs/produto.md §21): it is stored at once, the PSP gets its 2xx,
// and each endToEndId is then read back from the PSP; only what the PSP confirms is recorded, with the
// PSP's amount. A PSP that is down leaves the notification pending for a later try; nothing is lost.

export type ItemNotificado = { endToEndId: string; txid: string | null };

/**
 * Stores the notified PIX; one row per endToEndId, so a replayed notification adds nothing. Due at the
 * app's clock in milliseconds, as the pass compares it: the database's now() in microseconds could stay
 * after an `agora` taken in the same millisecond, and the notification would wait for the engine.
 */
export const guardarNotificacoes = async (
  db: Db,
  itens: ItemNotificado[],
  agora = new Date(),
): Promise<void> => {
  if (itens.length === 0) return;
  await db
    .insert(pixNotificacoes)
    .values(itens.map((i) => ({ endToEndId: i.endToEndId, txid: i.txid, proximaTentativaEm: agora })))
    .onConflictDoNothing();
};

// While one process reads a notification back from the PSP, others leave it alone.
const LEASE_MS = 60_000;

const reivindicar = async (db: Db, agora: Date, limite: number) => {
  const livres = db
    .select({ id: pixNotificacoes.id })
    .from(pixNotificacoes)
    .where(and(eq(pixNotificacoes.status, 'pendente'), lte(pixNotificacoes.proximaTentativaEm, agora)))
    .orderBy(asc(pixNotificacoes.proximaTentativaEm))
    .limit(limite)
    .for('update', { skipLocked: true });
  return db
    .update(pixNotificacoes)
    .set({ proximaTentativaEm: new Date(agora.getTime() + LEASE_MS) })
    .where(inArray(pixNotificacoes.id, livres))
    .returning();
};

export type ResultadoNotificacoes = { confirmadas: number; nao_confirmadas: number; adiadas: number };

export const processarNotificacoesPix = async (
  db: Db,
  appKey: Buffer,
  agora = new Date(),
  limite = 200,
): Promise<ResultadoNotificacoes> => {
  const resultado: ResultadoNotificacoes = { confirmadas: 0, nao_confirmadas: 0, adiadas: 0 };
  const pendentes = await reivindicar(db, agora, limite);
  if (pendentes.length === 0) return resultado;
  const { provedor } = await provedorPixAtivo(db, appKey);
  for (const n of pendentes) {
    try {
      const pix = await provedor.consultarPix(n.endToEndId);
      if (pix) {
        await registrarPixConfirmado(db, appKey, pix, 'webhook');
        resultado.confirmadas += 1;
      } else {
        await registrarAuditoria(db, {
          usuarioId: null,
          acao: 'pix.nao_confirmado',
          descricao: 'Notificação de PIX que o PSP não confirma: nada registrado',
          entidade: 'pix_notificacao',
          entidadeId: n.id,
          detalhes: { end_to_end_id: n.endToEndId, txid: n.txid },
        });
        resultado.nao_confirmadas += 1;
      }
      await db
        .update(pixNotificacoes)
        .set({ status: 'processada', processadaEm: new Date(), erro: pix ? null : 'não confirmado pelo PSP' })
        .where(eq(pixNotificacoes.id, n.id));
    } catch (error) {
      if (!(error instanceof ErroApiPix)) throw error;
      // Whatever the PSP said, the PIX may still be real: try again later, more slowly each time.
      await db
        .update(pixNotificacoes)
        .set({
          tentativas: sql`${pixNotificacoes.tentativas} + 1`,
          proximaTentativaEm: new Date(agora.getTime() + atrasoDaTentativa(n.tentativas + 1)),
          erro: error.message,
        })
        .where(eq(pixNotificacoes.id, n.id));
      resultado.adiadas += 1;
    }
  }
  return resultado;
};
