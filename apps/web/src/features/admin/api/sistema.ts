import type { SistemaSettings } from '@cobranca/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const PATH = '/admin/configuracoes/sistema';
export const sistemaSettingsQueryKey = ['admin', 'sistema'] as const;

export const buscarSistemaSettings = (signal?: AbortSignal) => api.get<SistemaSettings>(PATH, { signal });

export const sistemaSettingsQueryOptions = () =>
  queryOptions({ queryKey: sistemaSettingsQueryKey, queryFn: ({ signal }) => buscarSistemaSettings(signal) });

export const useSistemaSettings = () => useQuery(sistemaSettingsQueryOptions());

export const salvarSistemaSettings = (settings: SistemaSettings) => api.put<SistemaSettings>(PATH, settings);

export const useSaveSistemaSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: salvarSistemaSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(sistemaSettingsQueryKey, saved);
      return queryClient.invalidateQueries({ queryKey: sistemaSettingsQueryKey });
    },
  });
};
