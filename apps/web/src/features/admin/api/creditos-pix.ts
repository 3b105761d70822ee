import type {
  AtribuicaoCreditoPixResponse,
  AtribuirCreditoPixBody,
  CreditoPixView,
  Paged,
} from '@cobranca/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type Envio, useEnvioIdempotente } from '../../../lib/idempotency.ts';
import { clientesKeys } from './clientes.ts';

// Unmatched PIX credits an admin assigns to a customer (docs/produto.md §21).

export const creditosPixKeys = {
  all: ['admin', 'pix', 'creditos'] as const,
  lista: (page: number) => ['admin', 'pix', 'creditos', page] as const,
};

// ── GET /api/admin/pix/creditos?page= ───────────────────────────────────────────
export const buscarCreditosPix = (page: number, signal?: AbortSignal) =>
  api.get<Paged<CreditoPixView>>('/admin/pix/creditos', { query: { page }, signal });

export const creditosPixQueryOptions = (page: number) =>
  queryOptions({
    queryKey: creditosPixKeys.lista(page),
    queryFn: ({ signal }) => buscarCreditosPix(page, signal),
    // Keeps the rows on screen while the next page loads.
    placeholderData: keepPreviousData,
  });

export const useCreditosPix = (page: number) => useQuery(creditosPixQueryOptions(page));

// ── POST /api/admin/pix/creditos/{id}/atribuir {cliente_id} ─────────────────────
export type AtribuirCreditoInput = AtribuirCreditoPixBody & { creditoId: number };

export const atribuirCreditoPix = ({ creditoId, ...body }: AtribuirCreditoInput, idempotencyKey?: string) =>
  api.post<AtribuicaoCreditoPixResponse>(`/admin/pix/creditos/${creditoId}/atribuir`, body, {
    idempotencyKey,
  });

/** Records payments: a double click or a retried submission assigns once (decision 012). */
export const useAtribuirCreditoPix = () => {
  const queryClient = useQueryClient();
  return useEnvioIdempotente(
    useMutation({
      mutationFn: ({ body, idempotencyKey }: Envio<AtribuirCreditoInput>) =>
        atribuirCreditoPix(body, idempotencyKey),
      // The credit went down and the customer's open amount (maybe its status) changed.
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: creditosPixKeys.all }),
          queryClient.invalidateQueries({ queryKey: clientesKeys.all }),
        ]),
    }),
  );
};
