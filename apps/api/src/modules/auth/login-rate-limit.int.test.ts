import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp, type TestUser } from '../../../test/build-test-app.ts';
import { DEFAULT_LOGIN_RATE_LIMIT } from './auth.routes.ts';

const WINDOW_MS = 4_000;
let t: TestApp;
let victim: TestUser;

beforeAll(async () => {
  t = await buildTestApp({
    loginRateLimit: { perIp: { max: 20, windowMs: WINDOW_MS }, perEmail: { max: 10, windowMs: WINDOW_MS } },
  });
  victim = await createTestUser(t.database, 'operador');
});
afterAll(() => t.close());

const attempt = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });

describe('POST /api/login rate limits', () => {
  it('ships production limits per ip and per e-mail', () => {
    expect(DEFAULT_LOGIN_RATE_LIMIT.perIp.max).toBeLessThanOrEqual(100);
    expect(DEFAULT_LOGIN_RATE_LIMIT.perEmail.max).toBeLessThanOrEqual(10);
  });

  it('holds against 1 000 rapid wrong logins, and the real user gets in from another ip after the window', async () => {
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 1000; i++)
      statuses.push((await attempt(victim.email, 'chute-errado', '192.0.2.66')).statusCode);
    expect(statuses).toHaveLength(1000);
    expect(Date.now() - started).toBeLessThan(WINDOW_MS - 1_000);
    expect(statuses.filter((s) => s === 200)).toHaveLength(0);
    // Only the per-e-mail budget reaches the password check; everything else is refused cheaply.
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);

    const limited = await attempt(victim.email, 'chute-errado', '192.0.2.66');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Muitas tentativas/);

    // The e-mail itself is locked for the window, whichever ip asks.
    expect((await attempt(victim.email, victim.password, '198.51.100.20')).statusCode).toBe(429);

    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS - (Date.now() - started) + 300));
    const real = await attempt(victim.email, victim.password, '198.51.100.20');
    expect(real.statusCode).toBe(200);
  });

  it('counts only failures per e-mail: many successful sign-ins (several devices) never lock the user out', async () => {
    const usuario = await createTestUser(t.database, 'operador');
    for (let i = 0; i < 15; i++)
      expect((await attempt(usuario.email, usuario.password, `203.0.113.${i + 1}`)).statusCode).toBe(200);
    // Failures still count, whatever the successes in between.
    for (let i = 0; i < 10; i++)
      expect((await attempt(usuario.email.toUpperCase(), 'errada', `203.0.113.${i + 50}`)).statusCode).toBe(
        401,
      );
    expect((await attempt(usuario.email, usuario.password, '203.0.113.99')).statusCode).toBe(429);
  });

  it('limits one ip spraying many e-mails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await attempt(`alvo${i}@exemplo.com`, 'x', '192.0.2.99')).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
  });
});
