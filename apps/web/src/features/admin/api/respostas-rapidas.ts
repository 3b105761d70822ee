import type { RespostaRapidaBody, RespostaRapidaView } from '@cobranca/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const URL = '/admin/configuracoes/mensagens/respostas-rapidas';
export const respostasRapidasQueryKey = ['admin', 'respostas-rapidas'] as const;

// ── GET /api/admin/configuracoes/mensagens/respostas-rapidas (by shortcut) ───────
export const buscarRespostasRapidas = (signal?: AbortSignal) =>
  api.get<RespostaRapidaView[]>(URL, { signal });

export const respostasRapidasQueryOptions = () =>
  queryOptions({
    queryKey: respostasRapidasQueryKey,
    queryFn: ({ signal }) => buscarRespostasRapidas(signal),
  });

export const useRespostasRapidasAdmin = () => useQuery(respostasRapidasQueryOptions());

/** Create (no id) or update (id): either way the list is reloaded. */
export type SalvarRespostaInput = { id?: number; body: RespostaRapidaBody };

export const salvarRespostaRapida = ({ id, body }: SalvarRespostaInput) =>
  id === undefined
    ? api.post<RespostaRapidaView>(URL, body)
    : api.put<RespostaRapidaView>(`${URL}/${id}`, body);

export const useSalvarRespostaRapida = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: salvarRespostaRapida,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: respostasRapidasQueryKey }),
  });
};

export const useExcluirRespostaRapida = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`${URL}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: respostasRapidasQueryKey }),
  });
};
