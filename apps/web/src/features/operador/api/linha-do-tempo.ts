import type { ClienteDetalhe, LinhaDoTempoResponse, NotaItem } from '@cobranca/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { intervaloSemAoVivo } from './ao-vivo-estado.ts';
import { clienteKeys } from './cliente.ts';

// The customer timeline, notes and tags (docs/produto.md §5, decision 022).

/** Under the customer's key: a live event, or any action on the customer, refreshes it with the rest. */
export const linhaDoTempoKey = (id: number) => [...clienteKeys.detalhe(id), 'linha-do-tempo'] as const;

export const LINHA_DO_TEMPO_PAGINA = 50;
/** Without live events, the timeline re-reads its loaded pages this often (all pages, so not 5 s). */
const LINHA_DO_TEMPO_REFRESH_MS = 30_000;

export const buscarLinhaDoTempo = (id: number, antes: string | null, signal?: AbortSignal) =>
  api.get<LinhaDoTempoResponse>(`/operador/clientes/${id}/linha-do-tempo`, {
    signal,
    query: { limite: LINHA_DO_TEMPO_PAGINA, antes },
  });

export const useLinhaDoTempo = (id: number) =>
  useInfiniteQuery({
    queryKey: linhaDoTempoKey(id),
    queryFn: ({ pageParam, signal }) => buscarLinhaDoTempo(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (ultima) => ultima.proximo,
    refetchInterval: intervaloSemAoVivo(LINHA_DO_TEMPO_REFRESH_MS),
  });

export const useCriarNota = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (texto: string) =>
      api.post<{ nota: NotaItem }>(`/operador/clientes/${id}/notas`, { texto }).then((r) => r.nota),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linhaDoTempoKey(id) }),
  });
};

export const useExcluirNota = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notaId: number) => api.delete<null>(`/operador/clientes/${id}/notas/${notaId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linhaDoTempoKey(id) }),
  });
};

export const useDefinirEtiquetas = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (etiquetas: string[]) =>
      api
        .put<{ etiquetas: string[] }>(`/operador/clientes/${id}/etiquetas`, { etiquetas })
        .then((r) => r.etiquetas),
    onSuccess: (etiquetas) => {
      queryClient.setQueryData<ClienteDetalhe>(clienteKeys.detalhe(id), (atual) =>
        atual ? { ...atual, etiquetas } : atual,
      );
      // The lists show the tags in the name cell.
      void queryClient.invalidateQueries({ queryKey: clienteKeys.area });
    },
  });
};
