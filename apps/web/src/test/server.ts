import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { useSession } from '../lib/session.ts';

/**
 * The fake API of component tests; each test adds the handlers it needs with `server.use(...)`.
 * By default the session check (GET /api/me) confirms whoever the test signed in.
 */
/**
 * For tests about routing and the shell, which open real pages without caring about their data: every
 * other API call answers 404, so pages show their error state quietly instead of MSW failing the call.
 */
export const quietApi = http.all('/api/*', () =>
  HttpResponse.json({ code: 'ROTA_NAO_ENCONTRADA', message: 'Não simulado neste teste.' }, { status: 404 }),
);

export const server = setupServer(
  http.get('/api/me', () => {
    const user = useSession.getState().user;
    return user
      ? HttpResponse.json(user)
      : HttpResponse.json({ code: 'NAO_AUTENTICADO', message: 'Não autenticado.' }, { status: 401 });
  }),
);
