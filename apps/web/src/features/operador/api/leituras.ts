import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client.ts';
import { operadorClientesKeys } from './clientes.ts';

// ── POST /api/operador/clientes/{id}/lida ───────────────────────────────────────
/** The operator has read this customer's replies up to now (per operator, idempotent; decision 023). */
export const marcarLida = (id: number) => api.post<null>(`/operador/clientes/${id}/lida`);

/**
 * Marks the open conversation read when it loads and again whenever its newest message changes while
 * it stays open (a reply seen as it arrives is read). The lists refetch so their markers go away.
 */
export const useMarcarLidaAoAbrir = (id: number | null, ultimaMensagemEm: string | null | undefined) => {
  const queryClient = useQueryClient();
  // null: the customer has not loaded yet (or is out of reach), nothing to mark; '' when it has no message.
  const marca = ultimaMensagemEm === undefined ? null : (ultimaMensagemEm ?? '');
  useEffect(() => {
    if (id === null || marca === null) return;
    marcarLida(id).then(
      () => queryClient.invalidateQueries({ queryKey: operadorClientesKeys.all }),
      // A marker left unread is harmless: the next opening marks it again.
      (error: unknown) => console.warn('[leituras] não foi possível marcar como lida', error),
    );
  }, [id, marca, queryClient]);
};
