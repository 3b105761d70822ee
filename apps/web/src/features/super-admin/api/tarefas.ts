import type { TarefaMorta, TarefasResponse } from '@cobranca/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { SAUDE_REFRESH_MS } from './saude.ts';

export const tarefasQueryKey = ['super-admin', 'tarefas'] as const;

export const buscarTarefas = (signal?: AbortSignal) =>
  api.get<TarefasResponse>('/super-admin/tarefas', { signal });

export const useTarefas = () =>
  useQuery(
    queryOptions({
      queryKey: tarefasQueryKey,
      queryFn: ({ signal }) => buscarTarefas(signal),
      refetchInterval: SAUDE_REFRESH_MS,
    }),
  );

/** A dead job gets one more try now (audited); the panel reads the queue again either way. */
export const repetirTarefa = (id: string) => api.post<TarefaMorta>(`/super-admin/tarefas/${id}/repetir`);

export const useRepetirTarefa = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: repetirTarefa,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tarefasQueryKey }),
  });
};
