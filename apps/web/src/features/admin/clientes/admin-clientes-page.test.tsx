import type { ClienteAdmin, DashboardOperador } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialSnackbarState, useSnackbarStore } from '../../../components/snackbar/snackbar-store.ts';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const MARIA: ClienteAdmin = {
  id: 1,
  nome: 'Maria Souza',
  documento: '52998224725',
  telefone: '+5511987654321',
  status: 'aguardando_atendimento',
  numero_chamadas: 4,
  total_em_aberto: 1234.56,
  operador: { id: 10, name: 'Olívia Santos' },
};
const ACME: ClienteAdmin = {
  id: 2,
  nome: 'Acme Comércio Ltda',
  documento: '11222333000181',
  telefone: '+551134567890',
  status: 'concluido',
  numero_chamadas: 1,
  total_em_aberto: 0,
  operador: null,
};
const OPERADORES: DashboardOperador[] = [
  { id: 10, name: 'Olívia Santos', email: 'olivia@empresa.com.br', status: 'Ativo', contatos_mes: 5 },
  { id: 11, name: 'Bruno Lima', email: 'bruno@empresa.com.br', status: 'Bloqueado', contatos_mes: 0 },
  { id: 12, name: 'Carla Dias', email: 'carla@empresa.com.br', status: 'Ativo', contatos_mes: 2 },
];
const paged = (data: ClienteAdmin[], page = 1, total = data.length) => ({
  data,
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / 20)),
  per_page: 20,
  total,
});

let listUrls: URL[];
let lista: unknown;
let patches: { path: string; body: unknown }[];

beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.admin);
  useSnackbarStore.setState(initialSnackbarState);
  listUrls = [];
  patches = [];
  lista = paged([MARIA, ACME]);
  const list = ({ request }: { request: Request }) => {
    listUrls.push(new URL(request.url));
    return HttpResponse.json(lista as object);
  };
  server.use(
    http.get('/api/admin/clientes', list),
    http.get('/api/admin/clientes/por-status/:status', list),
    http.get('/api/admin/dashboard/operadores', () => HttpResponse.json(OPERADORES)),
    http.patch('/api/admin/clientes/:id/operador', async ({ request }) => {
      patches.push({ path: new URL(request.url).pathname, body: await request.json() });
      return HttpResponse.json({ ...MARIA, operador: { id: 12, name: 'Carla Dias' } });
    }),
  );
});
afterEach(() => vi.restoreAllMocks());

// The first render loads the signed-in shell and the admin chunk.
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const last = () => listUrls.at(-1) as URL;
const lastQuery = () => Object.fromEntries(last().searchParams);

