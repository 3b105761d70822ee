import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestUser, issueToken } from '../../test/build-test-app.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import type { Database } from '../db/client.ts';
import { authenticateBearer } from '../modules/auth/auth.service.ts';
import { sessaoDoPortal } from '../modules/portal/sessao.ts';
import { accessPlugin, routeGroup } from './access.ts';
import { dbPlugin } from './db.ts';
import { errorsPlugin } from './errors.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const bareApp = async () => {
  const app = Fastify();
  await app.register(dbPlugin, { database });
  await app.register(errorsPlugin);
  await app.register(accessPlugin, {
    authenticate: authenticateBearer,
    authenticatePortal: (db, authorization) => sessaoDoPortal(db, authorization, new Date()),
  });
  return app;
};

describe('access plugin', () => {
  it('refuses to start when an /api route declares no access rule', async () => {
    const app = await bareApp();
    app.get('/api/esquecida', async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow(/GET \/api\/esquecida não declara/);
  });

  it('applies a group’s roles to every route inside it, and lets a route narrow its own rule', async () => {
    const app = await bareApp();
    await app.register(
      routeGroup(
        ['admin', 'super_admin'],
        [
          async (group) => {
            group.get('/api/admin/coisa', async () => ({ ok: true }));
            group.get('/api/admin/so-super', { config: { access: ['super_admin'] } }, async () => ({
              ok: true,
            }));
          },
        ],
      ),
    );
    await app.ready();
    const admin = await createTestUser(database, 'admin');
    const operador = await createTestUser(database, 'operador');
    const get = async (url: string, usuarioId?: number) =>
      (await app.inject({ url, headers: usuarioId ? bearer(await issueToken(database, usuarioId)) : {} }))
        .statusCode;

    expect(await get('/api/admin/coisa')).toBe(401);
    expect(await get('/api/admin/coisa', operador.id)).toBe(403);
    expect(await get('/api/admin/coisa', admin.id)).toBe(200);
    expect(await get('/api/admin/so-super', admin.id)).toBe(403);
    expect(app.apiRoutes.map((r) => [r.url, r.access])).toEqual(
      expect.arrayContaining([
        ['/api/admin/coisa', ['admin', 'super_admin']],
        ['/api/admin/so-super', ['super_admin']],
      ]),
    );
    await app.close();
  });

  it('answers 401 for an expired token', async () => {
    const app = await bareApp();
    app.get('/api/eu', { config: { access: 'authenticated' } }, async () => ({ ok: true }));
    await app.ready();
    const user = await createTestUser(database, 'operador');
    const expired = await issueToken(database, user.id, new Date(Date.now() - 1000));
    expect((await app.inject({ url: '/api/eu', headers: bearer(expired) })).statusCode).toBe(401);
    await app.close();
  });
});
