import type { EmailSettingsBody, EmailSettingsView, VerificacaoCanal } from '@cobranca/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const BASE = '/admin/configuracoes/email';
export const emailSettingsQueryKey = ['admin', 'email', 'settings'] as const;

/** The record to publish for a newly generated DKIM key (its private half stays on the server). */
export type DkimGerada = {
  dominio: string;
  seletor: string;
  registro: EmailSettingsView['registros_dns'][number];
};

export const emailSettingsQueryOptions = () =>
  queryOptions({
    queryKey: emailSettingsQueryKey,
    queryFn: ({ signal }) => api.get<EmailSettingsView>(BASE, { signal }),
  });

export const useEmailSettings = () => useQuery(emailSettingsQueryOptions());

export const useSaveEmailSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailSettingsBody) => api.put<EmailSettingsView>(BASE, body),
    onSuccess: (view) => queryClient.setQueryData(emailSettingsQueryKey, view),
  });
};

/** A new key replaces the stored one: the DNS records change with it. */
export const useGerarDkim = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { dominio?: string; seletor?: string }) => api.post<DkimGerada>(`${BASE}/dkim`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailSettingsQueryKey }),
  });
};

export const useVerificarEmail = () =>
  useMutation({ mutationFn: () => api.post<VerificacaoCanal>(`${BASE}/verificar`) });
