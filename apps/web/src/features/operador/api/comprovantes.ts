import type { ComprovantesResponse, ComprovanteView } from '@cobranca/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// A customer's payment comprovantes (docs/produto.md §9).

const comprovantesKeys = {
  // Under the operator area: a payment recorded refreshes the list with the rest of the area.
  lista: (clienteId: number, page: number) => ['operador', 'comprovantes', clienteId, page] as const,
  um: (clienteId: number, id: number) => ['operador', 'comprovante', clienteId, id] as const,
};

const path = (clienteId: number) => `/operador/clientes/${clienteId}/comprovantes`;

// ── GET /api/operador/clientes/{id}/comprovantes?page ────────────────────────────
export const useComprovantes = (clienteId: number, page: number) =>
  useQuery({
    queryKey: comprovantesKeys.lista(clienteId, page),
    queryFn: ({ signal }) => api.get<ComprovantesResponse>(`${path(clienteId)}?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });

// ── GET /api/operador/clientes/{id}/comprovantes/{pagamentoId} ───────────────────
export const useComprovante = (clienteId: number, id: number | null) =>
  useQuery({
    queryKey: comprovantesKeys.um(clienteId, id ?? 0),
    queryFn: ({ signal }) => api.get<ComprovanteView>(`${path(clienteId)}/${id}`, { signal }),
    enabled: id !== null,
  });
