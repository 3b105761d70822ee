import type { ContaReceber, PagamentoBody } from '@cobranca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { clientesKeys } from './clientes.ts';

// A customer's prescribed receivables (docs/produto.md §7): never collected, still owed; an admin records
// a debtor's spontaneous payment of one.

const contasPrescritasKey = (id: number) => [...clientesKeys.all, id, 'contas-prescritas'] as const;

// ── GET /api/admin/clientes/{id}/contas-prescritas ───────────────────────────────
export const useContasPrescritas = (id: number) =>
  useQuery({
    queryKey: contasPrescritasKey(id),
    queryFn: ({ signal }) => api.get<ContaReceber[]>(`/admin/clientes/${id}/contas-prescritas`, { signal }),
  });

// ── POST /api/admin/clientes/{id}/pagamentos ─────────────────────────────────────
export const useRegistrarPagamentoAdmin = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: PagamentoBody; idempotencyKey: string }) =>
      api.post<unknown>(`/admin/clientes/${id}/pagamentos`, body, { idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientesKeys.all }),
  });
};
