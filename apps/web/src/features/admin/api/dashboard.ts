import type { AdminDashboard, DashboardOperador, GraficoMensalItem } from '@cobranca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const dashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  resumo: ['admin', 'dashboard', 'resumo'] as const,
  /** Also feeds the operator pickers (reassign, logs filter), so operator changes invalidate it. */
  operadores: ['admin', 'dashboard', 'operadores'] as const,
  graficoMensal: ['admin', 'dashboard', 'grafico-mensal'] as const,
};

// ── GET /api/admin/dashboard ────────────────────────────────────────────────────
export const buscarAdminDashboard = (signal?: AbortSignal) =>
  api.get<AdminDashboard>('/admin/dashboard', { signal });

export const adminDashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.resumo, queryFn: ({ signal }) => buscarAdminDashboard(signal) });

export const useAdminDashboard = () => useQuery(adminDashboardQueryOptions());

// ── GET /api/admin/dashboard/operadores (array) ─────────────────────────────────
export const buscarDashboardOperadores = (signal?: AbortSignal) =>
  api.get<DashboardOperador[]>('/admin/dashboard/operadores', { signal });

export const dashboardOperadoresQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.operadores,
    queryFn: ({ signal }) => buscarDashboardOperadores(signal),
  });

export const useDashboardOperadores = () => useQuery(dashboardOperadoresQueryOptions());

// ── GET /api/admin/dashboard/grafico-mensal ─────────────────────────────────────
export const buscarGraficoMensal = (signal?: AbortSignal) =>
  api.get<GraficoMensalItem[]>('/admin/dashboard/grafico-mensal', { signal });

export const graficoMensalQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.graficoMensal,
    queryFn: ({ signal }) => buscarGraficoMensal(signal),
  });

export const useGraficoMensal = () => useQuery(graficoMensalQueryOptions());
