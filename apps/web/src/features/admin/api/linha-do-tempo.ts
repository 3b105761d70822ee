import type { LinhaDoTempoResponse } from '@cobranca/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { clientesKeys } from './clientes.ts';

// Any customer's timeline for an admin, and the deletion of any note (docs/produto.md §5, §15).

export const linhaDoTempoAdminKey = (id: number) => [...clientesKeys.all, id, 'linha-do-tempo'] as const;

const PAGINA = 50;

export const buscarLinhaDoTempoAdmin = (id: number, antes: string | null, signal?: AbortSignal) =>
  api.get<LinhaDoTempoResponse>(`/admin/clientes/${id}/linha-do-tempo`, {
    signal,
    query: { limite: PAGINA, antes },
  });

// ── GET /api/admin/clientes/{id}/linha-do-tempo?limite=&antes= ──────────────────
export const useLinhaDoTempoAdmin = (id: number) =>
  useInfiniteQuery({
    queryKey: linhaDoTempoAdminKey(id),
    queryFn: ({ pageParam, signal }) => buscarLinhaDoTempoAdmin(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (ultima) => ultima.proximo,
  });

// ── DELETE /api/admin/clientes/{id}/notas/{notaId} ──────────────────────────────
export const useExcluirNotaAdmin = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notaId: number) => api.delete<null>(`/admin/clientes/${id}/notas/${notaId}`),
    // Also after a failure: a 404 means someone else deleted it, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: linhaDoTempoAdminKey(id) }),
  });
};
