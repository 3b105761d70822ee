import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session.ts';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../test/render-app.tsx';
import { quietApi, server } from '../../test/server.ts';
import { MOBILE, setViewportWidth } from '../../test/viewport.ts';

beforeEach(() => {
  resetSession();
  server.use(
    http.get('/api/operador/clientes/:lista', () => HttpResponse.json({ data: [], total: 0 })),
    quietApi,
  );
});

const menuLabels = () =>
  within(screen.getByRole('navigation', { name: 'Menu principal' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

const drawerState = () => screen.getByTestId('menu-lateral').getAttribute('data-state');

describe('AppShell menus (docs/produto.md §2)', () => {
  it('gives the super admin the highlighted Super Admin entry, then the eleven admin entries, and Sair', async () => {
    signInAs(TEST_USERS.super_admin);
    renderApp('/super-admin');
    await screen.findByRole('heading', { name: 'Super Admin', level: 2 });
    expect(menuLabels()).toEqual([
      'Super Admin',
      'Dashboard',
      'Gestão de Operadores',
      'Gestão de Clientes',
      'Logs do Sistema',
      'Config. Mensagens',
      'Config. WhatsApp',
      'Config. E-mail',
      'Config. SMS',
      'Config. PIX',
      'Conciliação bancária',
      'Config. do Sistema',
    ]);
    expect(screen.getByRole('link', { name: 'Super Admin' })).toHaveStyle({ backgroundColor: '#82B1FF' });
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
  });

  it('gives the admin the same eleven entries without Super Admin', async () => {
    signInAs(TEST_USERS.admin);
    renderApp('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard', level: 2 });
    expect(menuLabels()).toEqual([
      'Dashboard',
      'Gestão de Operadores',
      'Gestão de Clientes',
      'Logs do Sistema',
      'Config. Mensagens',
      'Config. WhatsApp',
      'Config. E-mail',
      'Config. SMS',
      'Config. PIX',
      'Conciliação bancária',
      'Config. do Sistema',
    ]);
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
  });

  it('gives the operator Dashboard, the Clientes group, Contas a Receber and Importar Clientes', async () => {
    signInAs(TEST_USERS.operador);
    renderApp('/operador/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard', level: 2 });
    expect(screen.getByRole('button', { name: 'Clientes' })).toHaveAttribute('aria-expanded', 'true');
    expect(menuLabels()).toEqual([
      'Dashboard',
      'Ativos',
      'Aguardando Atendimento',
      'Em Atendimento',
      'Concluídos',
      'Contas a Receber',
      'Importar Clientes',
    ]);
  });

  it('marks the current route in the menu and follows navigation', async () => {
    signInAs(TEST_USERS.admin);
    const app = renderApp('/admin/logs');
    await screen.findByRole('heading', { name: 'Logs do Sistema', level: 2 });
    expect(screen.getByRole('link', { name: 'Logs do Sistema' })).toHaveAttribute('aria-current', 'page');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Gestão de Clientes' }));
    await waitFor(() => expect(app.pathname()).toBe('/admin/clientes'));
    await screen.findByRole('heading', { name: 'Gestão de Clientes', level: 2 });
    expect(screen.getByRole('link', { name: 'Gestão de Clientes' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Logs do Sistema' })).not.toHaveAttribute('aria-current');
  });

  it('shows the title, the initials drawn locally, the name and the role label', async () => {
    signInAs(TEST_USERS.operador);
    renderApp('/operador/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Sistema de Cobrança Automática', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('OS')).toBeInTheDocument();
    expect(screen.getByText('Olívia Operadora Santos')).toBeInTheDocument();
    expect(screen.getByText('Operador')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it.each([
    ['super_admin', 'Super Administrador'],
    ['admin', 'Administrador'],
  ] as const)('labels the %s role as %s', async (role, label) => {
    signInAs(TEST_USERS[role]);
    renderApp('/admin/dashboard');
    expect(await screen.findByText(label)).toBeInTheDocument();
  });
});

describe('AppShell drawer (docs/produto.md §2)', () => {
  it('starts open on desktop and collapses to a rail and back', async () => {
    signInAs(TEST_USERS.admin);
    renderApp('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard', level: 2 });
    expect(drawerState()).toBe('aberto');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Recolher menu' }));
    expect(drawerState()).toBe('rail');
    expect(screen.queryByText('Alberto Admin')).toBeNull();
    expect(screen.getByRole('link', { name: 'Logs do Sistema' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expandir menu' }));
    expect(drawerState()).toBe('aberto');
  });

  it('starts closed on mobile and opens and closes as a temporary drawer', async () => {
    setViewportWidth(MOBILE);
    signInAs(TEST_USERS.operador);
    renderApp('/operador/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard', level: 2 });
    expect(drawerState()).toBe('fechado');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }));
    expect(drawerState()).toBe('aberto');
    await user.click(screen.getByRole('link', { name: 'Contas a Receber' }));
    await waitFor(() => expect(drawerState()).toBe('fechado'));
  });

  it('closes and clears the rail when switching to mobile, and opens when switching back to desktop', async () => {
    signInAs(TEST_USERS.admin);
    renderApp('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard', level: 2 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Recolher menu' }));
    expect(drawerState()).toBe('rail');
    act(() => setViewportWidth(MOBILE));
    expect(drawerState()).toBe('fechado');
    act(() => setViewportWidth(1440));
    expect(drawerState()).toBe('aberto');
  });

  it('opens on desktop and stays closed on mobile when the user becomes authenticated', async () => {
    setViewportWidth(MOBILE);
    const app = renderApp('/login');
    await screen.findByRole('button', { name: 'Entrar' });
    expect(screen.queryByTestId('menu-lateral')).toBeNull();
    act(() => signInAs(TEST_USERS.admin));
    await waitFor(() => expect(app.pathname()).toBe('/admin/dashboard'));
    // The shell is a lazy chunk: wait for it to render before reading the drawer.
    await waitFor(() => expect(drawerState()).toBe('fechado'));
  });
});

describe('Sair', () => {
  it('calls the server logout, clears the session and goes to /login', async () => {
    const logout = vi.fn(() => new HttpResponse(null, { status: 204 }));
    server.use(http.post('/api/logout', logout));
    signInAs(TEST_USERS.admin);
    const app = renderApp('/admin/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(logout).toHaveBeenCalledOnce();
    expect(useSession.getState().token).toBeNull();
  });

  it('only logs a failing logout and still leaves for /login', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('/api/logout', () => HttpResponse.error()));
    signInAs(TEST_USERS.operador);
    const app = renderApp('/operador/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('[logout]'), expect.anything());
    expect(useSession.getState().user).toBeNull();
    consoleError.mockRestore();
  });
});
