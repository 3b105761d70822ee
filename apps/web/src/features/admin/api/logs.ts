import type { LogEntry, Paged } from '@cobranca/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Dates are São Paulo calendar days `YYYY-MM-DD`, both ends inclusive. */
export type LogsFiltro = { page: number; acao?: string; usuario_id?: number; de?: string; ate?: string };

/** docs/produto.md §15: the recent logs view shows the 10 newest. */
export const RECENT_LOGS = 10;

export const logsKeys = {
  all: ['admin', 'logs'] as const,
  lista: (filtro: LogsFiltro) => ['admin', 'logs', 'lista', filtro] as const,
  acoes: ['admin', 'logs', 'acoes'] as const,
};

// ── GET /api/admin/logs?page=&acao=&usuario_id=&de=&ate= ────────────────────────
export const buscarLogs = (filtro: LogsFiltro, signal?: AbortSignal) =>
  api.get<Paged<LogEntry>>('/admin/logs', { query: filtro, signal });

export const logsQueryOptions = (filtro: LogsFiltro) =>
  queryOptions({
    queryKey: logsKeys.lista(filtro),
    queryFn: ({ signal }) => buscarLogs(filtro, signal),
    // Keeps the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const useLogs = (filtro: LogsFiltro) => useQuery(logsQueryOptions(filtro));

/** The dashboard's block: the first page (newest first), cut to the 10 newest; shares the cache with /admin/logs. */
export const useRecentLogs = () =>
  useQuery({ ...logsQueryOptions({ page: 1 }), select: (page) => page.data.slice(0, RECENT_LOGS) });

// ── GET /api/admin/logs/acoes ───────────────────────────────────────────────────
export const buscarLogAcoes = (signal?: AbortSignal) => api.get<string[]>('/admin/logs/acoes', { signal });

export const logAcoesQueryOptions = () =>
  queryOptions({
    queryKey: logsKeys.acoes,
    queryFn: ({ signal }) => buscarLogAcoes(signal),
    // The list of actions only changes with a deploy.
    staleTime: 5 * 60_000,
  });

export const useLogAcoes = () => useQuery(logAcoesQueryOptions());
