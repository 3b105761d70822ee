import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session.ts';
import { renderApp, resetSession, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const TOKEN = `cob_${'a'.repeat(43)}`;
beforeEach(() => {
  resetSession();
  server.use(http.get('/api/operador/clientes/:lista', () => HttpResponse.json({ data: [], total: 0 })));
});

const fill = async (email: string, password: string) => {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Senha'), password);
  return user;
};

describe('LoginPage', () => {
  it('signs in on Enter, stores token and user, and goes to the role’s home', async () => {
    let sent: unknown;
    let headers: Headers | undefined;
    server.use(
      http.post('/api/login', async ({ request }) => {
        sent = await request.json();
        headers = request.headers;
        return HttpResponse.json({
          token: TOKEN,
          expires_at: new Date().toISOString(),
          user: TEST_USERS.admin,
        });
      }),
    );
    const app = renderApp('/login');
    const user = await fill('Admin@Teste.local', 'Senha123');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(app.pathname()).toBe('/admin/dashboard'));
    expect(sent).toEqual({ email: 'admin@teste.local', password: 'Senha123' });
    expect(headers?.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(useSession.getState()).toMatchObject({ token: TOKEN, user: TEST_USERS.admin });
    expect(JSON.parse(localStorage.getItem('cobranca.sessao') ?? '{}').state.token).toBe(TOKEN);
  });

  it('returns to the page the user wanted when their role may open it', async () => {
    server.use(
      http.post('/api/login', () =>
        HttpResponse.json({ token: TOKEN, expires_at: '', user: TEST_USERS.admin }),
      ),
    );
    const app = renderApp('/admin/logs');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    const user = await fill('admin@teste.local', 'Senha123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(app.pathname()).toBe('/admin/logs'));
  });

  it('goes home instead when the wanted page belongs to another role', async () => {
    server.use(
      http.post('/api/login', () =>
        HttpResponse.json({ token: TOKEN, expires_at: '', user: TEST_USERS.operador }),
      ),
    );
    const app = renderApp('/admin/logs');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    const user = await fill('operador@teste.local', 'Senha123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(app.pathname()).toBe('/operador/dashboard'));
  });

  it('shows the server’s message on failure and moves focus to it', async () => {
    server.use(
      http.post('/api/login', () =>
        HttpResponse.json({ code: 'LOGIN_INVALIDO', message: 'E-mail ou senha inválidos.' }, { status: 401 }),
      ),
    );
    renderApp('/login');
    const user = await fill('admin@teste.local', 'errada');
    await user.keyboard('{Enter}');
    const alert = await screen.findByText('E-mail ou senha inválidos.');
    expect(alert.closest('[role="alert"]')).toHaveFocus();
    expect(useSession.getState().token).toBeNull();
  });

  it('shows a 422’s field errors beside the fields', async () => {
    server.use(
      http.post('/api/login', () =>
        HttpResponse.json(
          {
            code: 'DADOS_INVALIDOS',
            message: 'Os dados enviados são inválidos.',
            errors: { email: ['Este domínio de e-mail não é aceito.'] },
          },
          { status: 422 },
        ),
      ),
    );
    renderApp('/login');
    const user = await fill('admin@teste.local', 'Senha123');
    await user.keyboard('{Enter}');
    const email = screen.getByLabelText('E-mail', { exact: true });
    await waitFor(() => expect(email).toHaveAccessibleDescription('Este domínio de e-mail não é aceito.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("falls back to 'Erro ao fazer login' when the server gives no message", async () => {
    server.use(http.post('/api/login', () => new HttpResponse('<html>bad gateway</html>', { status: 502 })));
    renderApp('/login');
    const user = await fill('admin@teste.local', 'Senha123');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Erro ao fazer login')).toBeInTheDocument();
  });

  it('validates the fields before calling the server', async () => {
    let called = false;
    server.use(
      http.post('/api/login', () => {
        called = true;
        return HttpResponse.json({});
      }),
    );
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe o e-mail.')).toBeInTheDocument();
    expect(screen.getByText('Informe a senha.')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('shows and hides the password, and disables the button while signing in', async () => {
    let release: () => void = () => {};
    server.use(
      http.post('/api/login', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ code: 'LOGIN_INVALIDO', message: 'x' }, { status: 401 });
      }),
    );
    renderApp('/login');
    const user = await fill('admin@teste.local', 'Senha123');
    const password = screen.getByLabelText('Senha');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ocultar senha' }));
    await user.click(password);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Entrando…' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeEnabled();
  });

  it('starts with the e-mail field focused', async () => {
    renderApp('/login');
    expect(await screen.findByLabelText('E-mail')).toHaveFocus();
  });

  it('explains under "Esqueci minha senha" that an administrator resets it and no e-mail is sent', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    const link = await screen.findByRole('button', { name: 'Esqueci minha senha' });
    expect(link).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/não envia e-mails/)).toBeNull();
    await user.click(link);
    expect(link).toHaveAttribute('aria-expanded', 'true');
    const explicacao = document.getElementById(link.getAttribute('aria-controls') ?? '');
    expect(explicacao).toHaveTextContent('o sistema não envia e-mails');
    expect(explicacao).toHaveTextContent('Operadores pedem a um administrador da empresa');
    expect(explicacao).toHaveTextContent('administradores, ao super administrador');
    expect(explicacao).toHaveTextContent('gerar uma nova senha');
    await user.click(link);
    expect(screen.queryByText(/não envia e-mails/)).toBeNull();
  });
});
