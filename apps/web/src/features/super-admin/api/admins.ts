import type { Paged, SenhaTemporariaResponse, UsuarioConta, UsuarioCreateBody } from '@cobranca/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const adminsQueryKey = ['super-admin', 'admins'] as const;

export const buscarAdmins = (page: number, signal?: AbortSignal) =>
  api.get<Paged<UsuarioConta>>('/super-admin/admins', { query: { page }, signal });

export const adminsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...adminsQueryKey, page] as const,
    queryFn: ({ signal }) => buscarAdmins(page, signal),
    // The old page stays on screen while the next one loads, so the table does not flash.
    placeholderData: keepPreviousData,
  });

export const useAdmins = (page: number) => useQuery(adminsQueryOptions(page));

export const criarAdmin = (body: UsuarioCreateBody) => api.post<UsuarioConta>('/super-admin/admins', body);

export const useCreateAdmin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: criarAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsQueryKey }),
  });
};

export type AdminStatusAction = 'bloquear' | 'reativar';

export const changeAdminStatus = ({ id, action }: { id: number; action: AdminStatusAction }) =>
  api.patch<UsuarioConta>(`/super-admin/admins/${id}/${action}`);

/** Block or reactivate; a 409 (already in that state) also refreshes the list, since it was stale. */
export const useChangeAdminStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAdminStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminsQueryKey }),
  });
};

/** A server-generated temporary password for an admin, shown once; their sessions end. */
export const gerarSenhaAdmin = (id: number) =>
  api.post<SenhaTemporariaResponse>(`/super-admin/admins/${id}/nova-senha`);

export const useGerarSenhaAdmin = () => useMutation({ mutationFn: gerarSenhaAdmin });
