import type { DashboardOperador, LogEntry } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const LOGIN: LogEntry = {
  id: 7,
  created_at: '2026-11-20T13:05:00.000Z',
  acao: 'login',
  descricao: 'Entrou no sistema',
  usuario: { id: 10, name: 'Olívia Santos' },
  ip: '177.10.20.30',
  entidade: null,
  entidade_id: null,
  detalhes: null,
};
const BLOQUEIO: LogEntry = {
  id: 8,
  created_at: '2026-11-21T02:30:00.000Z',
  acao: 'operador.bloquear',
  descricao: 'Bloqueou o operador Bruno Lima',
  usuario: null,
  ip: null,
  entidade: 'usuario',
  entidade_id: '11',
  detalhes: { motivo: 'Saiu da empresa', sessoes_revogadas: 2 },
};
const OPERADORES: DashboardOperador[] = [
  { id: 10, name: 'Olívia Santos', email: 'olivia@empresa.com.br', status: 'Ativo', contatos_mes: 5 },
];
const paged = (data: LogEntry[], page = 1, total = data.length) => ({
  data,
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / 20)),
  per_page: 20,
  total,
});

let listUrls: URL[];
let lista: unknown;

beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.admin);
  listUrls = [];
  lista = paged([BLOQUEIO, LOGIN]);
  server.use(
    http.get('/api/admin/logs', ({ request }) => {
      listUrls.push(new URL(request.url));
      return HttpResponse.json(lista as object);
    }),
    http.get('/api/admin/logs/acoes', () => HttpResponse.json(['login', 'operador.bloquear'])),
    http.get('/api/admin/dashboard/operadores', () => HttpResponse.json(OPERADORES)),
  );
});
afterEach(() => vi.restoreAllMocks());

// The first render loads the signed-in shell and the admin chunk.
// 5xx answers get one retry, a second later, before the error shows.
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const lastQuery = () => Object.fromEntries(listUrls.at(-1)?.searchParams ?? []);

const typeDate = async (user: ReturnType<typeof userEvent.setup>, label: string, digits: string) => {
  const group = screen.getByRole('group', { name: label });
  await user.click(within(group).getByRole('spinbutton', { name: 'Dia' }));
  await user.keyboard(digits);
};

describe('AdminLogsPage', () => {
  it('shows date/time, user, action, description and IP of each entry', async () => {
    renderApp('/admin/logs');
    const login = await rowOf('Entrou no sistema');
    expect(login).toHaveTextContent('20/11/2026 10:05');
    expect(login).toHaveTextContent('Olívia Santos');
    expect(login).toHaveTextContent('login');
    expect(login).toHaveTextContent('177.10.20.30');
    const bloqueio = await rowOf('Bloqueou o operador Bruno Lima');
    // 02:30 UTC is still the previous day in São Paulo.
    expect(bloqueio).toHaveTextContent('20/11/2026 23:30');
    expect(bloqueio).toHaveTextContent('Sistema');
    expect(lastQuery()).toEqual({ page: '1' });
    expect(document.title).toBe('Logs do Sistema · Sistema de Cobrança Automática');
  });

  it('expands a row to show entity, entity id and details as formatted JSON', async () => {
    const user = userEvent.setup();
    renderApp('/admin/logs');
    const row = await rowOf('Bloqueou o operador Bruno Lima');
    const toggle = within(row).getByRole('button', {
      name: /Mostrar detalhes do registro de 20\/11\/2026 23:30/,
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = within(row).getByLabelText('Detalhes do registro 8');
    expect(details).toHaveTextContent('Entidadeusuario');
    expect(details).toHaveTextContent('ID da entidade11');
    expect(details.querySelector('pre')?.textContent).toBe(
      '{\n  "motivo": "Saiu da empresa",\n  "sessoes_revogadas": 2\n}',
    );
    await user.click(within(row).getByRole('button', { name: /Ocultar detalhes/ }));
    expect(within(row).queryByLabelText('Detalhes do registro 8')).toBeNull();
  });

  it('shows skeleton rows while loading, then the empty state', async () => {
    let release: () => void = () => {};
    server.use(
      http.get('/api/admin/logs', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json(paged([]));
      }),
    );
    renderApp('/admin/logs');
    const table = await screen.findByRole('table', { name: 'Registros de auditoria' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    release();
    expect(await screen.findByText('Nenhum registro ainda.')).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/admin/logs', () =>
        HttpResponse.json({ code: 'ERRO_INTERNO', message: 'Erro interno do servidor.' }, { status: 500 }),
      ),
    );
    renderApp('/admin/logs');
    expect(await screen.findByText('Erro interno do servidor.')).toBeInTheDocument();
    server.use(http.get('/api/admin/logs', () => HttpResponse.json(paged([LOGIN]))));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('Entrou no sistema')).toBeInTheDocument();
  });

  it('asks the server for page 2 when moving on', async () => {
    lista = paged([BLOQUEIO, LOGIN], 1, 45);
    const app = renderApp('/admin/logs');
    await rowOf('Entrou no sistema');
    await userEvent.click(screen.getByRole('button', { name: /próxima/i }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '2' }));
    expect(app.router.state.location.search).toBe('?page=2');
  });

  it('filters by action, user and period, sending acao/usuario_id/de/ate', async () => {
    const user = userEvent.setup();
    const app = renderApp('/admin/logs?page=2');
    await rowOf('Entrou no sistema');

    await user.click(screen.getByRole('combobox', { name: 'Ação' }));
    await user.click(await screen.findByRole('option', { name: 'operador.bloquear' }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', acao: 'operador.bloquear' }));

    await user.click(screen.getByRole('combobox', { name: 'Usuário' }));
    await user.click(await screen.findByRole('option', { name: 'Olívia Santos' }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: '1', acao: 'operador.bloquear', usuario_id: '10' }),
    );

    const before = listUrls.length;
    await typeDate(user, 'De', '01102026');
    await typeDate(user, 'Até', '31102026');
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        page: '1',
        acao: 'operador.bloquear',
        usuario_id: '10',
        de: '2026-10-01',
        ate: '2026-10-31',
      }),
    );
    // Half-typed years (0002, 0020…) are never sent: one call per whole date.
    expect(listUrls.length - before).toBe(2);
    expect(app.router.state.location.search).toBe(
      '?acao=operador.bloquear&usuario_id=10&de=2026-10-01&ate=2026-10-31',
    );

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(app.router.state.location.search).toBe(''));
    expect(screen.getByRole('group', { name: 'De' })).toHaveTextContent('DD/MM/AAAA');
  });

  it('opens with the filters in the URL, leaving malformed ones out', async () => {
    renderApp('/admin/logs?acao=login&usuario_id=abc&de=2026-11-01&ate=31/11/2026');
    await rowOf('Entrou no sistema');
    expect(lastQuery()).toEqual({ page: '1', acao: 'login', de: '2026-11-01' });
    expect(screen.getByRole('group', { name: 'De' })).toHaveTextContent('01/11/2026');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Ação' })).toHaveTextContent('login'));
  });
});
