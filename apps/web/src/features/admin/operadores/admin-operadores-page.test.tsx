import type { UsuarioConta } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialSnackbarState, useSnackbarStore } from '../../../components/snackbar/snackbar-store.ts';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const operador = (id: number, patch: Partial<UsuarioConta> = {}): UsuarioConta => ({
  id,
  name: `Operador ${id}`,
  email: `operador${id}@empresa.com.br`,
  role: 'operador',
  status: 'Ativo',
  created_at: '2026-01-10T12:00:00.000Z',
  last_login_at: '2026-11-20T13:05:00.000Z',
  ...patch,
});
const OLIVIA = operador(10, { name: 'Olívia Santos', email: 'olivia@empresa.com.br' });
const BRUNO = operador(11, { name: 'Bruno Lima', status: 'Bloqueado', last_login_at: null });
const paged = (data: UsuarioConta[], page = 1, total = data.length) => ({
  data,
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / 20)),
  per_page: 20,
  total,
});

let listUrls: URL[];
let lista: unknown;
let writes: { method: string; path: string; body: unknown }[];

beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.admin);
  useSnackbarStore.setState(initialSnackbarState);
  listUrls = [];
  writes = [];
  lista = paged([OLIVIA, BRUNO]);
  server.use(
    http.get('/api/admin/operadores', ({ request }) => {
      listUrls.push(new URL(request.url));
      return HttpResponse.json(lista as object);
    }),
    http.all('/api/admin/operadores/*', async ({ request }) => {
      const body = request.method === 'PATCH' ? null : await request.json();
      writes.push({ method: request.method, path: new URL(request.url).pathname, body });
      return HttpResponse.json(OLIVIA);
    }),
  );
});
afterEach(() => vi.restoreAllMocks());

// The first render loads the signed-in shell and the admin chunk.
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const lastQuery = () => Object.fromEntries(listUrls.at(-1)?.searchParams ?? []);

