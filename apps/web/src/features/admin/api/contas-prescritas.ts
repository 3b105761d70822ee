import type { ContaReceber } from '@cobranca/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { clientesKeys } from './clientes.ts';

// ── GET /api/admin/clientes/{id}/contas-prescritas ───────────────────────────────
// A customer's prescribed receivables (docs/produto.md §7): never collected, still owed.
export const useContasPrescritas = (id: number) =>
  useQuery({
    queryKey: [...clientesKeys.all, id, 'contas-prescritas'] as const,
    queryFn: ({ signal }) => api.get<ContaReceber[]>(`/admin/clientes/${id}/contas-prescritas`, { signal }),
  });
