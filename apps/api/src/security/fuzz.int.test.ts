import { ROLES, type Role } from '@cobranca/contracts';
import { gerarCpf, hojeNoFuso, somarDias } from '@cobranca/dominio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createTestUser, issueToken, type TestApp } from '../../test/build-test-app.ts';
import { inserirCliente, inserirConta } from '../modules/clientes/clientes.test-fixtures.ts';
import { emitirLink } from '../modules/links-portal/links.ts';
import { abrirSessao } from '../modules/portal/sessao.ts';
import type { ApiRoute } from '../plugins/access.ts';

/**
 * Input fuzz over every API route (the app's own route table, so new routes join automatically):
 * hostile path params, bodies and query strings, each sent with the role its group demands (the
 * portal's routes with a customer's portal session). No input may crash a handler (5xx), pollute
 * Object.prototype, or make an /api route answer HTML.
 */
const SKIP = [
  /^\/api\/docs/, // Swagger UI's static files
  /^\/api\/logout$/, // would revoke the token in use
  /\/importar-/, // multipart uploads (their own suites)
  /^\/api\/operador\/eventos$/, // an event stream never ends; it takes no input (its own suite)
];

const roleFor = (url: string): Role | null => {
  if (url.startsWith('/api/super-admin/')) return 'super_admin';
  if (url.startsWith('/api/admin/')) return 'admin';
  if (url.startsWith('/api/operador/')) return 'operador';
  if (url === '/api/me') return 'operador';
  return null; // public: anonymous
};

const LONG = (n: number) => 'A'.repeat(n);
const nested = (depth: number): unknown => {
  let value: unknown = { fim: true };
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

const PATH_VALUES = [
  '0',
  '-1',
  '99999999999999999999',
  'abc',
  '%00',
  LONG(5000),
  '1.5',
  '%27%20OR%201%3D1%20--',
];

const SCALARS: unknown[] = [
  LONG(10_000),
  'ção 日本語 Ω 🚀👩‍👩‍👧 \u202eevil\u200b',
  'nul\u0000byte',
  "' OR 1=1 --",
  "'; DROP TABLE usuarios; --",
  '<script>alert(1)</script>',
  '123',
  '-1',
  '2026-02-30',
  '',
  1e20,
  -1,
  1.5e308,
  0,
  true,
  null,
  [],
  [{}],
  {},
];

const GENERIC_BODIES: unknown[] = [
  nested(200),
  JSON.parse('{"__proto__":{"x":1}}'),
  { constructor: { prototype: { x: 1 } } },
  [],
  [{ a: 1 }],
  'string',
  123,
  null,
  { id: '99999999999999999999', nome: '<script>alert(1)</script>', email: "' OR 1=1 --" },
  { a: LONG(10_000), b: 'nul\u0000byte', c: '🚀'.repeat(1000) },
];

// Names every plain object already has through Object.prototype: a handler that collects by key into
// `{}` trips on them (once a 500 on every strict body).
const MEMBER_KEYS = [
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  '__lookupSetter__',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'prototype',
];

const QUERY_GENERIC = [
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  `q=${encodeURIComponent("' OR 1=1 --")}&page=-1&limit=99999999999999999999`,
  `a=${'B'.repeat(5000)}`,
  'q=%00&page=abc&pagina=abc&por_pagina=abc',
  'q=%3Cscript%3Ealert(1)%3C%2Fscript%3E&order=;DROP',
];

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  minLength?: number;
  pattern?: string;
  items?: JsonSchema;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        parameters?: { in: string; name: string }[];
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
};

let t: TestApp;
let doc: OpenApi;
let routes: ApiRoute[];
const userIds = {} as Record<Role, number>;
/** The portal's customer: a fresh link and session per request, whatever the fuzz did to the last ones. */
const clientePortal = { id: 0, documento: '' };
/** Per portal route, how many answers got past the session check (a fuzz of 401s tests nothing). */
const portalAlcancado = new Map<string, number>();
const failures: string[] = [];
const htmlAnswers: string[] = [];
let requests = 0;
const statuses: Record<number, number> = {};

const resolve = (schema: JsonSchema | undefined, depth = 0): JsonSchema | undefined => {
  if (!schema || depth > 5) return schema;
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    return resolve(doc.components?.schemas?.[name], depth + 1);
  }
  const branch = schema.allOf?.[0] ?? schema.anyOf?.find((s) => s.properties || s.$ref) ?? schema.oneOf?.[0];
  if (!schema.properties && branch) return resolve(branch, depth + 1);
  return schema;
};

