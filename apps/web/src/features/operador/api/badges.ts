import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { FALHAS_A_PARTIR_DE } from '../../../components/chamadas-mark.tsx';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { intervaloSemAoVivo } from './ao-vivo-estado.ts';

export type Badges = { mensagensAguardando: number; clientesComMensagensFalhadas: number };
export const NO_BADGES: Badges = { mensagensAguardando: 0, clientesComMensagensFalhadas: 0 };
export const BADGE_REFRESH_MS = 30_000;

type ClienteResumo = { numero_chamadas?: number };
/** docs/produto.md §5: the list answers either `{data: [...]}` (paged, with `total`) or a bare array. */
type ListaClientes = ClienteResumo[] | { data: ClienteResumo[]; total?: number };

// A paged answer's `total` counts beyond the first page; a bare array is all there is.
const total = (lista: ListaClientes) =>
  Array.isArray(lista) ? lista.length : (lista.total ?? lista.data.length);
const comFalhas = (lista: ListaClientes) =>
  Array.isArray(lista)
    ? lista.filter((c) => (c.numero_chamadas ?? 0) >= FALHAS_A_PARTIR_DE).length
    : total(lista);

/** Both badge calls, made together (docs/produto.md §5). */
export const buscarBadges = async (signal?: AbortSignal): Promise<Badges> => {
  const [aguardando, falhas] = await Promise.all([
    api.get<ListaClientes>('/operador/clientes/aguardando-atendimento', { query: { page: 1 }, signal }),
    api.get<ListaClientes>('/operador/clientes/ativos', { query: { page: 1, com_falhas: 1 }, signal }),
  ]);
  return { mensagensAguardando: total(aguardando), clientesComMensagensFalhadas: comFalhas(falhas) };
};

export const badgesQueryKey = (userId: number | undefined) => ['operador', 'badges', userId] as const;

/**
 * Operator badge counts (docs/produto.md §5): loaded on sign-in, on role change, on every route change and
 * every 30 s; other roles get zeros without any call; a failure is logged and shows zeros.
 */
export const useOperadorBadges = (): Badges => {
  const user = useSession((s) => s.user);
  const isOperador = user?.role === 'operador';
  const { pathname } = useLocation();
  const query = useQuery({
    queryKey: badgesQueryKey(user?.id),
    queryFn: async ({ signal }) => {
      try {
        return await buscarBadges(signal);
      } catch (error) {
        // A cancelled load (unmount, newer load) is not a failure.
        if (!signal.aborted) console.error('[badges] falha ao carregar os contadores', error);
        throw error;
      }
    },
    enabled: isOperador,
    refetchInterval: intervaloSemAoVivo(BADGE_REFRESH_MS),
    staleTime: 0,
    retry: false,
  });

  const { refetch } = query;
  const firstPath = useRef(pathname);
  useEffect(() => {
    // The mount already loads; later route changes load again.
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    if (isOperador) void refetch();
  }, [pathname, isOperador, refetch]);

  if (!isOperador || query.isError || !query.data) return NO_BADGES;
  return query.data;
};
