import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { entreIds } from '../../db/ids.ts';
import { auditLogs, usuarios } from '../../db/schema/index.ts';

export type LogRow = typeof auditLogs.$inferSelect & { usuario: { id: number; name: string } | null };

/** Filters in storage terms: the date range is already a half-open interval of UTC instants. */
export type FiltroLogs = {
  acao?: string;
  usuarioId?: number;
  desde?: Date;
  antesDe?: Date;
  /** An export's batch: only these entries (docs/decisions/020-exportacao.md). */
  ids?: number[];
};

// PostgreSQL text cannot hold NUL (sending one is an error, not a miss): such a filter matches nothing.
const filtroAcao = (acao: string | undefined): SQL | undefined => {
  if (!acao) return undefined;
  return acao.includes('\u0000') ? sql`false` : eq(auditLogs.acao, acao);
};

const whereLogs = (f: FiltroLogs): SQL | undefined =>
  and(
    filtroAcao(f.acao),
    f.usuarioId ? eq(auditLogs.usuarioId, f.usuarioId) : undefined,
    f.desde ? gte(auditLogs.createdAt, f.desde) : undefined,
    f.antesDe ? lt(auditLogs.createdAt, f.antesDe) : undefined,
    f.ids ? entreIds(auditLogs.id, f.ids) : undefined,
  );

const ORDEM_LOGS = [desc(auditLogs.createdAt), desc(auditLogs.id)];

/** Every id that matches, newest first, for an export (docs/decisions/020-exportacao.md). */
export const idsDeLogs = async (db: DbOrTx, filtro: FiltroLogs): Promise<number[]> => {
  const rows = await db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(whereLogs(filtro))
    .orderBy(...ORDEM_LOGS);
  return rows.map((r) => r.id);
};

/** Newest first; id breaks ties between entries of the same instant. */
export const listarLinhasDeLog = async (
  db: DbOrTx,
  filtro: FiltroLogs,
  pagina: { limit: number; offset: number },
): Promise<{ rows: LogRow[]; total: number }> => {
  const where = whereLogs(filtro);
  const joined = await db
    .select({ log: auditLogs, usuario: { id: usuarios.id, name: usuarios.name } })
    .from(auditLogs)
    .leftJoin(usuarios, eq(usuarios.id, auditLogs.usuarioId))
    .where(where)
    .orderBy(...ORDEM_LOGS)
    .limit(pagina.limit)
    .offset(pagina.offset);
  const [contagem] = await db.select({ total: count() }).from(auditLogs).where(where);
  return { rows: joined.map(({ log, usuario }) => ({ ...log, usuario })), total: contagem?.total ?? 0 };
};

/** Distinct actions in byte order (COLLATE "C"), the same on every server locale. */
export const listarAcoes = async (db: DbOrTx): Promise<string[]> => {
  // GROUP BY rather than DISTINCT: DISTINCT forbids ordering by an expression outside the select list.
  const rows = await db
    .select({ acao: auditLogs.acao })
    .from(auditLogs)
    .groupBy(auditLogs.acao)
    .orderBy(sql`${auditLogs.acao} COLLATE "C"`);
  return rows.map((r) => r.acao);
};
