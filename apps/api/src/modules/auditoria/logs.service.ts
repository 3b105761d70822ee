import { DEFAULT_PAGE_SIZE, type LogEntry, type Paged } from '@cobranca/contracts';
import { FUSO_PADRAO, instanteNoFuso, somarDias } from '@cobranca/dominio';
import type { Db } from '../../db/client.ts';
import { pageOffset, toPaged } from '../../lib/paging.ts';
import { type FiltroLogs, type LogRow, listarLinhasDeLog } from './logs.repository.ts';

export type LogsQuery = { page: number; acao?: string; usuario_id?: number; de?: string; ate?: string };

export const toLogEntry = (row: LogRow): LogEntry => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  acao: row.acao,
  descricao: row.descricao,
  usuario: row.usuario,
  ip: row.ip,
  entidade: row.entidade,
  entidade_id: row.entidadeId,
  detalhes: row.detalhes,
});

/** `de`/`ate` are calendar days in the configured zone, both inclusive: [de 00:00, ate + 1 day 00:00). */
export const filtroDe = (query: LogsQuery, fuso: string): FiltroLogs => ({
  acao: query.acao || undefined,
  usuarioId: query.usuario_id,
  desde: query.de ? instanteNoFuso(query.de, 0, fuso) : undefined,
  antesDe: query.ate ? instanteNoFuso(somarDias(query.ate, 1), 0, fuso) : undefined,
});

// The route passes the default zone: reading the settings here would make auditoria ↔ configuracoes
// a module cycle (configuracoes writes audit entries).
export const listarLogs = async (
  db: Db,
  query: LogsQuery,
  fuso: string = FUSO_PADRAO,
): Promise<Paged<LogEntry>> => {
  const { rows, total } = await listarLinhasDeLog(db, filtroDe(query, fuso), {
    limit: DEFAULT_PAGE_SIZE,
    offset: pageOffset(query.page, DEFAULT_PAGE_SIZE),
  });
  return toPaged(rows.map(toLogEntry), total, query.page, DEFAULT_PAGE_SIZE);
};
