import type { CreditoPixView } from '@cobranca/contracts';
import { centavosParaReais } from '@cobranca/dominio';
import { count, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { clientes, pixRecebidos } from '../../../db/schema/index.ts';

// Unmatched PIX credits (docs/produto.md §21): what of a confirmed PIX no debt took, for an admin to assign.

export type PixRecebidoRow = typeof pixRecebidos.$inferSelect;
type LinhaCredito = PixRecebidoRow & { clienteNome: string | null };

export const toCreditoPixView = (p: LinhaCredito): CreditoPixView => ({
  id: p.id,
  end_to_end_id: p.endToEndId,
  txid: p.txid,
  valor: centavosParaReais(p.valorCentavos),
  credito: centavosParaReais(p.creditoCentavos),
  horario: p.horario.toISOString(),
  pagador:
    p.pagadorNome === null && p.pagadorDocumento === null
      ? null
      : { nome: p.pagadorNome, documento: p.pagadorDocumento },
  cliente: p.clienteId === null || p.clienteNome === null ? null : { id: p.clienteId, nome: p.clienteNome },
  situacao: p.situacao,
});

const comCliente = { pix: pixRecebidos, clienteNome: clientes.nome };
const achatar = ({
  pix,
  clienteNome,
}: {
  pix: PixRecebidoRow;
  clienteNome: string | null;
}): LinhaCredito => ({
  ...pix,
  clienteNome,
});

const temCredito = gt(pixRecebidos.creditoCentavos, 0);

/** Credits still to assign, newest first (the partial index on `created_at` where credit > 0). */
export const listarCreditosPix = async (
  db: DbOrTx,
  pagina: { limit: number; offset: number },
): Promise<{ rows: LinhaCredito[]; total: number }> => {
  const rows = await db
    .select(comCliente)
    .from(pixRecebidos)
    .leftJoin(clientes, eq(clientes.id, pixRecebidos.clienteId))
    .where(temCredito)
    .orderBy(desc(pixRecebidos.createdAt), desc(pixRecebidos.id))
    .limit(pagina.limit)
    .offset(pagina.offset);
  const [contagem] = await db.select({ total: count() }).from(pixRecebidos).where(temCredito);
  return { rows: rows.map(achatar), total: contagem?.total ?? 0 };
};

/** One recorded PIX, locked FOR UPDATE until the transaction ends: two assignments of it run one after the other. */
export const travarPixRecebido = async (tx: DbOrTx, id: number): Promise<PixRecebidoRow | undefined> => {
  const [row] = await tx.select().from(pixRecebidos).where(eq(pixRecebidos.id, id)).for('update');
  return row;
};

export const buscarCreditoPix = async (db: DbOrTx, id: number): Promise<LinhaCredito | undefined> => {
  const [row] = await db
    .select(comCliente)
    .from(pixRecebidos)
    .leftJoin(clientes, eq(clientes.id, pixRecebidos.clienteId))
    .where(eq(pixRecebidos.id, id));
  return row && achatar(row);
};

export const atualizarCreditoPix = async (
  tx: DbOrTx,
  id: number,
  mudanca: Pick<
    typeof pixRecebidos.$inferInsert,
    'creditoCentavos' | 'situacao' | 'clienteId' | 'atribuidoPor' | 'atribuidoEm'
  >,
): Promise<void> => {
  await tx.update(pixRecebidos).set(mudanca).where(eq(pixRecebidos.id, id));
};
