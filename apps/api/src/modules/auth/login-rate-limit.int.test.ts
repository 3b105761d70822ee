import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '../../../test/build-test-app.ts';
import { DEFAULT_LOGIN_RATE_LIMIT } from './auth.routes.ts';

const MINUTE = 60_000;
// The failure limits run on this clock; the per-address attempt limit (the library's) on the real one.
let now = Date.parse('2026-03-02T12:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ loginRateLimit: { ...DEFAULT_LOGIN_RATE_LIMIT, now: () => now } });
});
afterAll(() => t.close());

const attempt = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });

const statuses = async (count: number, call: (i: number) => ReturnType<typeof attempt>) => {
  const result: number[] = [];
  for (let i = 0; i < count; i++) result.push((await call(i)).statusCode);
  return result;
};

const waitOf = (response: Awaited<ReturnType<typeof attempt>>) => ({
  status: response.statusCode,
  retryAfter: response.headers['retry-after'],
  code: response.json<{ code: string }>().code,
  message: response.json<{ message: string }>().message,
});

describe('POST /api/login rate limits', () => {
  it('ships production limits: per address, per (e-mail, address), and a higher ceiling per e-mail', () => {
    const limits = DEFAULT_LOGIN_RATE_LIMIT;
    expect(limits.perIp.max).toBeLessThanOrEqual(100);
    expect(limits.failuresPerEmailAndIp.max).toBeLessThanOrEqual(10);
    expect(limits.failuresPerIp.max).toBeGreaterThan(limits.failuresPerEmailAndIp.max);
    expect(limits.failuresPerEmail.max).toBeGreaterThanOrEqual(5 * limits.failuresPerEmailAndIp.max);
  });

  it("locks the attacker's address for the e-mail, and the owner gets in from another address", async () => {
    const owner = await createTestUser(t.database, 'admin');
    const attacker = await statuses(12, () => attempt(owner.email, 'chute-errado', '192.0.2.66'));
    expect(attacker).toEqual([...Array(10).fill(401), 429, 429]);

    // Refused before the password check, so the right password from there is refused too.
    expect(waitOf(await attempt(owner.email, owner.password, '192.0.2.66'))).toEqual({
      status: 429,
      code: 'MUITAS_TENTATIVAS',
      retryAfter: '900',
      message: 'Muitas tentativas de login. Tente novamente em 15 minutos.',
    });
    expect((await attempt(owner.email, owner.password, '198.51.100.20')).statusCode).toBe(200);
  });

  it('says how long to wait, as Retry-After does, and lets the address in once the window is over', async () => {
    const user = await createTestUser(t.database, 'operador');
    await statuses(10, () => attempt(user.email, 'errada', '192.0.2.70'));
    now += 6 * MINUTE;
    expect(waitOf(await attempt(user.email, user.password, '192.0.2.70'))).toEqual({
      status: 429,
      code: 'MUITAS_TENTATIVAS',
      retryAfter: '540',
      message: 'Muitas tentativas de login. Tente novamente em 9 minutos.',
    });
    now += 8 * MINUTE + 59_000;
    expect(waitOf(await attempt(user.email, user.password, '192.0.2.70'))).toEqual({
      status: 429,
      code: 'MUITAS_TENTATIVAS',
      retryAfter: '1',
      message: 'Muitas tentativas de login. Tente novamente em 1 segundo.',
    });
    now += 1_000;
    expect((await attempt(user.email, user.password, '192.0.2.70')).statusCode).toBe(200);
  });

  it('limits one address spraying many e-mails, without touching other addresses', async () => {
    const user = await createTestUser(t.database, 'operador');
    const sprayed = await statuses(31, (i) => attempt(`alvo${i}@exemplo.com`, 'Senha123', '192.0.2.99'));
    expect(sprayed).toEqual([...Array(30).fill(401), 429]);
    expect(waitOf(await attempt(user.email, user.password, '192.0.2.99'))).toMatchObject({
      status: 429,
      code: 'MUITAS_TENTATIVAS',
      message: 'Muitas tentativas de login. Tente novamente em 15 minutos.',
    });
    expect((await attempt(user.email, user.password, '192.0.2.100')).statusCode).toBe(200);
  });

  it('limits every attempt from one address per minute, in seconds when under a minute', async () => {
    const body = { email: 'x', password: '' };
    for (let i = 0; i < 60; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: body,
        remoteAddress: '192.0.2.120',
      });
      expect(response.statusCode).toBe(422);
    }
    const limited = waitOf(await attempt('dono@exemplo.com', 'x', '192.0.2.120'));
    const seconds = Number(limited.retryAfter);
    expect(limited.status).toBe(429);
    expect(limited.code).toBe('MUITAS_TENTATIVAS');
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    const when = seconds === 60 ? '1 minuto' : seconds === 1 ? '1 segundo' : `${seconds} segundos`;
    expect(limited.message).toBe(`Muitas tentativas de login. Tente novamente em ${when}.`);
  });

  it('refuses new addresses once an e-mail reaches its ceiling from many addresses, not the owner’s usual one', async () => {
    const owner = await createTestUser(t.database, 'admin');
    expect((await attempt(owner.email, owner.password, '203.0.113.10')).statusCode).toBe(200);
    now += MINUTE;

    // A botnet: one wrong password from each of 100 addresses, each under its own limits.
    const botnet = await statuses(100, (i) => attempt(owner.email, 'chute', `198.18.${i}.1`));
    expect(botnet.every((s) => s === 401)).toBe(true);
    expect(waitOf(await attempt(owner.email, owner.password, '198.51.100.77'))).toEqual({
      status: 429,
      code: 'MUITAS_TENTATIVAS',
      retryAfter: '3600',
      message: 'Muitas tentativas de login. Tente novamente em 60 minutos.',
    });
    expect((await attempt(owner.email, 'chute', '198.18.200.1')).statusCode).toBe(429);
    // Where the owner signed in before, only that address's own limits apply.
    expect((await attempt(owner.email, owner.password, '203.0.113.10')).statusCode).toBe(200);

    now += 60 * MINUTE;
    expect((await attempt(owner.email, owner.password, '198.51.100.77')).statusCode).toBe(200);
  });

  it('counts only failures: many sign-ins never lock a user out, and one does not reset a guesser', async () => {
    const user = await createTestUser(t.database, 'operador');
    expect(await statuses(15, () => attempt(user.email, user.password, '203.0.113.40'))).toEqual(
      Array(15).fill(200),
    );
    expect(await statuses(9, () => attempt(user.email.toUpperCase(), 'errada', '203.0.113.40'))).toEqual(
      Array(9).fill(401),
    );
    expect((await attempt(user.email, user.password, '203.0.113.40')).statusCode).toBe(200);
    expect((await attempt(user.email, 'errada', '203.0.113.40')).statusCode).toBe(401);
    expect((await attempt(user.email, user.password, '203.0.113.40')).statusCode).toBe(429);
  });

  it('lets a burst of parallel guesses from one address reach only 10 password checks', async () => {
    const user = await createTestUser(t.database, 'operador');
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => attempt(user.email, 'errada', '192.0.2.150')),
    );
    const counts = burst.map((r) => r.statusCode);
    expect(counts.filter((s) => s === 401)).toHaveLength(10);
    expect(counts.filter((s) => s === 429)).toHaveLength(20);
  });
});
