import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

/**
 * Security headers (plugins/security.ts): helmet with our CSP on every answer (API, SPA, errors),
 * and HSTS only when the request arrived over TLS (as the trusted proxy reports it).
 */
let t: TestApp;
let proxied: TestApp;
let webDistDir: string;

beforeAll(async () => {
  webDistDir = mkdtempSync(join(tmpdir(), 'cobranca-sec-web-'));
  writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
  t = await buildTestApp({ webDistDir });
  proxied = await buildTestApp({ webDistDir, trustProxy: true });
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

type Headers = Record<string, string | string[] | number | undefined>;

const expectProtectiveHeaders = (headers: Headers) => {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-powered-by']).toBeUndefined();
  expect(headers['x-request-id']).toBeTruthy();
};

const cases = [
  ['API (health)', '/api/health'],
  ['API 401 (me without token)', '/api/me'],
  ['API 404', '/api/nao-existe'],
  ['SPA index', '/'],
  ['SPA client-side route', '/admin/clientes'],
  ['API docs', '/api/docs/json'],
] as const;

describe('security headers', () => {
  it.each(cases)('%s carries CSP, nosniff, frame protection and no x-powered-by', async (_label, url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeLessThan(500);
    expectProtectiveHeaders(response.headers);
  });

  it('serves the SPA index as HTML under the CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expectProtectiveHeaders(response.headers);
  });

  it('carries the headers on a validation error (POST /api/login with a bad body)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 1 } });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expectProtectiveHeaders(response.headers);
  });

  describe('HSTS', () => {
    it('is absent on plain http', async () => {
      for (const url of ['/api/health', '/']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('is absent when a client claims https but the proxy is not trusted', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });

    it('is absent behind a trusted proxy that forwards plain http', async () => {
      const response = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });

    it.each(['/api/health', '/', '/api/nao-existe'])(
      'is sent on %s behind a trusted proxy over https',
      async (url) => {
        const response = await proxied.app.inject({
          method: 'GET',
          url,
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expectProtectiveHeaders(response.headers);
      },
    );
  });
});
