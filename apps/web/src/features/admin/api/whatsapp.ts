import type { WhatsappSettingsBody, WhatsappSettingsView, WhatsappStatus } from '@cobranca/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { templatesQueryKey } from './templates.ts';

const BASE = '/admin/configuracoes/whatsapp';
export const whatsappSettingsQueryKey = ['admin', 'whatsapp', 'settings'] as const;
export const whatsappStatusQueryKey = ['admin', 'whatsapp', 'status'] as const;

/** Channel settings with the secrets masked (never returned in clear). */
export const buscarWhatsappSettings = (signal?: AbortSignal) =>
  api.get<WhatsappSettingsView>(BASE, { signal });

export const whatsappSettingsQueryOptions = () =>
  queryOptions({
    queryKey: whatsappSettingsQueryKey,
    queryFn: ({ signal }) => buscarWhatsappSettings(signal),
  });

export const useWhatsappSettings = () => useQuery(whatsappSettingsQueryOptions());

export const buscarWhatsappStatus = (signal?: AbortSignal) =>
  api.get<WhatsappStatus>(`${BASE}/status`, { signal });

export const whatsappStatusQueryOptions = () =>
  queryOptions({ queryKey: whatsappStatusQueryKey, queryFn: ({ signal }) => buscarWhatsappStatus(signal) });

export const useWhatsappStatus = () => useQuery(whatsappStatusQueryOptions());

/** A secret left out of the body keeps the stored one. */
export const salvarWhatsappSettings = (body: WhatsappSettingsBody) =>
  api.put<WhatsappSettingsView>(BASE, body);

// The channel status also travels with the templates list, so both are refreshed.
const invalidateChannel = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: whatsappStatusQueryKey }),
    queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  ]);

export const useSaveWhatsappSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: salvarWhatsappSettings,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: whatsappSettingsQueryKey }),
        invalidateChannel(queryClient),
      ]),
  });
};

/** Asks the provider about the connection now; the answer becomes the cached status. */
export const verificarWhatsapp = () => api.post<WhatsappStatus>(`${BASE}/verificar`);

export const useVerificarWhatsapp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verificarWhatsapp,
    onSuccess: (status) => {
      queryClient.setQueryData(whatsappStatusQueryKey, status);
      return queryClient.invalidateQueries({ queryKey: templatesQueryKey });
    },
  });
};
