import { contagem, formatarDataBr, vencimentoMaisAntigoCobravel } from '@cobranca/dominio';
import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clientes, contasReceber } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { buscarAtualizacao } from '../clientes/valor-atualizado.ts';
import { removerCobrancasDasContas } from '../pix/cobrancas/cobrancas.repository.ts';

// Prescription (docs/produto.md §7, decision 036): an open receivable more than five years past due
// (Código Civil art. 206 §5 I) may not be collected in court or out of it (STJ, REsp 2.103.726/SP), so
// it turns `prescrita`: every 'aberta' filter (régua, portal, agreements, queues) leaves it out. Here in
// the régua, whose collection it ends: it also removes the PIX charges (pix builds on contas-receber).

export type Prescricao = { contas: number; clientesConcluidos: number };

/**
 * Turns `prescrita` every open receivable due before the earliest collectable date of today in the
 * configured zone; idempotent (a second run the same day finds nothing). Charges asking for them are
 * removed at the PSP, an `ativo` customer left with nothing to collect is concluded, one audit entry.
 */
export const prescreverVencidas = async (db: Db, agora = new Date()): Promise<Prescricao> => {
  const { hoje } = await buscarAtualizacao(db, agora);
  const limite = vencimentoMaisAntigoCobravel(hoje);
  return db.transaction(async (tx) => {
    const prescritas = await tx
      .update(contasReceber)
      .set({ status: 'prescrita', updatedAt: sql`now()` })
      .where(and(eq(contasReceber.status, 'aberta'), lt(contasReceber.vencimento, limite)))
      .returning({ id: contasReceber.id, clienteId: contasReceber.clienteId });
    if (prescritas.length === 0) return { contas: 0, clientesConcluidos: 0 };
    const ids = prescritas.map((c) => c.id).sort((a, b) => a - b);
    await removerCobrancasDasContas(tx, ids);
    const abertas = tx
      .select({ id: contasReceber.id })
      .from(contasReceber)
      .where(and(eq(contasReceber.clienteId, clientes.id), eq(contasReceber.status, 'aberta')));
    const concluidos = await tx
      .update(clientes)
      .set({ status: 'concluido', updatedAt: sql`now()` })
      .where(
        and(
          inArray(clientes.id, [...new Set(prescritas.map((c) => c.clienteId))]),
          eq(clientes.status, 'ativo'),
          notExists(abertas),
        ),
      )
      .returning({ id: clientes.id });
    await registrarAuditoria(tx, {
      usuarioId: null,
      acao: 'contas.prescritas',
      descricao: `${contagem(ids.length, 'conta prescrita', 'contas prescritas')} (vencidas antes de ${formatarDataBr(limite)}), fora da cobrança`,
      entidade: 'conta_receber',
      detalhes: {
        vencidas_antes_de: limite,
        contas_ids: ids,
        clientes_concluidos: concluidos.map((c) => c.id),
      },
    });
    return { contas: ids.length, clientesConcluidos: concluidos.length };
  });
};
