import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/server.ts';
import { ApiError, api, toQueryString } from './api-client.ts';
import { useSession } from './session.ts';

const TOKEN = `cob_${'k'.repeat(43)}`;
const user = { id: 1, name: 'Ana', email: 'ana@teste.local', role: 'operador' } as const;
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  useSession.setState({ token: null, user: null });
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

describe('api client', () => {
  it('sends the bearer token when one is stored and always the XHR marker', async () => {
    const seen: Headers[] = [];
    server.use(
      http.get('/api/eco', ({ request }) => {
        seen.push(request.headers);
        return HttpResponse.json({ ok: true });
      }),
    );
    await api.get('/eco');
    useSession.setState({ token: TOKEN, user });
    expect(await api.get('/eco')).toEqual({ ok: true });
    expect(seen[0]?.get('authorization')).toBeNull();
    expect(seen[1]?.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(seen.every((h) => h.get('x-requested-with') === 'XMLHttpRequest')).toBe(true);
  });

  it('omits empty query filters', () => {
    expect(
      toQueryString({ page: 2, busca: '', status: undefined, vencidas: null, cliente_id: 0, ativo: false }),
    ).toBe('?page=2&cliente_id=0&ativo=false');
    expect(toQueryString({})).toBe('');
  });

  it('passes a 422 to the screen with the message and field errors', async () => {
    server.use(
      http.post('/api/form', () =>
        HttpResponse.json(
          { message: 'Os dados enviados são inválidos.', errors: { email: ['Informe um e-mail válido.'] } },
          { status: 422 },
        ),
      ),
    );
    const error = await api.post('/form', { email: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Os dados enviados são inválidos.',
      errors: { email: ['Informe um e-mail válido.'] },
    });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('clears the session on a 401', async () => {
    useSession.setState({ token: TOKEN, user });
    server.use(http.get('/api/me', () => HttpResponse.json({ message: 'Sessão inválida' }, { status: 401 })));
    await expect(api.get('/me')).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState()).toMatchObject({ token: null, user: null });
  });

  it.each([403, 500, 503])('logs a %i to the console and keeps the session', async (status) => {
    useSession.setState({ token: TOKEN, user });
    server.use(http.get('/api/x', () => HttpResponse.json({ message: 'falhou' }, { status })));
    await expect(api.get('/x')).rejects.toMatchObject({ status, message: 'falhou' });
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining(`${status} /x: falhou`));
    expect(useSession.getState().token).toBe(TOKEN);
  });

  it('turns a network failure into a typed error with a pt-BR message', async () => {
    server.use(http.get('/api/x', () => HttpResponse.error()));
    await expect(api.get('/x')).rejects.toMatchObject({
      status: 0,
      message: expect.stringMatching(/servidor/),
    });
  });

  it('reads a 204 as null', async () => {
    server.use(http.post('/api/logout', () => new HttpResponse(null, { status: 204 })));
    expect(await api.post('/logout')).toBeNull();
  });
});
