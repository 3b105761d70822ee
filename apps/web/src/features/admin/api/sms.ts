import type { SmsSettingsBody, SmsSettingsView, VerificacaoCanal } from '@cobranca/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const BASE = '/admin/configuracoes/sms';
export const smsSettingsQueryKey = ['admin', 'sms', 'settings'] as const;

export const smsSettingsQueryOptions = () =>
  queryOptions({
    queryKey: smsSettingsQueryKey,
    queryFn: ({ signal }) => api.get<SmsSettingsView>(BASE, { signal }),
  });

export const useSmsSettings = () => useQuery(smsSettingsQueryOptions());

export const useSaveSmsSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SmsSettingsBody) => api.put<SmsSettingsView>(BASE, body),
    onSuccess: (view) => queryClient.setQueryData(smsSettingsQueryKey, view),
  });
};

export const useVerificarSms = () =>
  useMutation({ mutationFn: () => api.post<VerificacaoCanal>(`${BASE}/verificar`) });
