import type { PixProvedor } from '@cobranca/contracts';
import type { PlanoAcordo } from '@cobranca/dominio';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { recorrenciasPix } from '../../../db/schema/index.ts';

// The recurrence that debits an agreement's instalments 2…N (docs/pix-automatico.md §2).

export type RecorrenciaRow = typeof recorrenciasPix.$inferSelect;

/** A recurrence still in force: being created, awaiting the payer, or approved. */
export const VIGENTES = ['pendente', 'criada', 'aprovada'] as const;

/** In the agreement's transaction: the recurrence to create at the PSP once it commits. */
export const inserirRecorrencia = async (
  tx: DbOrTx,
  nova: { negociacaoId: number; clienteId: number; provedor: PixProvedor; plano: PlanoAcordo },
): Promise<number> => {
  const [, segunda] = nova.plano.parcelas;
  const ultima = nova.plano.parcelas.at(-1);
  if (!segunda || !ultima) throw new Error('débito automático exige ao menos 2 parcelas');
  const [row] = await tx
    .insert(recorrenciasPix)
    .values({
      negociacaoId: nova.negociacaoId,
      clienteId: nova.clienteId,
      provedor: nova.provedor,
      valorCentavos: segunda.valorCentavos,
      dataInicial: segunda.vencimento,
      dataFinal: ultima.vencimento,
    })
    .returning({ id: recorrenciasPix.id });
  if (!row) throw new Error('insert de recorrência não devolveu a linha');
  return row.id;
};

export const recorrenciaVigente = async (
  db: DbOrTx,
  negociacaoId: number,
  opcoes: { forUpdate?: boolean } = {},
): Promise<RecorrenciaRow | undefined> => {
  const consulta = db
    .select()
    .from(recorrenciasPix)
    .where(
      and(eq(recorrenciasPix.negociacaoId, negociacaoId), inArray(recorrenciasPix.status, [...VIGENTES])),
    );
  const [row] = await (opcoes.forUpdate ? consulta.for('update') : consulta);
  return row;
};

export const buscarRecorrencia = async (
  db: DbOrTx,
  filtro: { id: number } | { idRec: string },
  opcoes: { forUpdate?: boolean } = {},
): Promise<RecorrenciaRow | undefined> => {
  const consulta = db
    .select()
    .from(recorrenciasPix)
    .where('id' in filtro ? eq(recorrenciasPix.id, filtro.id) : eq(recorrenciasPix.idRec, filtro.idRec));
  const [row] = await (opcoes.forUpdate ? consulta.for('update') : consulta);
  return row;
};
