import { ROLES, type Role } from '@cobranca/contracts';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { homeFor, ROUTE_ROLES, ROUTES } from '../lib/routes.ts';
import { useSession } from '../lib/session.ts';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../test/render-app.tsx';
import { quietApi, server } from '../test/server.ts';

const SIGNED_IN_ROUTES = Object.entries(ROUTE_ROLES) as [keyof typeof ROUTE_ROLES, readonly Role[]][];

beforeEach(() => {
  resetSession();
  // Operators' badges load on every page; an empty queue keeps these tests about routing.
  server.use(
    http.get('/api/operador/clientes/:lista', () => HttpResponse.json({ data: [], total: 0 })),
    quietApi,
  );
});

describe('route guards (docs/produto.md §2)', () => {
  it.each(SIGNED_IN_ROUTES)('sends a guest from %s to /login', async (name) => {
    const app = renderApp(ROUTES[name]);
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
    expect(app.router.state.location.state).toEqual({ from: ROUTES[name] });
  });

  for (const role of ROLES) {
    it.each(SIGNED_IN_ROUTES)(
      `as ${role}: %s opens when allowed, otherwise goes home`,
      async (name, roles) => {
        signInAs(TEST_USERS[role]);
        const app = renderApp(ROUTES[name]);
        const expected = roles.includes(role) ? ROUTES[name] : homeFor(role);
        await waitFor(() => expect(app.pathname()).toBe(expected));
        // The page's title (a page may have more level-2 sections, as the admin dashboard does).
        expect((await screen.findAllByRole('heading', { level: 2 }))[0]).toBeInTheDocument();
      },
    );
  }

  it.each(SIGNED_IN_ROUTES)(
    'signs out a user with an unknown role on %s and sends them to /login',
    async (name) => {
      signInAs({ id: 9, name: 'Intruso', email: 'x@teste.local', role: 'hacker' });
      const app = renderApp(ROUTES[name]);
      await waitFor(() => expect(app.pathname()).toBe('/login'));
      expect(useSession.getState().token).toBeNull();
    },
  );

  it.each([
    [null, '/login'],
    ['super_admin', '/super-admin'],
    ['admin', '/admin/dashboard'],
    ['operador', '/operador/dashboard'],
  ] as const)('redirects / for %s to %s', async (role, target) => {
    if (role) signInAs(TEST_USERS[role]);
    const app = renderApp('/');
    await waitFor(() => expect(app.pathname()).toBe(target));
  });

  it.each(ROLES)('sends a signed-in %s away from /login to their home', async (role) => {
    signInAs(TEST_USERS[role]);
    const app = renderApp('/login');
    await waitFor(() => expect(app.pathname()).toBe(homeFor(role)));
  });

  it('shows a pt-BR not-found page with a way home for an unknown path', async () => {
    renderApp('/nao/existe');
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/');
  });

  it('drops the session on a 401 and the guard takes the user to /login', async () => {
    signInAs(TEST_USERS.operador);
    server.use(
      http.get('/api/operador/clientes/:lista', () =>
        HttpResponse.json({ code: 'SESSAO_INVALIDA', message: 'Sessão expirada' }, { status: 401 }),
      ),
    );
    const app = renderApp(ROUTES.OperadorDashboard);
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(useSession.getState().user).toBeNull();
    expect(localStorage.getItem('cobranca.sessao')).toContain('"token":null');
  });
});
