import type { automacaoBody, Saude } from '@cobranca/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export const saudeQueryKey = ['super-admin', 'saude'] as const;
export const SAUDE_REFRESH_MS = 30_000;

export const buscarSaude = (signal?: AbortSignal) => api.get<Saude>('/super-admin/saude', { signal });

export const saudeQueryOptions = () =>
  queryOptions({
    queryKey: saudeQueryKey,
    queryFn: ({ signal }) => buscarSaude(signal),
    refetchInterval: SAUDE_REFRESH_MS,
  });

export const useSaude = () => useQuery(saudeQueryOptions());

export type Automacao = z.infer<typeof automacaoBody>;

/** The kill switch: stops (or resumes) every automatic message at once. */
export const definirAutomacao = (body: Automacao) => api.put<Automacao>('/super-admin/automacao', body);

export const useSetAutomacao = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: definirAutomacao,
    onSuccess: ({ ativa }) => {
      queryClient.setQueryData<Saude>(saudeQueryKey, (current) =>
        current ? { ...current, automacao_ativa: ativa } : current,
      );
      return queryClient.invalidateQueries({ queryKey: saudeQueryKey });
    },
  });
};
