import type { DbOrTx } from '../../db/client.ts';
import { auditLogs } from '../../db/schema/index.ts';

export type AuditEntry = {
  usuarioId: number | null;
  acao: string;
  descricao: string;
  entidade?: string;
  entidadeId?: string | number;
  detalhes?: Record<string, unknown>;
  ip?: string | null;
};

/** Call with the transaction of the change it records, so both commit or neither does. */
export const registrarAuditoria = async (tx: DbOrTx, entry: AuditEntry): Promise<void> => {
  await tx.insert(auditLogs).values({
    usuarioId: entry.usuarioId,
    acao: entry.acao,
    descricao: entry.descricao,
    entidade: entry.entidade ?? null,
    entidadeId: entry.entidadeId === undefined ? null : String(entry.entidadeId),
    detalhes: entry.detalhes ?? null,
    ip: entry.ip ?? null,
  });
};
