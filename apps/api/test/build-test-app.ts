import { randomBytes } from 'node:crypto';
import type { Role, UserStatus } from '@cobranca/contracts';
import { eq } from 'drizzle-orm';
import { type App, type AppOptions, buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { usuarios } from '../src/db/schema/index.ts';
import { inserirToken } from '../src/modules/auth/sessions.repository.ts';
import { generateToken, hashToken } from '../src/modules/auth/tokens.ts';
import { criarUsuario } from '../src/modules/usuarios/usuarios.service.ts';
import { type ConformidadeOpenApi, verificarConformidadeOpenApi } from './conformidade-openapi.ts';
import { openTestDatabase } from './test-database.ts';

export type TestApp = {
  app: App;
  database: Database;
  /** Every /api answer of `app.inject` checked against the OpenAPI document; `close` fails on a mismatch. */
  conformidade: ConformidadeOpenApi;
  close: () => Promise<void>;
};

// Functional tests sign in often; the rate-limit suite sets its own, production-like limits.
const RELAXED_LOGIN_LIMIT = {
  perIp: { max: 100_000, windowMs: 60_000 },
  failuresPerEmailAndIp: { max: 100_000, windowMs: 60_000 },
  failuresPerIp: { max: 100_000, windowMs: 60_000 },
  failuresPerEmail: { max: 100_000, windowMs: 60_000 },
};

// Same for the portal; its rate-limit tests set their own.
export const RELAXED_PORTAL_LIMIT = { porIp: 100_000, porLink: 100_000, porSessao: 100_000 };

/**
 * The real app over a migrated database of its own; `close` releases both, then fails if the app gave
 * answers its OpenAPI document does not describe (test/conformidade-openapi.ts).
 */
export const buildTestApp = async (options: Partial<Omit<AppOptions, 'database'>> = {}): Promise<TestApp> => {
  const database = await openTestDatabase();
  const app = await buildApp({
    database,
    appKey: randomBytes(32),
    loginRateLimit: RELAXED_LOGIN_LIMIT,
    portalRateLimit: RELAXED_PORTAL_LIMIT,
    ...options,
  });
  await app.ready();
  const conformidade = verificarConformidadeOpenApi(app);
  return {
    app,
    database,
    conformidade,
    close: async () => {
      await app.close();
      await database.close();
      conformidade.exigir();
    },
  };
};

export const TEST_PASSWORD = 'Senha@Teste123';
let counter = 0;

export type TestUser = { id: number; name: string; email: string; role: Role; password: string };

export const createTestUser = async (
  database: Database,
  role: Role,
  overrides: { email?: string; name?: string; status?: UserStatus } = {},
): Promise<TestUser> => {
  counter += 1;
  const email = overrides.email ?? `${role}.${counter}.${Date.now()}@teste.local`;
  const name = overrides.name ?? `Usuário ${role} ${counter}`;
  const row = await criarUsuario(
    database.db,
    { name, email, password: TEST_PASSWORD, role },
    { usuarioId: null, ip: null },
  );
  if (overrides.status)
    await database.db.update(usuarios).set({ status: overrides.status }).where(eq(usuarios.id, row.id));
  return { id: row.id, name, email: row.email, role, password: TEST_PASSWORD };
};

export const loginAs = async (
  app: App,
  user: { email: string; password: string },
  ip = '10.0.0.1',
): Promise<string> => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: user.password },
    remoteAddress: ip,
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A valid session token written straight to the database (no login round-trip, no rate limit). */
export const issueToken = async (
  database: Database,
  usuarioId: number,
  expiresAt = new Date(Date.now() + 3_600_000),
) => {
  const token = generateToken();
  await inserirToken(database.db, {
    usuarioId,
    tokenHash: hashToken(token),
    expiresAt,
    ip: null,
    userAgent: null,
  });
  return token;
};
