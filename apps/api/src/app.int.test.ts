import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { testDbKind } from '../test/test-database.ts';

let t: TestApp;
let webDistDir: string;

beforeAll(async () => {
  webDistDir = mkdtempSync(join(tmpdir(), 'cobranca-web-'));
  mkdirSync(join(webDistDir, 'assets'));
  writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
  writeFileSync(join(webDistDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(webDistDir, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
  t = await buildTestApp({ webDistDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers ok with the database kind', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: testDbKind() });
  });
});

describe('unknown routes', () => {
  it.each(['GET', 'POST', 'DELETE'] as const)(
    'answers %s on an unknown /api path with JSON 404',
    async (method) => {
      const response = await t.app.inject({ method, url: '/api/nao-existe?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({
        code: 'ROTA_NAO_ENCONTRADA',
        message: `Rota não encontrada: ${method} /api/nao-existe`,
      });
    },
  );

  it('serves index.html for client-side routes (SPA fallback)', async () => {
    for (const url of ['/', '/login', '/operador/dashboard', '/admin/clientes?page=2']) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<title>SPA</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves fingerprinted assets with a long cache', async () => {
    const response = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it.each(['/assets/app-antigo123.js', '/assets/nao-existe.css', '/favicon-nao-existe.ico', '/robots.txt'])(
    'answers a missing file (%s) with 404, never the HTML page',
    async (url) => {
      const response = await t.app.inject({ url, headers: { accept: '*/*' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).not.toMatch(/text\/html/);
      expect(response.body).not.toContain('<title>SPA</title>');
    },
  );

  it.each([
    [
      'a path parameter over the length limit',
      `/api/operador/clientes/${'1'.repeat(150)}`,
      414,
      'ENDERECO_LONGO_DEMAIS',
    ],
    [
      'one in a nested route',
      `/api/admin/operadores/${'a'.repeat(120)}/bloquear`,
      414,
      'ENDERECO_LONGO_DEMAIS',
    ],
    ['a malformed escape', '/api/operador/clientes/%E0%A4%A', 400, 'REQUISICAO_INVALIDA'],
  ])('answers %s with the app JSON error, not echoing the path', async (_case, url, status, code) => {
    for (const method of ['GET', 'PATCH'] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      const body = response.json<Record<string, unknown>>();
      expect(Object.keys(body)).toEqual(['code', 'message']);
      expect(body.code).toBe(code);
      expect(body.message).toMatch(/^O endereço|^Requisição inválida/);
      expect(response.body).not.toContain('111111');
      expect(response.headers['x-request-id']).toBeDefined();
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('serves the precompressed copy when the browser accepts it', async () => {
    const response = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    const plain = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers a non-GET on a non-API path with JSON 404, not the SPA', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/operador/dashboard' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/Rota não encontrada/);
  });
});

describe('security headers', () => {
  it('sends a CSP the SPA works under, a request id, and no x-powered-by', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('marks every /api answer no-store (personal data), and leaves the web app cacheable', async () => {
    const answers = await Promise.all([
      t.app.inject({ url: '/api/health' }),
      t.app.inject({ url: '/api/me' }),
      t.app.inject({ url: '/api/nao-existe' }),
      t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'x' } }),
      t.app.inject({ url: '/api/docs/json' }),
    ]);
    for (const response of answers) expect(response.headers['cache-control']).toBe('no-store');
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });
});

describe('OpenAPI', () => {
  it('documents the routes from their zod schemas at /api/docs/json', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/api/login'].post;
    const body = login.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '422', '429']));
    expect(doc.paths['/api/me'].get).toBeDefined();
  });

  it('serves the browsable documentation at /api/docs', async () => {
    const response = await t.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});

describe('failures', () => {
  it('hides internal errors behind a JSON 500 without a stack trace', async () => {
    const broken = await buildTestApp();
    await broken.database.close();
    const response = await broken.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    expect(Object.keys(response.json())).toEqual(['code', 'message']);
    expect(response.json().code).toMatch(/^(BANCO_INDISPONIVEL|ERRO_INTERNO)$/);
    expect(response.body).not.toMatch(/at .*\.(ts|js):\d+|stack/i);
    await broken.app.close();
  });
});
