import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/server.ts';
import { ApiError, api, temCodigo, toQueryString } from './api-client.ts';
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

  it('passes a 422 to the screen with its code, the message and field errors', async () => {
    server.use(
      http.post('/api/form', () =>
        HttpResponse.json(
          {
            code: 'DADOS_INVALIDOS',
            message: 'Os dados enviados são inválidos.',
            errors: { email: ['Informe um e-mail válido.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const error = await api.post('/form', { email: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(temCodigo(error, 'DADOS_INVALIDOS')).toBe(true);
    expect(temCodigo(error, 'EMAIL_EM_USO', 'TRANSICAO_INVALIDA')).toBe(false);
    expect(error).toMatchObject({
      status: 422,
      code: 'DADOS_INVALIDOS',
      message: 'Os dados enviados são inválidos.',
      errors: { email: ['Informe um e-mail válido.'] },
    });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it.each([
    ['NAO_AUTENTICADO', 401],
    ['SESSAO_INVALIDA', 401],
    [undefined, 401], // a proxy's 401, without a code
  ])('clears the session on %s (%i)', async (code, status) => {
    useSession.setState({ token: TOKEN, user });
    server.use(
      http.get('/api/me', () => HttpResponse.json({ code, message: 'Sessão inválida' }, { status })),
    );
    await expect(api.get('/me')).rejects.toMatchObject({ status, code });
    expect(useSession.getState()).toMatchObject({ token: null, user: null });
  });

  it('keeps the session on a wrong password (LOGIN_INVALIDO, also a 401)', async () => {
    useSession.setState({ token: TOKEN, user });
    server.use(
      http.post('/api/login', () =>
        HttpResponse.json({ code: 'LOGIN_INVALIDO', message: 'E-mail ou senha inválidos.' }, { status: 401 }),
      ),
    );
    await expect(api.post('/login', {})).rejects.toMatchObject({ status: 401, code: 'LOGIN_INVALIDO' });
    expect(useSession.getState().token).toBe(TOKEN);
  });

  it.each([
    ['SEM_PERMISSAO', 403],
    ['ERRO_INTERNO', 500],
    ['BANCO_INDISPONIVEL', 503],
    [undefined, 502], // a proxy's answer, without a code
  ])('logs %s (%i) to the console and keeps the session', async (code, status) => {
    useSession.setState({ token: TOKEN, user });
    server.use(http.get('/api/x', () => HttpResponse.json({ code, message: 'falhou' }, { status })));
    await expect(api.get('/x')).rejects.toMatchObject({ status, code, message: 'falhou' });
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining(`${status} /x: falhou`));
    expect(useSession.getState().token).toBe(TOKEN);
  });

  it('reads an unknown code as no code', async () => {
    server.use(
      http.get('/api/x', () => HttpResponse.json({ code: 'OUTRO', message: 'Conflito.' }, { status: 409 })),
    );
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, code: undefined, detail: 'Conflito.' });
    expect(consoleError).not.toHaveBeenCalled();
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
