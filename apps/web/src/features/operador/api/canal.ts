import type { CanalOperador } from '@cobranca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const canalKeys = {
  operador: ['operador', 'canal'] as const,
};

// ── GET /api/operador/canal ─────────────────────────────────────────────────────
export const buscarCanalOperador = (signal?: AbortSignal) =>
  api.get<CanalOperador>('/operador/canal', { signal });

export const canalOperadorQueryOptions = () =>
  queryOptions({
    queryKey: canalKeys.operador,
    queryFn: ({ signal }) => buscarCanalOperador(signal),
    // The admin switches channels rarely; a minute-old answer is fine (a 409 refreshes it sooner).
    staleTime: 60_000,
  });

/** Which messaging channel is active: the workspace offers the simulated reply only on the simulator. */
export const useCanalOperador = () => useQuery(canalOperadorQueryOptions());
