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
  // No live stream unless a test opens one: screens poll, as when the stream is down.
  http.get('/api/operador/eventos', () => new HttpResponse(null, { status: 204 })),
  // The sending window open: no banner unless a test closes it.
  http.get('/api/operador/janela-envio', () =>
    HttpResponse.json({
      aberta: true,
      automacao_ligada: true,
      abre_em: null,
      fecha_em: '2026-11-20T23:00:00.000Z',
      fuso_horario: 'America/Sao_Paulo',
    }),
  ),
  // Opening a workspace marks it read (decision 023): accepted unless a test looks at it.
  http.post('/api/operador/clientes/:id/lida', () => new HttpResponse(null, { status: 204 })),
  // Every workspace shows the customer's timeline (decision 022): empty unless a test fills it.
  http.get('/api/operador/clientes/:id/linha-do-tempo', () =>
    HttpResponse.json({ itens: [], proximo: null }),
  ),
  http.get('/api/me', () => {
    const user = useSession.getState().user;
    return user
      ? HttpResponse.json(user)
      : HttpResponse.json({ code: 'NAO_AUTENTICADO', message: 'Não autenticado.' }, { status: 401 });
  }),
);
