import type { CobrancaPixView } from '@cobranca/contracts';
import { centavosParaReais } from '@cobranca/dominio';
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { naLista } from '../../../db/na-lista.ts';
import { cobrancaPixContas, cobrancasPix } from '../../../db/schema/index.ts';
import { enfileirar } from '../../../fila/enfileirar.ts';
import { removerCobrancaNoPsp } from './jobs/remover-cobranca.job.ts';

// SQL of PIX charges (docs/produto.md §21). Callers check the customer's scope first: a charge is
// always read through a customer the caller may see.

export type CobrancaRow = typeof cobrancasPix.$inferSelect;
export type NovaCobranca = typeof cobrancasPix.$inferInsert;

/** On the wire an `ativa` charge past its validity is `expirada`; nothing has to run to say so. */
export const toCobrancaPixView = (c: CobrancaRow, contasIds: number[], agora: Date): CobrancaPixView => ({
  txid: c.txid,
  tipo: c.tipo,
  valor: centavosParaReais(c.valorCentavos),
  vencimento: c.vencimento,
  valida_ate: c.validaAte.toISOString(),
  status: c.status === 'ativa' && c.validaAte <= agora ? 'expirada' : c.status,
  origem: c.origem,
  pix_copia_e_cola: c.pixCopiaECola,
  contas_ids: contasIds,
  created_at: c.createdAt.toISOString(),
  paga_em: c.pagaEm?.toISOString() ?? null,
});

/** Charges and the receivables each covers, in two statements whatever their number (a sender's batch). */
export const inserirCobrancas = async (
  tx: DbOrTx,
  itens: { nova: NovaCobranca; contasIds: number[] }[],
): Promise<CobrancaRow[]> => {
  if (itens.length === 0) return [];
  const rows = await tx
    .insert(cobrancasPix)
    .values(itens.map((i) => i.nova))
    .returning();
  const idDe = new Map(rows.map((r) => [r.txid, r.id]));
  await tx
    .insert(cobrancaPixContas)
    .values(
      itens.flatMap((i) =>
        i.contasIds.map((contaId) => ({ cobrancaId: idDe.get(i.nova.txid) as number, contaId })),
      ),
    );
  return rows;
};

/** The receivables each charge covers, in one query. */
export const contasDasCobrancas = async (
  db: DbOrTx,
  cobrancasIds: number[],
): Promise<Map<number, number[]>> => {
  const porCobranca = new Map<number, number[]>();
  if (cobrancasIds.length === 0) return porCobranca;
  const linhas = await db
    .select()
    .from(cobrancaPixContas)
    .where(inArray(cobrancaPixContas.cobrancaId, cobrancasIds))
    .orderBy(asc(cobrancaPixContas.contaId));
  for (const { cobrancaId, contaId } of linhas)
    porCobranca.set(cobrancaId, [...(porCobranca.get(cobrancaId) ?? []), contaId]);
  return porCobranca;
};

export const contasDaCobranca = async (db: DbOrTx, cobrancaId: number): Promise<number[]> =>
  (await contasDasCobrancas(db, [cobrancaId])).get(cobrancaId) ?? [];

/**
 * The customer's charges, each with the receivables it covers: the payable ones first, in the order
 * their debts fall due (an agreement's instalments 1, 2, 3), then the rest newest first.
 */
export const listarCobrancasDoCliente = async (
  db: DbOrTx,
  clienteId: number,
  agora: Date,
): Promise<CobrancaPixView[]> => {
  const pagavel = sql`(${cobrancasPix.status} = 'ativa' AND ${cobrancasPix.validaAte} > ${agora.toISOString()}::timestamptz)`;
  const rows = await db
    .select()
    .from(cobrancasPix)
    .where(eq(cobrancasPix.clienteId, clienteId))
    .orderBy(
      sql`${pagavel} DESC`,
      sql`CASE WHEN ${pagavel} THEN (SELECT min(cr.vencimento) FROM cobranca_pix_contas cpc
        JOIN contas_receber cr ON cr.id = cpc.conta_id WHERE cpc.cobranca_id = ${cobrancasPix.id}) END`,
      desc(cobrancasPix.createdAt),
      desc(cobrancasPix.id),
    )
    .limit(50);
  const contas = await contasDasCobrancas(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toCobrancaPixView(r, contas.get(r.id) ?? [], agora));
};

export const buscarCobranca = async (
  db: DbOrTx,
  txid: string,
  opts: { forUpdate?: boolean; clienteId?: number } = {},
): Promise<CobrancaRow | undefined> => {
  const query = db
    .select()
    .from(cobrancasPix)
    .where(
      and(
        eq(cobrancasPix.txid, txid),
        opts.clienteId === undefined ? undefined : eq(cobrancasPix.clienteId, opts.clienteId),
      ),
    );
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
};

/** A cob's or cobv's code; a recurring charge (`cobr`) has none and is never offered to be copied. */
export const codigoDaCobranca = (c: Pick<CobrancaRow, 'txid' | 'pixCopiaECola'>): string => {
  if (!c.pixCopiaECola) throw new Error(`cobrança ${c.txid} sem copia e cola (cobr)`);
  return c.pixCopiaECola;
};

export const marcarCobrancaPaga = async (tx: DbOrTx, id: number, pagaEm: Date): Promise<void> => {
  await tx.update(cobrancasPix).set({ status: 'paga', pagaEm }).where(eq(cobrancasPix.id, id));
};

/**
 * Active charges over these receivables stop being payable: their debt was paid, renegotiated or
 * withdrawn, so the amount they ask is no longer owed. A PSP's charge also gets its removal job, in the
 * same transaction.
 */
export const removerCobrancasDasContas = async (
  tx: DbOrTx,
  contasIds: number[],
  exceto: readonly number[] = [],
  /** Only charges of this type (an automatic debit's `cobr`s ending, decision 043). */
  tipo?: CobrancaRow['tipo'],
): Promise<number> => {
  if (contasIds.length === 0) return 0;
  const removidas = await tx
    .update(cobrancasPix)
    .set({
      status: 'removida',
      removidaEm: new Date(),
      remocaoPendente: sql`${cobrancasPix.provedor} = 'api_pix'`,
    })
    .where(
      and(
        eq(cobrancasPix.status, 'ativa'),
        sql`${cobrancasPix.id} IN (SELECT ${cobrancaPixContas.cobrancaId} FROM ${cobrancaPixContas} WHERE ${naLista(cobrancaPixContas.contaId, contasIds, 'int')})`,
        exceto.length === 0 ? undefined : notInArray(cobrancasPix.id, [...exceto]),
        tipo === undefined ? undefined : eq(cobrancasPix.tipo, tipo),
      ),
    )
    .returning({
      id: cobrancasPix.id,
      tipo: cobrancasPix.tipo,
      txid: cobrancasPix.txid,
      noPsp: cobrancasPix.remocaoPendente,
    });
  for (const c of removidas)
    if (c.noPsp)
      await enfileirar(tx, removerCobrancaNoPsp, { cobranca_id: c.id, tipo: c.tipo, txid: c.txid });
  return removidas.length;
};

export const marcarRemovidaNoPsp = async (db: DbOrTx, id: number): Promise<void> => {
  await db.update(cobrancasPix).set({ remocaoPendente: false }).where(eq(cobrancasPix.id, id));
};
