import type { SessionUser } from '@cobranca/contracts';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { routeObjects } from '../app/router.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { useSession } from '../lib/session.ts';

export const TEST_USERS = {
  super_admin: { id: 1, name: 'Sara Super', email: 'super@teste.local', role: 'super_admin' },
  admin: { id: 2, name: 'Alberto Admin', email: 'admin@teste.local', role: 'admin' },
  operador: { id: 3, name: 'Olívia Operadora Santos', email: 'operador@teste.local', role: 'operador' },
} as const satisfies Record<string, SessionUser>;

export const signInAs = (user: SessionUser | { id: number; name: string; email: string; role: string }) =>
  useSession.setState({ token: `cob_${'t'.repeat(43)}`, user: user as SessionUser });

/** The whole app (real route table, guards, shell) in a memory router at `path`. */
export const renderApp = (path: string) => {
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient, pathname: () => router.state.location.pathname };
};

export const resetSession = () => useSession.setState({ token: null, user: null });
