import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createTestUser, type TestApp } from '../../test/build-test-app.ts';

/**
 * Secrets never leak: not the password at sign-in, not the bearer token, not the WhatsApp access
 * token / app secret / webhook verify token — neither in any log line (every level, captured in
 * memory) nor in a response body, except the two answers whose job is to hand one over: the login
 * answer (the session token) and the admin's WhatsApp settings screen (the verify token the admin
 * copies to Meta, by design — whatsapp-settings.service.ts; access token and app secret are masked).
 */
const ACCESS_TOKEN = `EAAGsegredo${randomBytes(24).toString('hex')}`;
const APP_SECRET = `appsecret${randomBytes(16).toString('hex')}`;
const VERIFY_TOKEN = `verifica${randomBytes(12).toString('hex')}`;
const WRONG_PASSWORD = `Errada@${randomBytes(8).toString('hex')}`;

let t: TestApp;
const logs: string[] = [];
type Answer = { label: string; status: number; body: string; headers: string };
const answers: Answer[] = [];
let password: string;
let sessionToken: string;
let closedPortUrl: string;

const closedPort = async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
};

const call = async (label: string, options: InjectOptions) => {
  const response = await t.app.inject(options);
  answers.push({
    label,
    status: response.statusCode,
    body: response.body,
    headers: JSON.stringify(response.headers),
  });
  return response;
};

beforeAll(async () => {
  closedPortUrl = await closedPort();
  t = await buildTestApp({
    logger: { level: 'trace', stream: { write: (line: string) => logs.push(line) } },
  });
  const admin = await createTestUser(t.database, 'admin');
  password = admin.password;

  // 1. Sign in: a failed attempt (other password), then the right one.
  await call('login wrong password', {
    method: 'POST',
    url: '/api/login',
    payload: { email: admin.email, password: WRONG_PASSWORD },
  });
  const login = await call('login', {
    method: 'POST',
    url: '/api/login',
    payload: { email: admin.email, password },
  });
  expect(login.statusCode).toBe(200);
  sessionToken = login.json<{ token: string }>().token;
  const auth = bearer(sessionToken);
  await call('me', { method: 'GET', url: '/api/me', headers: auth });

  // 2. Save the WhatsApp settings with secrets (base URL: a closed port, so the check fails fast).
  const saved = await call('put whatsapp', {
    method: 'PUT',
    url: '/api/admin/configuracoes/whatsapp',
    headers: auth,
    payload: {
      provedor: 'whatsapp_cloud',
      phone_number_id: '106540352242922',
      access_token: ACCESS_TOKEN,
      app_secret: APP_SECRET,
      webhook_verify_token: VERIFY_TOKEN,
      base_url: closedPortUrl,
    },
  });
  expect(saved.statusCode).toBe(200);
  // A validation failure echoing nothing back either.
  await call('put whatsapp invalid', {
    method: 'PUT',
    url: '/api/admin/configuracoes/whatsapp',
    headers: auth,
    payload: { provedor: 'whatsapp_cloud', access_token: ACCESS_TOKEN, app_secret: APP_SECRET, x: 1 },
  });

  // 3. Read back, check the connection (fails: the token would go in an Authorization header).
  await call('get whatsapp', { method: 'GET', url: '/api/admin/configuracoes/whatsapp', headers: auth });
  await call('verificar', {
    method: 'POST',
    url: '/api/admin/configuracoes/whatsapp/verificar',
    headers: auth,
  });
  await call('status', { method: 'GET', url: '/api/admin/configuracoes/whatsapp/status', headers: auth });

  // 4. Meta's webhook: verification with the right and a wrong token, a notification badly signed.
  const challenge = `desafio${randomBytes(6).toString('hex')}`;
  const ok = await call('webhook verify ok', {
    method: 'GET',
    url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=${challenge}`,
  });
  expect(ok.statusCode).toBe(200);
  expect(ok.body).toBe(challenge);
  const wrong = await call('webhook verify wrong', {
    method: 'GET',
    url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}x&hub.challenge=${challenge}`,
  });
  expect(wrong.statusCode).toBe(403);
  await call('webhook post bad signature', {
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
    payload: JSON.stringify({ object: 'whatsapp_business_account', entry: [] }),
  });

  // 5. The audit trail of all that, then sign out.
  await call('audit log', { method: 'GET', url: '/api/admin/logs', headers: auth });
  await call('logout', { method: 'POST', url: '/api/logout', headers: auth });
  await call('me after logout', { method: 'GET', url: '/api/me', headers: auth });
});
afterAll(() => t?.close());

const SECRETS = () =>
  ({
    password,
    'wrong password': WRONG_PASSWORD,
    'bearer token': sessionToken,
    'access token': ACCESS_TOKEN,
    'app secret': APP_SECRET,
    'verify token': VERIFY_TOKEN,
  }) as Record<string, string>;

// Where an answer is meant to carry a secret (and nowhere else).
const MAY_ECHO: Record<string, string[]> = {
  'bearer token': ['login'],
  'verify token': ['put whatsapp', 'get whatsapp'],
};

describe('secrets in logs', () => {
  it('captured log output at trace level (the capture works)', () => {
    expect(logs.length).toBeGreaterThan(10);
    expect(logs.join('')).toContain('/api/login');
  });

  it.each(['password', 'wrong password', 'bearer token', 'access token', 'app secret', 'verify token'])(
    'no log line contains the %s',
    (name) => {
      const secret = SECRETS()[name] as string;
      const leaking = logs.filter((line) => line.includes(secret));
      expect(leaking).toEqual([]);
    },
  );

  it('no log line carries an Authorization header or a cookie', () => {
    const text = logs.join('\n').toLowerCase();
    expect(text).not.toContain('bearer ');
    expect(text).not.toContain('"authorization"');
    expect(text).not.toContain('"cookie"');
  });
});

describe('secrets in responses', () => {
  it('every step answered below 500', () => {
    expect(answers.filter((a) => a.status >= 500).map((a) => `${a.label}: ${a.status}`)).toEqual([]);
  });

  it.each(['password', 'wrong password', 'bearer token', 'access token', 'app secret', 'verify token'])(
    'no response body or header carries the %s outside its allowed answers',
    (name) => {
      const secret = SECRETS()[name] as string;
      const allowed = MAY_ECHO[name] ?? [];
      const leaking = answers
        .filter((a) => !allowed.includes(a.label))
        .filter((a) => a.body.includes(secret) || a.headers.includes(secret))
        .map((a) => a.label);
      expect(leaking).toEqual([]);
    },
  );

  it('returns the access token and app secret masked (last 4 characters at most)', () => {
    for (const label of ['put whatsapp', 'get whatsapp']) {
      const answer = answers.find((a) => a.label === label);
      const view = JSON.parse(answer?.body ?? '{}') as Record<string, string | null>;
      expect(view.access_token).toMatch(/^•+.{0,4}$/);
      expect(view.app_secret).toMatch(/^•+.{0,4}$/);
      expect(ACCESS_TOKEN.endsWith((view.access_token ?? '').replace(/^•+/, ''))).toBe(true);
    }
  });

  it('the bearer token stops working after logout', () => {
    expect(answers.find((a) => a.label === 'me after logout')?.status).toBe(401);
  });
});
