import type {
  AcordosDebito,
  CarteiraAtraso,
  RecuperacaoOperadores,
  RecuperacaoRegua,
} from '@cobranca/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard.ts';

// The team lead's view on the admin dashboard (docs/produto.md §15). Keys sit under dashboardKeys.all
// so whatever refreshes the dashboard refreshes these too.

export type PeriodoGestor = { de: string; ate: string };

export const visaoGestorKeys = {
  carteira: [...dashboardKeys.all, 'carteira-atraso'] as const,
  operadores: (p: PeriodoGestor) => [...dashboardKeys.all, 'recuperacao-operadores', p] as const,
  regua: (p: PeriodoGestor, dias: number) => [...dashboardKeys.all, 'recuperacao-regua', p, dias] as const,
  acordos: (p: PeriodoGestor) => [...dashboardKeys.all, 'acordos', p] as const,
};

// ── GET /api/admin/dashboard/carteira-atraso ────────────────────────────────────
export const useCarteiraAtraso = () =>
  useQuery(
    queryOptions({
      queryKey: visaoGestorKeys.carteira,
      queryFn: ({ signal }) => api.get<CarteiraAtraso>('/admin/dashboard/carteira-atraso', { signal }),
    }),
  );

// ── GET /api/admin/dashboard/recuperacao-operadores?de&ate ──────────────────────
export const useRecuperacaoOperadores = (periodo: PeriodoGestor | null) =>
  useQuery({
    queryKey: visaoGestorKeys.operadores(periodo ?? { de: '', ate: '' }),
    queryFn: ({ signal }) =>
      api.get<RecuperacaoOperadores>(
        `/admin/dashboard/recuperacao-operadores?${new URLSearchParams(periodo ?? {})}`,
        { signal },
      ),
    enabled: periodo !== null,
    // Changing the period keeps the last figures on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

// ── GET /api/admin/dashboard/recuperacao-regua?de&ate&dias ──────────────────────
export const useRecuperacaoRegua = (periodo: PeriodoGestor | null, dias: number) =>
  useQuery({
    queryKey: visaoGestorKeys.regua(periodo ?? { de: '', ate: '' }, dias),
    queryFn: ({ signal }) =>
      api.get<RecuperacaoRegua>(
        `/admin/dashboard/recuperacao-regua?${new URLSearchParams({ ...periodo, dias: String(dias) })}`,
        { signal },
      ),
    enabled: periodo !== null,
    placeholderData: keepPreviousData,
  });

// ── GET /api/admin/dashboard/acordos?de&ate ─────────────────────────────────────
export const useAcordosDebito = (periodo: PeriodoGestor | null) =>
  useQuery({
    queryKey: visaoGestorKeys.acordos(periodo ?? { de: '', ate: '' }),
    queryFn: ({ signal }) =>
      api.get<AcordosDebito>(`/admin/dashboard/acordos?${new URLSearchParams(periodo ?? {})}`, { signal }),
    enabled: periodo !== null,
    placeholderData: keepPreviousData,
  });