const operation = (route: ApiRoute) =>
  doc.paths[route.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[route.method.toLowerCase()];

const bodySchema = (route: ApiRoute) =>
  resolve(operation(route)?.requestBody?.content?.['application/json']?.schema);
const bodyKeys = (route: ApiRoute) => Object.keys(bodySchema(route)?.properties ?? {});

/** A plausible value for a schema (so one hostile field at a time gets past the others' checks). */
const sample = (raw: JsonSchema | undefined, depth = 0): unknown => {
  const schema = resolve(raw);
  if (!schema || depth > 4) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const type =
    [schema.type].flat().find((x) => x && x !== 'null') ?? (schema.properties ? 'object' : 'string');
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]),
      );
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      if (schema.format === 'email') return 'fuzz@teste.local';
      if (schema.format === 'date') return '2026-12-01';
      if (schema.format === 'date-time') return '2026-12-01T12:00:00.000Z';
      if (schema.format === 'uri') return 'https://exemplo.com.br';
      if (schema.pattern && /\\d/.test(schema.pattern)) return '52998224725';
      return 'Texto válido de fuzz';
  }
};
const queryKeys = (route: ApiRoute) =>
  (operation(route)?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);

const fill = (url: string, value: string) =>
  url.replace(/:[A-Za-z_]+/g, value.startsWith('%') ? value : encodeURIComponent(value));

const portalSession = async () => {
  const agora = new Date();
  const token = await emitirLink(t.database.db, {
    clienteId: clientePortal.id,
    mensagemId: null,
    agora,
    validadeDias: 30,
  });
  const { sessao } = await abrirSessao(t.database.db, {
    token,
    documento: clientePortal.documento,
    agora,
    ip: null,
  });
  return sessao;
};

/** What the route demands: a portal session, a back-office role's token, or nothing. */
const credentialFor = async (route: ApiRoute): Promise<Record<string, string>> => {
  if (route.access === 'portal') return bearer(await portalSession());
  const role = roleFor(route.url);
  return role ? bearer(await issueToken(t.database, userIds[role])) : {};
};

const send = async (route: ApiRoute, url: string, payload: unknown, label: string) => {
  const headers = await credentialFor(route);
  const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && payload !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  requests += 1;
  const response = await t.app.inject({
    method: route.method as 'GET',
    url,
    headers,
    ...(hasBody ? { payload: JSON.stringify(payload) } : {}),
  });
  statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
  const where = `${route.method} ${route.url} [${label}]`;
  if (route.access === 'portal' && response.statusCode !== 401)
    portalAlcancado.set(route.url, (portalAlcancado.get(route.url) ?? 0) + 1);
  if (response.statusCode >= 500)
    failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  if (String(response.headers['content-type'] ?? '').startsWith('text/html')) htmlAnswers.push(where);
};

const short = (v: unknown) => JSON.stringify(v)?.slice(0, 40);

beforeAll(async () => {
  t = await buildTestApp();
  // Fodder users first: they take the small ids the fuzz aims at (1, 2…), so the fuzzing accounts
  // keep working whatever a hostile PATCH/DELETE does to "user 1".
  for (let i = 0; i < 6; i++) await createTestUser(t.database, i % 2 ? 'admin' : 'operador');
  for (const role of ROLES) userIds[role] = (await createTestUser(t.database, role)).id;
  // Fodder customers too, then the portal's one, with debt so its routes go past "nothing open".
  for (let i = 0; i < 6; i++) await inserirCliente(t.database.db, { nome: `Cliente isca ${i}` });
  clientePortal.documento = gerarCpf(Math.random);
  clientePortal.id = await inserirCliente(t.database.db, {
    nome: 'Cliente do Portal Fuzz',
    documento: clientePortal.documento,
  });
  for (const dias of [-40, -5])
    await inserirConta(t.database.db, {
      clienteId: clientePortal.id,
      valorCentavos: 150_000,
      vencimento: somarDias(hojeNoFuso(new Date()), dias),
    });
  doc = t.app.swagger() as unknown as OpenApi;
  routes = t.app.apiRoutes.filter((r) => r.method !== 'HEAD' && !SKIP.some((p) => p.test(r.url)));
});
afterAll(() => t?.close());