const openAction = async (name: string, action: string) => {
  const user = userEvent.setup();
  await user.click(within(await rowOf(name)).getByRole('button', { name: `Ações de ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
  return user;
};

describe('AdminOperadoresPage — list', () => {
  it('shows name, e-mail, status and last access', async () => {
    renderApp('/admin/operadores');
    const olivia = await rowOf('Olívia Santos');
    expect(olivia).toHaveTextContent('olivia@empresa.com.br');
    expect(olivia).toHaveTextContent('Ativo');
    expect(olivia).toHaveTextContent('20/11/2026 10:05');
    const bruno = await rowOf('Bruno Lima');
    expect(bruno).toHaveTextContent('Bloqueado');
    expect(bruno).toHaveTextContent('Nunca acessou');
    expect(lastQuery()).toEqual({ page: '1' });
  });

  it('shows skeleton rows while loading', async () => {
    server.use(
      http.get('/api/admin/operadores', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderApp('/admin/operadores');
    const table = await screen.findByRole('table', { name: 'Operadores' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
  });

  it('shows the empty state', async () => {
    lista = paged([]);
    renderApp('/admin/operadores');
    expect(await screen.findByText('Nenhum operador cadastrado ainda.')).toBeInTheDocument();
  });

  it('shows the error with a retry that loads again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/admin/operadores', () =>
        HttpResponse.json({ code: 'ERRO_INTERNO', message: 'Erro interno do servidor.' }, { status: 500 }),
      ),
    );
    renderApp('/admin/operadores');
    expect(await screen.findByText('Erro interno do servidor.')).toBeInTheDocument();
    server.resetHandlers();
    server.use(http.get('/api/admin/operadores', () => HttpResponse.json(paged([OLIVIA]))));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('Olívia Santos')).toBeInTheDocument();
  });

  it('asks the server for page 2 and keeps it in the URL', async () => {
    lista = paged([OLIVIA, BRUNO], 1, 45);
    const app = renderApp('/admin/operadores');
    await rowOf('Olívia Santos');
    await userEvent.click(screen.getByRole('button', { name: /próxima/i }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '2' }));
    expect(app.router.state.location.search).toBe('?page=2');
  });

  it('searches after a pause and filters by status, leaving empty filters out', async () => {
    lista = paged([OLIVIA, BRUNO], 1, 45);
    const app = renderApp('/admin/operadores?page=2');
    await rowOf('Olívia Santos');
    expect(lastQuery()).toEqual({ page: '2' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar operador' }), ' olívia ');
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', busca: 'olívia' }));
    // One call for the whole word, not one per keystroke.
    expect(listUrls.filter((u) => u.searchParams.has('busca'))).toHaveLength(1);
    expect(app.router.state.location.search).toBe('?busca=ol%C3%ADvia');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Bloqueado' }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', busca: 'olívia', status: 'Bloqueado' }));
    expect(app.router.state.location.search).toBe('?busca=ol%C3%ADvia&status=Bloqueado');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Todos' }));
    // That list is still in the cache, so the URL tells the filter went away.
    await waitFor(() => expect(app.router.state.location.search).toBe('?busca=ol%C3%ADvia'));
  });
});

describe('AdminOperadoresPage — actions', () => {
  it('creates an operator, confirms with a snackbar and reloads the list', async () => {
    server.use(
      http.post('/api/admin/operadores', async ({ request }) => {
        writes.push({ method: 'POST', path: '/api/admin/operadores', body: await request.json() });
        return HttpResponse.json(operador(12, { name: 'Carla Dias' }), { status: 201 });
      }),
    );
    renderApp('/admin/operadores');
    await rowOf('Olívia Santos');
    const loads = listUrls.length;
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Novo operador' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo operador' });
    await user.type(within(dialog).getByLabelText('Nome'), 'Carla Dias');
    await user.type(within(dialog).getByLabelText('E-mail'), 'Carla@Empresa.com.br');
    await user.type(within(dialog).getByLabelText('Senha'), 'Senha1234');
    await user.type(within(dialog).getByLabelText('Confirmação da senha'), 'Senha1234');
    await user.click(within(dialog).getByRole('button', { name: 'Criar operador' }));

    expect(await screen.findByText('Operador Carla Dias criado.')).toBeInTheDocument();
    expect(writes).toEqual([
      {
        method: 'POST',
        path: '/api/admin/operadores',
        body: {
          name: 'Carla Dias',
          email: 'carla@empresa.com.br',
          password: 'Senha1234',
          password_confirmation: 'Senha1234',
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listUrls.length).toBeGreaterThan(loads));
  });

  it('shows the server’s 422 messages beside the fields', async () => {
    server.use(
      http.post('/api/admin/operadores', () =>
        HttpResponse.json(
          {
            code: 'DADOS_INVALIDOS',
            message: 'Os dados enviados são inválidos.',
            errors: { email: ['Este e-mail já está em uso.'], name: ['Nome já cadastrado.'] },
          },
          { status: 422 },
        ),
      ),
    );
    renderApp('/admin/operadores');
    await rowOf('Olívia Santos');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Novo operador' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo operador' });
    await user.type(within(dialog).getByLabelText('Nome'), 'Olívia Santos');
    await user.type(within(dialog).getByLabelText('E-mail'), 'olivia@empresa.com.br');
    await user.type(within(dialog).getByLabelText('Senha'), 'Senha1234');
    await user.type(within(dialog).getByLabelText('Confirmação da senha'), 'Senha1234');
    await user.keyboard('{Enter}');

    const email = within(dialog).getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Este e-mail já está em uso.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Nome')).toHaveAccessibleDescription('Nome já cadastrado.');
    expect(within(dialog).getByLabelText('Nome')).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Novo operador' })).toBeInTheDocument();
  });

  it('checks the form before calling the server', async () => {
    renderApp('/admin/operadores');
    await rowOf('Olívia Santos');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Novo operador' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo operador' });
    await user.type(within(dialog).getByLabelText('Senha'), 'curta');
    await user.type(within(dialog).getByLabelText('Confirmação da senha'), 'outra');
    await user.click(within(dialog).getByRole('button', { name: 'Criar operador' }));
    expect(await within(dialog).findByText('O nome deve ter pelo menos 2 caracteres.')).toBeInTheDocument();
    expect(within(dialog).getByText('A senha deve ter pelo menos 8 caracteres.')).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('blocks after confirmation, explaining the sign-out, and shows a snackbar', async () => {
    renderApp('/admin/operadores');
    await openAction('Olívia Santos', 'Bloquear');
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear operador?' });
    expect(dialog).toHaveTextContent('desconectado imediatamente');
    const loads = listUrls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bloquear' }));
    expect(await screen.findByText('Operador Olívia Santos bloqueado.')).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'PATCH', path: '/api/admin/operadores/10/bloquear', body: null }]);
    await waitFor(() => expect(listUrls.length).toBeGreaterThan(loads));
  });

  it('does not block when the confirmation is cancelled', async () => {
    renderApp('/admin/operadores');
    await openAction('Olívia Santos', 'Bloquear');
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear operador?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([]);
  });

  it('reactivates a blocked operator', async () => {
    renderApp('/admin/operadores');
    await openAction('Bruno Lima', 'Reativar');
    const dialog = await screen.findByRole('dialog', { name: 'Reativar operador?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reativar' }));
    expect(await screen.findByText('Operador Bruno Lima reativado.')).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'PATCH', path: '/api/admin/operadores/11/reativar', body: null }]);
  });

  it('shows the server’s message when blocking fails', async () => {
    server.use(
      http.patch('/api/admin/operadores/:id/bloquear', () =>
        HttpResponse.json(
          { code: 'USUARIO_NAO_ENCONTRADO', message: 'Operador não encontrado.' },
          { status: 404 },
        ),
      ),
    );
    renderApp('/admin/operadores');
    await openAction('Olívia Santos', 'Bloquear');
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear operador?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bloquear' }));
    expect(await screen.findByText('Operador não encontrado.')).toBeInTheDocument();
  });

  it('edits name and e-mail', async () => {
    renderApp('/admin/operadores');
    const user = await openAction('Olívia Santos', 'Editar');
    const dialog = await screen.findByRole('dialog', { name: 'Editar Olívia Santos' });
    const nome = within(dialog).getByLabelText('Nome');
    expect(nome).toHaveValue('Olívia Santos');
    await user.clear(nome);
    await user.type(nome, 'Olívia S. Santos');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Operador Olívia S. Santos atualizado.')).toBeInTheDocument();
    expect(writes).toEqual([
      {
        method: 'PUT',
        path: '/api/admin/operadores/10',
        body: { name: 'Olívia S. Santos', email: 'olivia@empresa.com.br' },
      },
    ]);
  });

  it('changes the password with its confirmation', async () => {
    renderApp('/admin/operadores');
    const user = await openAction('Olívia Santos', 'Alterar senha');
    const dialog = await screen.findByRole('dialog', { name: 'Alterar senha de Olívia Santos' });
    await user.type(within(dialog).getByLabelText('Nova senha'), 'NovaSenha9');
    await user.type(within(dialog).getByLabelText('Confirmação da senha'), 'NovaSenha8');
    await user.click(within(dialog).getByRole('button', { name: 'Alterar senha' }));
    expect(await within(dialog).findByText('A confirmação não confere com a senha.')).toBeInTheDocument();
    expect(writes).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Confirmação da senha'));
    await user.type(within(dialog).getByLabelText('Confirmação da senha'), 'NovaSenha9');
    await user.click(within(dialog).getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('Senha de Olívia Santos alterada.')).toBeInTheDocument();
    expect(writes).toEqual([
      {
        method: 'PUT',
        path: '/api/admin/operadores/10',
        body: { password: 'NovaSenha9', password_confirmation: 'NovaSenha9' },
      },
    ]);
  });
});

describe('AdminOperadoresPage — gerar nova senha', () => {
  const SENHA = 'aB3d-7kPq-Xy9z-M2nR';
  let geradas: string[];
  beforeEach(() => {
    geradas = [];
    server.use(
      http.post('/api/admin/operadores/:id/nova-senha', ({ params }) => {
        geradas.push(String(params.id));
        return HttpResponse.json({ usuario: OLIVIA, senha_temporaria: SENHA });
      }),
    );
  });

  it('asks first, then shows the generated password once with a copy button', async () => {
    renderApp('/admin/operadores');
    const user = await openAction('Olívia Santos', 'Gerar nova senha');
    const dialog = await screen.findByRole('dialog', { name: 'Gerar nova senha para Olívia Santos?' });
    expect(dialog).toHaveTextContent('todas as sessões abertas são encerradas');
    expect(geradas).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Gerar nova senha' }));
    const pronta = await screen.findByRole('dialog', { name: 'Nova senha de Olívia Santos' });
    expect(within(pronta).getByLabelText('Senha temporária')).toHaveValue(SENHA);
    expect(pronta).toHaveTextContent('nenhum e-mail é enviado');
    expect(geradas).toEqual(['10']);
    await user.click(within(pronta).getByRole('button', { name: 'Copiar senha' }));
    expect(await navigator.clipboard.readText()).toBe(SENHA);
    expect(await screen.findByText('Senha copiada')).toBeInTheDocument();
    await user.click(within(pronta).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByDisplayValue(SENHA)).toBeNull();
  });

  it('generates nothing when cancelled', async () => {
    renderApp('/admin/operadores');
    const user = await openAction('Olívia Santos', 'Gerar nova senha');
    const dialog = await screen.findByRole('dialog', { name: 'Gerar nova senha para Olívia Santos?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(geradas).toEqual([]);
  });

  it('says why when the server refuses, without showing a password', async () => {
    server.use(
      http.post('/api/admin/operadores/:id/nova-senha', () =>
        HttpResponse.json(
          { code: 'USUARIO_NAO_ENCONTRADO', message: 'Operador não encontrado.' },
          { status: 404 },
        ),
      ),
    );
    renderApp('/admin/operadores');
    const user = await openAction('Olívia Santos', 'Gerar nova senha');
    const dialog = await screen.findByRole('dialog', { name: 'Gerar nova senha para Olívia Santos?' });
    await user.click(within(dialog).getByRole('button', { name: 'Gerar nova senha' }));
    expect(await within(dialog).findByText('Operador não encontrado.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Senha temporária')).toBeNull();
  });
});
