import type {
  Paged,
  SenhaTemporariaResponse,
  UserStatus,
  UsuarioConta,
  UsuarioCreateBody,
  UsuarioUpdateBody,
} from '@cobranca/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard.ts';

export type OperadoresFiltro = { page: number; busca?: string; status?: UserStatus };

export const operadoresKeys = {
  all: ['admin', 'operadores'] as const,
  lista: (filtro: OperadoresFiltro) => ['admin', 'operadores', 'lista', filtro] as const,
};

// ── GET /api/admin/operadores?page=&busca=&status= ──────────────────────────────
export const buscarOperadores = (filtro: OperadoresFiltro, signal?: AbortSignal) =>
  api.get<Paged<UsuarioConta>>('/admin/operadores', { query: filtro, signal });

export const operadoresQueryOptions = (filtro: OperadoresFiltro) =>
  queryOptions({
    queryKey: operadoresKeys.lista(filtro),
    queryFn: ({ signal }) => buscarOperadores(filtro, signal),
    // Keeps the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const useOperadores = (filtro: OperadoresFiltro) => useQuery(operadoresQueryOptions(filtro));

// ── Mutations ───────────────────────────────────────────────────────────────────
export const criarOperador = (body: UsuarioCreateBody) => api.post<UsuarioConta>('/admin/operadores', body);

export type UpdateOperadorInput = { id: number; body: UsuarioUpdateBody };
export const atualizarOperador = ({ id, body }: UpdateOperadorInput) =>
  api.put<UsuarioConta>(`/admin/operadores/${id}`, body);

export const bloquearOperador = (id: number) => api.patch<UsuarioConta>(`/admin/operadores/${id}/bloquear`);
export const reativarOperador = (id: number) => api.patch<UsuarioConta>(`/admin/operadores/${id}/reativar`);
/** A server-generated temporary password, shown once; the operator's sessions end. */
export const gerarSenhaOperador = (id: number) =>
  api.post<SenhaTemporariaResponse>(`/admin/operadores/${id}/nova-senha`);

/** Operator changes show in the paged list and in the dashboard's operator list (status, name). */
const useInvalidateOperadores = () => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: operadoresKeys.all });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.operadores });
  };
};

export const useCreateOperador = () => {
  const invalidate = useInvalidateOperadores();
  return useMutation({ mutationFn: criarOperador, onSuccess: invalidate });
};

export const useUpdateOperador = () => {
  const invalidate = useInvalidateOperadores();
  return useMutation({ mutationFn: atualizarOperador, onSuccess: invalidate });
};

export const useBloquearOperador = () => {
  const invalidate = useInvalidateOperadores();
  return useMutation({ mutationFn: bloquearOperador, onSuccess: invalidate });
};

export const useReativarOperador = () => {
  const invalidate = useInvalidateOperadores();
  return useMutation({ mutationFn: reativarOperador, onSuccess: invalidate });
};

export const useGerarSenhaOperador = () => useMutation({ mutationFn: gerarSenhaOperador });
