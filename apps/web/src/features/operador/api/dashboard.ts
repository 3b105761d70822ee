import type { OperadorDashboard } from '@cobranca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const operadorDashboardKeys = {
  all: ['operador', 'dashboard'] as const,
};

// ── GET /api/operador/dashboard ─────────────────────────────────────────────────
export const buscarOperadorDashboard = (signal?: AbortSignal) =>
  api.get<OperadorDashboard>('/operador/dashboard', { signal });

export const operadorDashboardQueryOptions = () =>
  queryOptions({
    queryKey: operadorDashboardKeys.all,
    queryFn: ({ signal }) => buscarOperadorDashboard(signal),
  });

export const useOperadorDashboard = () => useQuery(operadorDashboardQueryOptions());
