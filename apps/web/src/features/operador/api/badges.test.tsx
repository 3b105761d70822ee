import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';
import { BADGE_REFRESH_MS } from './badges.ts';

type Call = { lista: string; query: string; at: number };
let calls: Call[];
let answers: { aguardando: unknown; ativos: unknown } | 'falha';

beforeEach(() => {
  resetSession();
  calls = [];
  answers = {
    aguardando: { data: [{}], total: 42, current_page: 1, last_page: 3, per_page: 20 },
    ativos: { data: [], total: 7 },
  };
  server.use(
    http.get('/api/operador/clientes/:lista', ({ params, request }) => {
      const lista = String(params.lista);
      calls.push({ lista, query: new URL(request.url).search, at: Date.now() });
      if (answers === 'falha')
        return HttpResponse.json(
          { code: 'ERRO_INTERNO', message: 'Erro interno do servidor.' },
          { status: 500 },
        );
      return HttpResponse.json(
        (lista === 'aguardando-atendimento' ? answers.aguardando : answers.ativos) as object,
      );
    }),
  );
});
afterEach(() => vi.useRealTimers());

const badge = (route: string) => screen.queryByTestId(`badge-${route}`)?.textContent ?? '0';

describe('operator badges (docs/produto.md §5)', () => {
  it('loads both counts together for an operator and uses the totals beyond the first page', async () => {
    signInAs(TEST_USERS.operador);
    renderApp('/operador/dashboard');
    await waitFor(() => expect(badge('OperadorAguardandoAtendimento')).toBe('42'));
    expect(badge('OperadorClientes')).toBe('7');
    expect(calls.map((c) => `${c.lista}${c.query}`).sort()).toEqual([
      'aguardando-atendimento?page=1',
      'ativos?page=1&com_falhas=1',
    ]);
    expect(Math.abs((calls[0]?.at ?? 0) - (calls[1]?.at ?? 0))).toBeLessThan(50);
  });

  it('accepts bare arrays: the queue length, and the active customers with 3+ attempts', async () => {
    answers = {
      aguardando: [{ id: 1 }, { id: 2 }],
      ativos: [
        { numero_chamadas: 0 },
        { numero_chamadas: 3 },
        { numero_chamadas: 5 },
        { numero_chamadas: 2 },
      ],
    };
    signInAs(TEST_USERS.operador);
    renderApp('/operador/dashboard');
    await waitFor(() => expect(badge('OperadorAguardandoAtendimento')).toBe('2'));
    expect(badge('OperadorClientes')).toBe('2');
  });

  it('reloads on every route change', async () => {
    signInAs(TEST_USERS.operador);
    const app = renderApp('/operador/dashboard');
    await waitFor(() => expect(calls).toHaveLength(2));
    await userEvent.setup().click(screen.getByRole('link', { name: /Contas a Receber/ }));
    await waitFor(() => expect(app.pathname()).toBe('/operador/contas-receber'));
    await waitFor(() => expect(calls).toHaveLength(4));
  });

  it('reloads every 30 000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs(TEST_USERS.operador);
    renderApp('/operador/dashboard');
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(BADGE_REFRESH_MS - 1_000));
    expect(calls).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(calls).toHaveLength(4));
    await act(() => vi.advanceTimersByTimeAsync(BADGE_REFRESH_MS));
    await waitFor(() => expect(calls).toHaveLength(6));
  });

  it('logs a failure and resets both counts to 0, without a message to the user', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAs(TEST_USERS.operador);
    const app = renderApp('/operador/dashboard');
    await waitFor(() => expect(badge('OperadorAguardandoAtendimento')).toBe('42'));
    answers = 'falha';
    await userEvent.setup().click(screen.getByRole('link', { name: /Em Atendimento/ }));
    await waitFor(() => expect(app.pathname()).toBe('/operador/em-atendimento'));
    await waitFor(() => expect(badge('OperadorAguardandoAtendimento')).toBe('0'));
    expect(badge('OperadorClientes')).toBe('0');
    expect(consoleError).toHaveBeenCalledWith('[badges] falha ao carregar os contadores', expect.anything());
    expect(screen.queryByRole('alert')).toBeNull();
    consoleError.mockRestore();
  });

  it.each(['admin', 'super_admin'] as const)('makes no call and shows no badge for %s', async (role) => {
    signInAs(TEST_USERS[role]);
    renderApp('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard', level: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
  });

  it('loads when an operator signs in', async () => {
    server.use(
      http.post('/api/login', () =>
        HttpResponse.json({ token: `cob_${'b'.repeat(43)}`, expires_at: '', user: TEST_USERS.operador }),
      ),
    );
    renderApp('/login');
    expect(calls).toHaveLength(0);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'operador@teste.local');
    await user.type(screen.getByLabelText('Senha'), 'Senha123');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(badge('OperadorAguardandoAtendimento')).toBe('42'));
  });
});
