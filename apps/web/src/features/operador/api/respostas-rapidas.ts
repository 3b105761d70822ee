import type { RespostaRapidaRenderizada } from '@cobranca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const respostasRapidasKeys = {
  cliente: (clienteId: number) => ['operador', 'respostas-rapidas', clienteId] as const,
};

// ── GET /api/operador/clientes/{id}/respostas-rapidas ───────────────────────────
export const buscarRespostasRapidas = (clienteId: number, signal?: AbortSignal) =>
  api.get<RespostaRapidaRenderizada[]>(`/operador/clientes/${clienteId}/respostas-rapidas`, { signal });

export const respostasRapidasQueryOptions = (clienteId: number) =>
  queryOptions({
    queryKey: respostasRapidasKeys.cliente(clienteId),
    queryFn: ({ signal }) => buscarRespostasRapidas(clienteId, signal),
    // Filled with the customer's open amounts: fresh each time the list opens, reused while typing.
    staleTime: 30_000,
  });

/**
 * The admin's quick replies filled for this customer. Loaded only once the operator asks for them
 * ("/" or the button), so opening a workspace costs no extra call.
 */
export const useRespostasRapidas = (clienteId: number, enabled: boolean) =>
  useQuery({ ...respostasRapidasQueryOptions(clienteId), enabled });
