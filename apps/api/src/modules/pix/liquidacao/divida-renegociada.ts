import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { contasReceber, negociacaoContas, negociacoes } from '../../../db/schema/index.ts';

// A PIX for a debt renegotiated while it was on its way (docs/produto.md §21): its charge was removed
// when the agreement replaced the receivables, but the money came. It pays what replaced them.

/** The active agreement of the customer that replaced any of these receivables, and its open instalments. */
export const acordoQueSubstituiu = async (
  tx: DbOrTx,
  clienteId: number,
  contasIds: number[],
): Promise<{ negociacaoId: number; parcelasIds: number[] } | null> => {
  if (contasIds.length === 0) return null;
  const [acordo] = await tx
    .select({ id: negociacoes.id })
    .from(negociacaoContas)
    .innerJoin(negociacoes, eq(negociacoes.id, negociacaoContas.negociacaoId))
    .where(
      and(
        inArray(negociacaoContas.contaId, contasIds),
        eq(negociacoes.clienteId, clienteId),
        eq(negociacoes.status, 'ativa'),
      ),
    )
    .limit(1);
  if (!acordo) return null;
  const parcelas = await tx
    .select({ id: contasReceber.id })
    .from(contasReceber)
    .where(
      and(
        eq(contasReceber.negociacaoId, acordo.id),
        eq(contasReceber.origem, 'acordo'),
        eq(contasReceber.status, 'aberta'),
      ),
    );
  return { negociacaoId: acordo.id, parcelasIds: parcelas.map((p) => p.id) };
};
