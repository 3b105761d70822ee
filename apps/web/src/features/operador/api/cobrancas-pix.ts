import type { CobrancaPixView, CobrancasPixResponse, SimularPagamentoPixResponse } from '@cobranca/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type Envio, useEnvioIdempotente } from '../../../lib/idempotency.ts';
import { clienteKeys } from './cliente.ts';

// PIX charges of one customer at the payment provider (docs/produto.md §21).

export const cobrancasPixKeys = {
  // Under the operator area: the area's invalidation after any action refreshes the charges too.
  lista: (clienteId: number) => ['operador', 'cobrancas-pix', clienteId] as const,
};

const path = (clienteId: number) => `/operador/clientes/${clienteId}/cobrancas-pix`;

// ── GET /api/operador/clientes/{id}/cobrancas-pix ───────────────────────────────
export const buscarCobrancasPix = (clienteId: number, signal?: AbortSignal) =>
  api.get<CobrancasPixResponse>(path(clienteId), { signal });

export const cobrancasPixQueryOptions = (clienteId: number) =>
  queryOptions({
    queryKey: cobrancasPixKeys.lista(clienteId),
    queryFn: ({ signal }) => buscarCobrancasPix(clienteId, signal),
  });

export const useCobrancasPix = (clienteId: number) => useQuery(cobrancasPixQueryOptions(clienteId));

// ── POST /api/operador/clientes/{id}/cobrancas-pix {conta_ids?} ─────────────────
/** `contaIds` null charges every open receivable (no body). */
export const gerarCobrancaPix = (clienteId: number, contaIds: number[] | null, idempotencyKey?: string) =>
  api.post<CobrancaPixView>(path(clienteId), contaIds ? { conta_ids: contaIds } : undefined, {
    idempotencyKey,
  });

/** Creates a charge at the PSP: a double click or a retried submission creates it once (decision 012). */
export const useGerarCobrancaPix = (clienteId: number) => {
  const queryClient = useQueryClient();
  return useEnvioIdempotente(
    useMutation({
      mutationFn: ({ body, idempotencyKey }: Envio<number[] | null>) =>
        gerarCobrancaPix(clienteId, body, idempotencyKey),
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: cobrancasPixKeys.lista(clienteId) }),
          queryClient.invalidateQueries({ queryKey: clienteKeys.detalhe(clienteId) }),
        ]),
    }),
  );
};

// ── POST /api/operador/clientes/{id}/cobrancas-pix/{txid}/simular-pagamento (simulator only) ──
export const simularPagamentoPix = (clienteId: number, txid: string) =>
  api.post<SimularPagamentoPixResponse>(`${path(clienteId)}/${encodeURIComponent(txid)}/simular-pagamento`);

/**
 * Pays a charge as if the PSP had confirmed it: the receivables settle, so the customer (and with it
 * the lists and badges of the whole operator area) reloads.
 */
export const useSimularPagamentoPix = (clienteId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (txid: string) => simularPagamentoPix(clienteId, txid),
    onSuccess: ({ cliente }) => {
      queryClient.setQueryData(clienteKeys.detalhe(clienteId), cliente);
      return queryClient.invalidateQueries({ queryKey: clienteKeys.area });
    },
  });
};
