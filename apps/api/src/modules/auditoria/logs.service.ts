import { DEFAULT_PAGE_SIZE, type LogEntry, type Paged } from '@cobranca/contracts';
import type { Db } from '../../db/client.ts';
import { instanteSaoPaulo, somarDias } from '../../lib/datas.ts';
import { pageOffset, toPaged } from '../../lib/paging.ts';
import { type FiltroLogs, type LogRow, listLogs } from './logs.repository.ts';

export type LogsQuery = { page: number; acao?: string; usuario_id?: number; de?: string; ate?: string };

const toLogEntry = (row: LogRow): LogEntry => ({
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

/** `de`/`ate` are São Paulo calendar days, both inclusive: [de 00:00, ate + 1 day 00:00) in -03:00. */
const filtroDe = (query: LogsQuery): FiltroLogs => ({
  acao: query.acao || undefined,
  usuarioId: query.usuario_id,
  desde: query.de ? instanteSaoPaulo(query.de, 0) : undefined,
  antesDe: query.ate ? instanteSaoPaulo(somarDias(query.ate, 1), 0) : undefined,
});

export const listarLogs = async (db: Db, query: LogsQuery): Promise<Paged<LogEntry>> => {
  const { rows, total } = await listLogs(db, filtroDe(query), {
    limit: DEFAULT_PAGE_SIZE,
    offset: pageOffset(query.page, DEFAULT_PAGE_SIZE),
  });
  return toPaged(rows.map(toLogEntry), total, query.page, DEFAULT_PAGE_SIZE);
};
