import { ROLES, type Role } from '@cobranca/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../test/build-test-app.ts';
import { usuarios } from '../db/schema/index.ts';
import { configurar } from '../modules/regua/regua.test-fixtures.ts';
import type { ApiRoute } from './access.ts';

/**
 * Walks every registered API route (the app's own route table, so later routes join automatically)
 * and checks that its group's rule holds: prefixes decide the roles; anything else must be listed here.
 */
const GROUP_ROLES: [prefix: string, roles: readonly Role[]][] = [
  ['/api/super-admin/', ['super_admin']],
  ['/api/admin/', ['admin', 'super_admin']],
  ['/api/operador/', ['operador']],
];
const PUBLIC_ROUTES = [
  /^\/api\/login$/,
  /^\/api\/health$/,
  /^\/api\/docs(\/.*)?$/,
  /^\/api\/webhooks\//,
  // The portal's door: the link's token and the customer's document are its credential.
  /^\/api\/portal\/(link|sessao)$/,
  // One-click unsubscribe: the signed token in the path is its credential (RFC 8058, decision 039).
  /^\/api\/publico\/descadastro\//,
];
// The customer's portal: a portal session only (docs/produto.md §22); no back-office token opens it.
const PORTAL_ROUTES = [/^\/api\/portal\//];
const ANY_SIGNED_IN = [/^\/api\/me$/, /^\/api\/logout$/];
// Public routes that check a credential of their own (Meta's verify token, the body signature): a
// bearer token changes nothing, so every role gets what an anonymous caller gets.
const OWN_CREDENTIAL_ROUTES = [
  /^\/api\/webhooks\//,
  /^\/api\/portal\/(link|sessao)$/,
  /^\/api\/publico\/descadastro\//,
];

type Rule = 'public' | 'authenticated' | 'portal' | readonly Role[];
const expectedRule = (url: string): Rule | undefined => {
  if (PUBLIC_ROUTES.some((p) => p.test(url))) return 'public';
  if (PORTAL_ROUTES.some((p) => p.test(url))) return 'portal';
  if (ANY_SIGNED_IN.some((p) => p.test(url))) return 'authenticated';
  return GROUP_ROLES.find(([prefix]) => url.startsWith(prefix))?.[1];
};

const concreteUrl = (url: string) => url.replace(/:[A-Za-z_]+/g, '999999').replace(/\*$/, 'x');

let t: TestApp;
const users = {} as Record<Role, TestUser>;
let blocked: TestUser;
let routes: ApiRoute[];

beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ROLES) users[role] = await createTestUser(t.database, role);
  blocked = await createTestUser(t.database, 'operador');
  routes = t.app.apiRoutes.filter((r) => r.method !== 'HEAD');
});

// Operators import bank files only when the admin allows it (docs/conciliacao.md §2): allowed before
// each call (the matrix's PUT of the settings puts the defaults back), so it sees the role rule alone.
const PERMITIDAS_PELO_ADMIN = ['/api/operador/conciliacao/arquivos'];
afterAll(() => t.close());

// An event stream never ends: its answer is read as soon as the headers are out, then dropped.
const STREAM_ROUTES = [/^\/api\/operador\/eventos$/];

const call = async (route: ApiRoute, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({
    method: route.method as 'GET',
    url: concreteUrl(route.url),
    headers,
    ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
    ...(STREAM_ROUTES.some((p) => p.test(route.url)) ? { payloadAsStream: true } : {}),
  });
  if (STREAM_ROUTES.some((p) => p.test(route.url))) response.stream().destroy();
  return response;
};

describe('authorization matrix over the route table', () => {
  it('finds the routes of every group (sanity check of the walk itself)', () => {
    expect(routes.length).toBeGreaterThanOrEqual(4);
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/login', '/api/me', '/api/logout', '/api/health']),
    );
  });

  it('gives every route the access rule its group demands', () => {
    const mismatches = routes
      .map((r) => ({ route: `${r.method} ${r.url}`, declared: r.access, expected: expectedRule(r.url) }))
      .filter(
        ({ declared, expected }) =>
          JSON.stringify(declared && [declared].flat().sort()) !==
          JSON.stringify(expected && [expected].flat().sort()),
      );
    expect(mismatches).toEqual([]);
  });

  it('answers 401 on every non-public route without a token, with an invalid token, and with a blocked user’s token', async () => {
    const blockedToken = await issueToken(t.database, blocked.id);
    await t.database.db.update(usuarios).set({ status: 'Bloqueado' }).where(eq(usuarios.id, blocked.id));
    const failures: string[] = [];
    for (const route of routes.filter((r) => expectedRule(r.url) !== 'public')) {
      for (const [label, headers] of [
        ['no token', {}],
        ['invalid token', bearer(`cob_${'x'.repeat(43)}`)],
        ['blocked user', bearer(blockedToken)],
      ] as const) {
        const response = await call(route, headers);
        if (response.statusCode !== 401)
          failures.push(`${route.method} ${route.url} (${label}): ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to each wrong role and lets each allowed role through', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const rule = expectedRule(route.url);
      for (const role of ROLES) {
        // A fresh token per call: some routes (logout) revoke the one they are called with.
        const token = await issueToken(t.database, users[role].id);
        if (PERMITIDAS_PELO_ADMIN.includes(route.url))
          await configurar(t.database.db, { conciliacao_operadores: true });
        const response = await call(route, bearer(token));
        const allowed = rule === 'public' || rule === 'authenticated' || (rule?.includes(role) ?? false);
        const ok = OWN_CREDENTIAL_ROUTES.some((p) => p.test(route.url))
          ? response.statusCode === (await call(route)).statusCode
          : rule === 'portal'
            ? response.statusCode === 401
            : allowed
              ? ![401, 403].includes(response.statusCode) && response.statusCode < 500
              : response.statusCode === 403;
        if (!ok) failures.push(`${route.method} ${route.url} as ${role}: ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
