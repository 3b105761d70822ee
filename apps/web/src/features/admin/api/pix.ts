import type { PixSettingsBody, PixSettingsView, PixStatus } from '@cobranca/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const BASE = '/admin/configuracoes/pix';
export const pixSettingsQueryKey = ['admin', 'pix', 'settings'] as const;

/** PIX provider settings (docs/produto.md §21): secrets come back masked, the certificate only by its expiry. */
export const buscarPixSettings = (signal?: AbortSignal) => api.get<PixSettingsView>(BASE, { signal });

export const pixSettingsQueryOptions = () =>
  queryOptions({ queryKey: pixSettingsQueryKey, queryFn: ({ signal }) => buscarPixSettings(signal) });

export const usePixSettings = () => useQuery(pixSettingsQueryOptions());

/** A secret or certificate left out of the body keeps the stored one. */
export const salvarPixSettings = (body: PixSettingsBody) => api.put<PixSettingsView>(BASE, body);

export const useSavePixSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: salvarPixSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(pixSettingsQueryKey, saved);
      return queryClient.invalidateQueries({ queryKey: pixSettingsQueryKey });
    },
  });
};

/** Asks the PSP now (token + certificate); the answer becomes the status inside the cached settings. */
export const verificarPix = () => api.post<PixStatus>(`${BASE}/verificar`);

export const useVerificarPix = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verificarPix,
    onSuccess: (status) =>
      queryClient.setQueryData<PixSettingsView>(pixSettingsQueryKey, (atual) =>
        atual ? { ...atual, status } : atual,
      ),
  });
};
