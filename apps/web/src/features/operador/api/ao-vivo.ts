import { useQueryClient } from '@tanstack/react-query';
import { EventSource } from 'eventsource';
import { useEffect } from 'react';
import { useSession } from '../../../lib/session.ts';
import { useAoVivo } from './ao-vivo-estado.ts';
import { clienteKeys } from './cliente.ts';

export const EVENTOS_URL = '/api/operador/eventos';

/**
 * The operator's live stream: each event names customers of theirs that changed (or "everything"),
 * and the operator area's queries are refetched — the open workspace, its thread, the lists and the
 * badges. The stream opens with `pronto`, which also refetches what changed while it was closed.
 * The browser's EventSource cannot send the bearer token, hence the `eventsource` package's fetch hook.
 */
export const useEventosAoVivo = () => {
  const queryClient = useQueryClient();
  const token = useSession((s) => s.token);
  const ehOperador = useSession((s) => s.user?.role === 'operador');

  useEffect(() => {
    if (!token || !ehOperador) return;
    const fonte = new EventSource(EVENTOS_URL, {
      fetch: (url, init) =>
        fetch(url, { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } }),
    });
    // A change: a load already under way may predate it, so it starts over.
    fonte.addEventListener(
      'clientes',
      () => void queryClient.invalidateQueries({ queryKey: clienteKeys.area }),
    );
    // (Re)connected: what changed while closed is refetched; loads under way are recent enough.
    fonte.addEventListener('pronto', () => {
      useAoVivo.setState({ conectado: true });
      void queryClient.invalidateQueries({ queryKey: clienteKeys.area }, { cancelRefetch: false });
    });
    fonte.addEventListener('error', () => useAoVivo.setState({ conectado: false }));
    return () => {
      fonte.close();
      useAoVivo.setState({ conectado: false });
    };
  }, [token, ehOperador, queryClient]);
};
