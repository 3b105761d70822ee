import type { ClienteAdmin, ClienteStatus, ClientesOrdem, Paged, Sentido } from '@cobranca/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type ClientesFiltro = {
  page: number;
  busca?: string;
  status?: ClienteStatus;
  ordem?: ClientesOrdem;
  sentido?: Sentido;
  operador_id?: string;
  /** Ranges and last reply as the URL keeps them (see components/clientes-filtros.tsx). */
  atraso_min?: string;
  atraso_max?: string;
  valor_min?: string;
  valor_max?: string;
  resposta?: string;
  etiqueta?: string;
};

export const clientesKeys = {
  all: ['admin', 'clientes'] as const,
  lista: (filtro: ClientesFiltro) => ['admin', 'clientes', 'lista', filtro] as const,
};

// ── GET /api/admin/clientes?page=&busca=&ordem=&sentido=&operador_id=&atraso_min=… or
//    /api/admin/clientes/por-status/{status}?… ──
export const buscarClientes = ({ status, ...query }: ClientesFiltro, signal?: AbortSignal) =>
  api.get<Paged<ClienteAdmin>>(status ? `/admin/clientes/por-status/${status}` : '/admin/clientes', {
    query,
    signal,
  });

export const clientesQueryOptions = (filtro: ClientesFiltro) =>
  queryOptions({
    queryKey: clientesKeys.lista(filtro),
    queryFn: ({ signal }) => buscarClientes(filtro, signal),
    // Keeps the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const useClientes = (filtro: ClientesFiltro) => useQuery(clientesQueryOptions(filtro));

// ── PATCH /api/admin/clientes/{id}/operador {operador_id} ───────────────────────
export type ReatribuirInput = { clienteId: number; operadorId: number | null };

export const reatribuirOperador = ({ clienteId, operadorId }: ReatribuirInput) =>
  api.patch<ClienteAdmin>(`/admin/clientes/${clienteId}/operador`, { operador_id: operadorId });

export const useReatribuirOperador = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reatribuirOperador,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: clientesKeys.all }),
  });
};
