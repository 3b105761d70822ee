import type { JanelaEnvio } from '@cobranca/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';

export const janelaEnvioKey = ['operador', 'janela-envio'] as const;

// The window opens and closes on the minute; a minute late is the most a banner may lag.
const JANELA_REFRESH_MS = 60_000;

/** GET /api/operador/janela-envio: whether automatic messages may go out now (docs/produto.md §11). */
export const useJanelaEnvio = () => {
  const ehOperador = useSession((s) => s.user?.role === 'operador');
  return useQuery({
    queryKey: janelaEnvioKey,
    queryFn: ({ signal }) => api.get<JanelaEnvio>('/operador/janela-envio', { signal }),
    enabled: ehOperador,
    refetchInterval: JANELA_REFRESH_MS,
  });
};