describe('AdminClientesPage', () => {
  it('shows each customer with pt-BR formats, status, failures mark and operator', async () => {
    renderApp('/admin/clientes');
    const maria = await rowOf('Maria Souza');
    expect(within(maria).getAllByText('529.982.247-25').length).toBeGreaterThan(0);
    expect(maria).toHaveTextContent('(11) 98765-4321');
    expect(maria).toHaveTextContent('Aguardando atendimento');
    expect(maria).toHaveTextContent('4(com falhas)');
    expect(maria).toHaveTextContent('R$ 1.234,56');
    expect(maria).toHaveTextContent('Olívia Santos');
    const acme = await rowOf('Acme Comércio Ltda');
    expect(within(acme).getAllByText('11.222.333/0001-81').length).toBeGreaterThan(0);
    expect(acme).toHaveTextContent('(11) 3456-7890');
    expect(acme).toHaveTextContent('Concluído');
    expect(acme).not.toHaveTextContent('com falhas');
    expect(acme).toHaveTextContent('R$ 0,00');
    expect(acme).toHaveTextContent('Sem operador');
    expect(last().pathname).toBe('/api/admin/clientes');
    expect(lastQuery()).toEqual({ page: '1' });
  });

  it('shows skeleton rows while loading, then the empty state', async () => {
    let release: () => void = () => {};
    server.use(
      http.get('/api/admin/clientes', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json(paged([]));
      }),
    );
    renderApp('/admin/clientes');
    const table = await screen.findByRole('table', { name: 'Clientes' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    release();
    expect(await screen.findByText('Nenhum cliente cadastrado ainda.')).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/admin/clientes', () =>
        HttpResponse.json({ code: 'BANCO_INDISPONIVEL', message: 'Serviço indisponível.' }, { status: 503 }),
      ),
    );
    renderApp('/admin/clientes');
    expect(await screen.findByText('Serviço indisponível.')).toBeInTheDocument();
    server.resetHandlers();
    server.use(http.get('/api/admin/clientes', () => HttpResponse.json(paged([ACME]))));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('Acme Comércio Ltda')).toBeInTheDocument();
  });

  it('asks the server for page 2 when moving on', async () => {
    lista = paged([MARIA, ACME], 1, 45);
    const app = renderApp('/admin/clientes');
    await rowOf('Maria Souza');
    await userEvent.click(screen.getByRole('button', { name: /próxima/i }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '2' }));
    expect(app.router.state.location.search).toBe('?page=2');
  });

  it('filters by status through the por-status route and searches, leaving empty filters out', async () => {
    const user = userEvent.setup();
    renderApp('/admin/clientes');
    await rowOf('Maria Souza');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Todos',
      'Ativo',
      'Aguardando atendimento',
      'Em atendimento',
      'Pausado',
      'Concluído',
    ]);
    await user.click(screen.getByRole('option', { name: 'Em atendimento' }));
    await waitFor(() => expect(last().pathname).toBe('/api/admin/clientes/por-status/em_atendimento'));
    expect(lastQuery()).toEqual({ page: '1' });

    await user.type(screen.getByRole('searchbox', { name: 'Buscar cliente' }), 'maria');
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', busca: 'maria' }));
    expect(last().pathname).toBe('/api/admin/clientes/por-status/em_atendimento');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Todos' }));
    await waitFor(() => expect(last().pathname).toBe('/api/admin/clientes'));
    expect(lastQuery()).toEqual({ page: '1', busca: 'maria' });
  });

  it('opens with the filters in the URL', async () => {
    renderApp('/admin/clientes?status=pausado&busca=acme&page=3');
    await rowOf('Maria Souza');
    expect(last().pathname).toBe('/api/admin/clientes/por-status/pausado');
    expect(lastQuery()).toEqual({ page: '3', busca: 'acme' });
    expect(screen.getByRole('searchbox', { name: 'Buscar cliente' })).toHaveValue('acme');
  });

  it('reassigns to an active operator, sending {operador_id}', async () => {
    const user = userEvent.setup();
    renderApp('/admin/clientes');
    await user.click(
      within(await rowOf('Maria Souza')).getByRole('button', { name: 'Reatribuir Maria Souza' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reatribuir cliente' });
    const select = within(dialog).getByRole('combobox', { name: 'Operador' });
    await waitFor(() => expect(select).toHaveTextContent('Olívia Santos'));
    await user.click(select);
    const options = await screen.findAllByRole('option');
    // Blocked operators cannot take customers.
    expect(options.map((o) => o.textContent)).toEqual(['Sem operador', 'Olívia Santos', 'Carla Dias']);
    await user.click(screen.getByRole('option', { name: 'Carla Dias' }));
    const loads = listUrls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Reatribuir' }));
    expect(await screen.findByText('Maria Souza agora está com Carla Dias.')).toBeInTheDocument();
    expect(patches).toEqual([{ path: '/api/admin/clientes/1/operador', body: { operador_id: 12 } }]);
    await waitFor(() => expect(listUrls.length).toBeGreaterThan(loads));
  });

  it('can leave a customer without operator ({operador_id: null}), and cancel sends nothing', async () => {
    const user = userEvent.setup();
    renderApp('/admin/clientes');
    const botao = within(await rowOf('Maria Souza')).getByRole('button', { name: 'Reatribuir Maria Souza' });
    await user.click(botao);
    let dialog = await screen.findByRole('dialog', { name: 'Reatribuir cliente' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches).toEqual([]);

    await user.click(botao);
    dialog = await screen.findByRole('dialog', { name: 'Reatribuir cliente' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Operador' }));
    await user.click(await screen.findByRole('option', { name: 'Sem operador' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reatribuir' }));
    expect(await screen.findByText('Maria Souza ficou sem operador.')).toBeInTheDocument();
    expect(patches).toEqual([{ path: '/api/admin/clientes/1/operador', body: { operador_id: null } }]);
  });

  it('shows the server’s message when reassigning fails', async () => {
    server.use(
      http.patch('/api/admin/clientes/:id/operador', () =>
        HttpResponse.json(
          {
            code: 'DADOS_INVALIDOS',
            message: 'O operador está bloqueado.',
            errors: { operador_id: ['O operador está bloqueado.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/admin/clientes');
    await user.click(
      within(await rowOf('Acme Comércio Ltda')).getByRole('button', {
        name: 'Reatribuir Acme Comércio Ltda',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reatribuir cliente' });
    const reatribuir = within(dialog).getByRole('button', { name: 'Reatribuir' });
    // Nothing changed yet: the customer already has no operator.
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Operador' })).toHaveTextContent('Sem operador'),
    );
    expect(reatribuir).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Operador' }));
    await user.click(await screen.findByRole('option', { name: 'Olívia Santos' }));
    await user.click(reatribuir);
    expect(await screen.findByText('O operador está bloqueado.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Reatribuir cliente' })).toBeInTheDocument();
  });

  it('shows the operators loading inside the dialog, with Reatribuir disabled', async () => {
    server.use(
      http.get('/api/admin/dashboard/operadores', async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/clientes');
    await user.click(
      within(await rowOf('Maria Souza')).getByRole('button', { name: 'Reatribuir Maria Souza' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reatribuir cliente' });
    expect(within(dialog).getByText('Carregando operadores…')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reatribuir' })).toBeDisabled();
  });
});
