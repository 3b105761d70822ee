import { and, asc, count, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  contasReceber,
  negociacaoContas,
  negociacoes,
  pagamentos,
  promessas,
} from '../../db/schema/index.ts';
import { unprocessable } from '../../lib/errors.ts';
import type { PlanoAcordo } from './acordo.ts';

// Writes of agreements, payments and promises; every function takes the caller's transaction.

export type ContaRow = typeof contasReceber.$inferSelect;

const erroContas = (mensagem: string) => unprocessable(mensagem, { contas: [mensagem] });

/**
 * The chosen receivables of THIS customer, locked FOR UPDATE until the transaction ends, so a second
 * agreement over them waits and then finds them `negociada`. Missing, foreign or not open → 422.
 */
export const lockContasAbertasOrThrow = async (
  tx: DbOrTx,
  clienteId: number,
  ids: number[],
): Promise<ContaRow[]> => {
  const rows = await tx
    .select()
    .from(contasReceber)
    .where(and(eq(contasReceber.clienteId, clienteId), inArray(contasReceber.id, ids)))
    .orderBy(asc(contasReceber.id))
    .for('update');
  const encontradas = new Set(rows.map((r) => r.id));
  const faltando = ids.filter((id) => !encontradas.has(id));
  if (faltando.length > 0)
    throw erroContas(
      `Conta(s) não encontrada(s) para este cliente: ${faltando.map((id) => `#${id}`).join(', ')}.`,
    );
  const fechadas = rows.filter((r) => r.status !== 'aberta');
  if (fechadas.length > 0)
    throw erroContas(
      `Só contas em aberto podem entrar no acordo: ${fechadas.map((r) => `#${r.id} (${r.status})`).join(', ')}.`,
    );
  return rows;
};

export type NovaNegociacao = {
  clienteId: number;
  operadorId: number;
  plano: PlanoAcordo;
  primeiroVencimento: string;
  intervaloDias: number;
  observacao: string | null;
};

export const inserirNegociacao = async (tx: DbOrTx, nova: NovaNegociacao): Promise<number> => {
  const [row] = await tx
    .insert(negociacoes)
    .values({
      clienteId: nova.clienteId,
      operadorId: nova.operadorId,
      valorOriginalCentavos: nova.plano.valorOriginalCentavos,
      descontoCentavos: nova.plano.descontoCentavos,
      valorTotalCentavos: nova.plano.valorTotalCentavos,
      parcelas: nova.plano.parcelas.length,
      primeiroVencimento: nova.primeiroVencimento,
      intervaloDias: nova.intervaloDias,
      observacao: nova.observacao,
    })
    .returning({ id: negociacoes.id });
  if (!row) throw new Error('insert de negociação não devolveu a linha');
  return row.id;
};

/** Links the replaced receivables (with the balance each had) and marks them `negociada`. */
export const substituirContas = async (tx: DbOrTx, negociacaoId: number, contas: ContaRow[]) => {
  await tx.insert(negociacaoContas).values(
    contas.map((c) => ({
      negociacaoId,
      contaId: c.id,
      valorCentavos: c.valorCentavos - c.valorPagoCentavos,
    })),
  );
  await tx
    .update(contasReceber)
    .set({ status: 'negociada' })
    .where(
      inArray(
        contasReceber.id,
        contas.map((c) => c.id),
      ),
    );
};

/** The agreement's instalments become new open receivables (origin `acordo`). */
export const inserirParcelas = async (
  tx: DbOrTx,
  clienteId: number,
  negociacaoId: number,
  plano: PlanoAcordo,
) => {
  await tx.insert(contasReceber).values(
    plano.parcelas.map((p) => ({
      clienteId,
      origem: 'acordo' as const,
      negociacaoId,
      numeroParcela: p.rotulo,
      descricao: `Acordo #${negociacaoId} — parcela ${p.rotulo}`,
      valorCentavos: p.valorCentavos,
      vencimento: p.vencimento,
    })),
  );
};

// ── Payments ─────────────────────────────────────────────────────────────────────────────────────

/** One receivable of this customer, locked FOR UPDATE (undefined when it is not theirs). */
export const lockConta = async (
  tx: DbOrTx,
  clienteId: number,
  contaId: number,
): Promise<ContaRow | undefined> => {
  const [row] = await tx
    .select()
    .from(contasReceber)
    .where(and(eq(contasReceber.id, contaId), eq(contasReceber.clienteId, clienteId)))
    .for('update');
  return row;
};

export const contarContasAbertas = async (tx: DbOrTx, clienteId: number): Promise<number> => {
  const [row] = await tx
    .select({ n: count() })
    .from(contasReceber)
    .where(and(eq(contasReceber.clienteId, clienteId), eq(contasReceber.status, 'aberta')));
  return row?.n ?? 0;
};

/** Marks the agreement `cumprida` when every one of its instalments is paid; says whether it did. */
export const cumprirNegociacaoSeQuitada = async (tx: DbOrTx, negociacaoId: number): Promise<boolean> => {
  const [pendentes] = await tx
    .select({ n: count() })
    .from(contasReceber)
    .where(
      and(
        eq(contasReceber.negociacaoId, negociacaoId),
        eq(contasReceber.origem, 'acordo'),
        ne(contasReceber.status, 'paga'),
      ),
    );
  if ((pendentes?.n ?? 0) > 0) return false;
  const atualizadas = await tx
    .update(negociacoes)
    .set({ status: 'cumprida', encerradaEm: new Date() })
    .where(and(eq(negociacoes.id, negociacaoId), eq(negociacoes.status, 'ativa')))
    .returning({ id: negociacoes.id });
  return atualizadas.length > 0;
};

/** Pending promises of the customer covered by the payments made since each was recorded → `cumprida`. */
export const cumprirPromessas = async (tx: DbOrTx, clienteId: number): Promise<number[]> => {
  const pendentes = await tx
    .select()
    .from(promessas)
    .where(and(eq(promessas.clienteId, clienteId), eq(promessas.status, 'pendente')));
  const cumpridas: number[] = [];
  for (const promessa of pendentes) {
    const [pago] = await tx
      .select({ centavos: sql<number>`coalesce(sum(${pagamentos.valorCentavos}), 0)`.mapWith(Number) })
      .from(pagamentos)
      .where(and(eq(pagamentos.clienteId, clienteId), gte(pagamentos.createdAt, promessa.createdAt)));
    if ((pago?.centavos ?? 0) < promessa.valorCentavos) continue;
    await tx
      .update(promessas)
      .set({ status: 'cumprida', resolvidaEm: new Date() })
      .where(eq(promessas.id, promessa.id));
    cumpridas.push(promessa.id);
  }
  return cumpridas;
};
