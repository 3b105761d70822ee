import type { ChamadaResultado } from '@cobranca/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLogs, chamadas } from '../../db/schema/index.ts';

export type ChamadaRow = typeof chamadas.$inferSelect;

// How long a customer just taken from the shared queue still answers 409 (not 404) to the others:
// their queue list may be up to one badge refresh (30 s) stale, so the click deserves the real reason.
const CORRIDA_RECENTE = sql`interval '5 minutes'`;

/**
 * Whether another user took this customer from the shared (unassigned) queue moments ago. It was
 * visible to every operator then, so saying so reveals nothing; older or owned customers stay a 404.
 */
export const assumidoAgoraPorOutro = async (
  db: DbOrTx,
  clienteId: number,
  usuarioId: number,
): Promise<boolean> => {
  const [row] = await db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.acao, 'cliente.assumido'),
        sql`${auditLogs.createdAt} > now() - ${CORRIDA_RECENTE}`,
        eq(auditLogs.entidade, 'cliente'),
        eq(auditLogs.entidadeId, String(clienteId)),
        ne(auditLogs.usuarioId, usuarioId),
        sql`${auditLogs.detalhes}->>'operador_anterior_id' IS NULL`,
      ),
    )
    .limit(1);
  return row !== undefined;
};

/** A call on a customer the caller has just locked in the same transaction. */
export const inserirChamada = async (
  db: DbOrTx,
  nova: { clienteId: number; operadorId: number; resultado: ChamadaResultado; observacao: string | null },
): Promise<ChamadaRow> => {
  const [row] = await db.insert(chamadas).values(nova).returning();
  if (!row) throw new Error('insert de chamada não devolveu a linha');
  return row;
};
