import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CloudConexao, urlVerificacao, verificarNumeroCloud } from './whatsapp-cloud-verify.ts';

// Loopback stand-in for the Graph API: the path chooses the answer.
const RESPOSTAS: Record<string, { status: number; body: string; headers?: Record<string, string> }> = {
  '/v23.0/403': { status: 403, body: JSON.stringify({ error: { message: 'Permissions error', code: 200 } }) },
  '/v23.0/429': {
    status: 429,
    body: JSON.stringify({ error: { message: '(#4) Application request limit reached', code: 4 } }),
  },
  '/v23.0/lista': { status: 200, body: '[1, 2]' },
  '/v23.0/html': { status: 200, body: '<html>ok</html>' },
  '/v23.0/sem-campos': { status: 200, body: '{"id":"1"}' },
  '/v23.0/detalhes': {
    status: 400,
    body: JSON.stringify({ error: { code: 131000, error_data: { details: 'Something went wrong' } } }),
  },
  '/v23.0/redireciona': { status: 302, body: '', headers: { location: 'http://127.0.0.1:9/roubar' } },
};

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path === '/v23.0/lento') return; // never answers
    const r = RESPOSTAS[path] ?? { status: 404, body: '{}' };
    res.writeHead(r.status, { 'content-type': 'application/json', ...r.headers });
    res.end(r.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const conexao = (phoneNumberId: string, extra: Partial<CloudConexao> = {}): CloudConexao => ({
  baseUrl: base,
  apiVersion: 'v23.0',
  phoneNumberId,
  accessToken: 'token-de-teste-123456',
  ...extra,
});

describe('urlVerificacao', () => {
  it('joins base URL, version and id, tolerating a trailing slash', () => {
    expect(urlVerificacao(conexao('123', { baseUrl: 'https://graph.facebook.com/' }))).toBe(
      'https://graph.facebook.com/v23.0/123?fields=display_phone_number,verified_name,quality_rating',
    );
  });
});

describe('verificarNumeroCloud', () => {
  it.each([
    ['403', /^Permissão negada para este token: Permissions error \(código 200\)$/],
    ['429', /^Limite de chamadas da Meta atingido: \(#4\) Application request limit reached \(código 4\)$/],
    ['detalhes', /^Erro da API do WhatsApp \(HTTP 400\): Something went wrong \(código 131000\)$/],
    ['lista', /^Resposta inesperada da API do WhatsApp/],
    ['html', /^Resposta inesperada da API do WhatsApp/],
  ])('turns the %s answer into a pt-BR reason', async (id, erro) => {
    const resultado = await verificarNumeroCloud(conexao(id));
    expect(resultado).toEqual({ ok: false, erro: expect.stringMatching(erro) });
  });

  it('accepts a phone-number object without the optional fields', async () => {
    expect(await verificarNumeroCloud(conexao('sem-campos'))).toEqual({
      ok: true,
      numeroExibicao: null,
      nomeVerificado: null,
      qualidade: null,
    });
  });

  it('refuses to follow a redirect (the bearer token goes nowhere else)', async () => {
    const resultado = await verificarNumeroCloud(conexao('redireciona'));
    expect(resultado.ok).toBe(false);
    if (!resultado.ok) expect(resultado.erro).toMatch(/respondeu com um redirecionamento, que não é seguido/);
  });

  it('times out with the configured limit', async () => {
    const resultado = await verificarNumeroCloud(conexao('lento'), 200);
    expect(resultado).toEqual({
      ok: false,
      erro: expect.stringMatching(/^Tempo esgotado: .* não respondeu em 0\.2 segundos\.$/),
    });
  });

  it('reports an unusable base URL', async () => {
    expect(await verificarNumeroCloud(conexao('1', { baseUrl: 'não é url' }))).toEqual({
      ok: false,
      erro: 'A URL base da API do WhatsApp é inválida.',
    });
  });
});