describe('input fuzz over every route', () => {
  it('walks a route table of a realistic size, the portal’s session routes included', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((r) => r.access === 'portal').map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/portal/resumo', '/api/portal/pix/:txid', '/api/portal/acordo']),
    );
  });

  // The walk took 48 s alone and over 120 s in a loaded CI run: four slices, each with its own time limit.
  const FATIAS = 4;
  for (let fatia = 0; fatia < FATIAS; fatia++)
    it(`never answers 5xx to hostile path params, bodies and queries (slice ${fatia + 1} of ${FATIAS})`, async () => {
      for (const route of routes.filter((_, i) => i % FATIAS === fatia)) {
        const hasParams = /:[A-Za-z_]+/.test(route.url);
        const writes = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
        // Path params: every hostile value, with an empty object body on writes.
        if (hasParams)
          for (const value of PATH_VALUES)
            await send(route, fill(route.url, value), writes ? {} : undefined, `param ${short(value)}`);
        const url = fill(route.url, '1');
        if (writes) {
          for (const body of GENERIC_BODIES) await send(route, url, body, `body ${short(body)}`);
          // Schema-shaped bodies: every declared field set to one hostile value at a time.
          const keys = bodyKeys(route);
          if (keys.length)
            for (const value of SCALARS)
              await send(
                route,
                url,
                Object.fromEntries(keys.map((k) => [k, value])),
                `fields=${short(value)}`,
              );
          // One field hostile at a time, the others plausible for their schema (past "required" checks).
          const base = sample(bodySchema(route)) as Record<string, unknown>;
          if (keys.length) await send(route, url, base, 'plausible');
          for (const key of MEMBER_KEYS) {
            await send(route, url, { ...base, [key]: 1 }, `member ${key}`);
            await send(route, url, { [key]: { [key]: 'x' } }, `nested member ${key}`);
          }
          for (const key of keys)
            for (const value of [
              '<script>alert(1)</script>',
              'nul\u0000byte',
              'Nome\u0000',
              "' OR 1=1 --",
              LONG(10_000),
              '🚀👩‍👩‍👧 ção',
              1e20,
              -1,
              [],
              {},
            ])
              await send(route, url, { ...base, [key]: value }, `${key}=${short(value)}`);
        } else {
          for (const query of QUERY_GENERIC)
            await send(route, `${url}?${query}`, undefined, `query ${query.slice(0, 40)}`);
          for (const key of MEMBER_KEYS)
            await send(route, `${url}?${key}=1&${key}[${key}]=x`, undefined, `query member ${key}`);
          for (const key of queryKeys(route))
            for (const value of SCALARS.filter((v) => typeof v !== 'object'))
              await send(
                route,
                `${url}?${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`,
                undefined,
                `${key}=${short(value)}`,
              );
        }
      }
      expect(failures).toEqual([]);
    }, 120_000);

  it('fuzzed each portal route inside a session, not only stopped at the door', () => {
    console.info(`fuzz: ${routes.length} routes, ${requests} requests, statuses ${JSON.stringify(statuses)}`);
    const semSessao = routes
      .filter((r) => r.access === 'portal' && !portalAlcancado.get(r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(semSessao).toEqual([]);
  });

  it('regression: a NUL byte in the audit-log action filter is a 422 (plugins/sem-nul.ts), not a 500', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/logs?acao=nul%00byte',
      headers: bearer(await issueToken(t.database, userIds.admin)),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('acao');
  });

  it('regression: a NUL byte in the portal’s message to a person is a 422, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/portal/atendente',
      headers: bearer(await portalSession()),
      payload: { mensagem: 'Quero falar\u0000 com alguém' },
    });
    expect(response.statusCode).toBe(422);
  });

  it('left Object.prototype unpolluted', () => {
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('x');
    expect((Object as unknown as Record<string, unknown>).x).toBeUndefined();
  });

  it('never answered text/html on an /api route', () => {
    expect(htmlAnswers).toEqual([]);
  });

  it('serves what the fuzz stored (e.g. <script>) back as JSON text, never HTML', async () => {
    const lists = routes.filter((r) => r.method === 'GET' && !r.url.includes(':'));
    const bad: string[] = [];
    for (const route of lists) {
      const response = await t.app.inject({
        method: 'GET',
        url: route.url,
        headers: await credentialFor(route),
      });
      const type = String(response.headers['content-type'] ?? '');
      if (response.statusCode >= 500) bad.push(`${route.url}: ${response.statusCode}`);
      if (type.startsWith('text/html')) bad.push(`${route.url}: ${type}`);
      if (response.body.includes('<script>') && !type.startsWith('application/json'))
        bad.push(`${route.url}: <script> served as ${type}`);
    }
    expect(bad).toEqual([]);
  });
});
