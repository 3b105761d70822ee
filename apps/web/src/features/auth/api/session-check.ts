import type { SessionUser } from '@cobranca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';

export const SESSION_CHECK_MS = 60_000;

export const buscarMe = (signal?: AbortSignal) => api.get<SessionUser>('/me', { signal });

/**
 * Confirms the session with the server on every route change and every minute: a revoked, expired or
 * blocked session answers 401, which the API client turns into a sign-out; a renamed user is refreshed.
 */
export const useSessionCheck = () => {
  const token = useSession((s) => s.token);
  const { pathname } = useLocation();
  const { data } = useQuery({
    queryKey: ['auth', 'me', token, pathname],
    queryFn: ({ signal }) => buscarMe(signal),
    enabled: token !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchInterval: SESSION_CHECK_MS,
  });

  useEffect(() => {
    const { token: current, user } = useSession.getState();
    if (!data || !current || !user) return;
    if (data.name !== user.name || data.role !== user.role || data.email !== user.email) {
      useSession.getState().signIn(current, data);
    }
  }, [data]);
};
