import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session.ts';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';
import { SESSION_CHECK_MS } from './session-check.ts';

let calls: number;
let answer: () => Response;

beforeEach(() => {
  resetSession();
  calls = 0;
  answer = () => HttpResponse.json(TEST_USERS.admin);
  server.use(
    http.get('/api/me', () => {
      calls += 1;
      return answer();
    }),
  );
});
afterEach(() => vi.useRealTimers());

describe('session check (GET /api/me)', () => {
  it('checks on entering the app and again on every route change', async () => {
    signInAs(TEST_USERS.admin);
    const app = renderApp('/admin/dashboard');
    await waitFor(() => expect(calls).toBe(1));
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Logs do Sistema' }));
    await waitFor(() => expect(app.pathname()).toBe('/admin/logs'));
    await waitFor(() => expect(calls).toBe(2));
  });

  it('signs out to /login when the server no longer accepts the session (blocked, revoked, expired)', async () => {
    signInAs(TEST_USERS.admin);
    const app = renderApp('/admin/dashboard');
    await waitFor(() => expect(calls).toBe(1));
    answer = () =>
      HttpResponse.json({ code: 'SESSAO_INVALIDA', message: 'Sua conta está bloqueada.' }, { status: 401 });
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Logs do Sistema' }));
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(useSession.getState().token).toBeNull();
  });

  it('checks again every minute while the user stays on a page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs(TEST_USERS.admin);
    renderApp('/admin/dashboard');
    await waitFor(() => expect(calls).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_MS));
    await waitFor(() => expect(calls).toBe(2));
  });

  it('refreshes the stored user when an admin renamed them', async () => {
    signInAs(TEST_USERS.admin);
    answer = () => HttpResponse.json({ ...TEST_USERS.admin, name: 'Alberto Renomeado' });
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Alberto Renomeado')).toBeInTheDocument();
    expect(useSession.getState().user?.name).toBe('Alberto Renomeado');
  });
});
