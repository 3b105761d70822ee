import type { Role } from '@cobranca/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { Ator } from '../lib/ator.ts';
import { ErroDominio } from '../lib/errors.ts';
import type { Session } from '../modules/auth/sessions.repository.ts';

/**
 * Who may call a route: anyone, any signed-in user, the listed roles, or a customer through a portal
 * session (docs/produto.md §22), which is never a back-office token.
 */
export type Access = 'public' | 'authenticated' | 'portal' | readonly Role[];

/** The customer a portal session reaches: nothing else. */
export type PortalSession = { clienteId: number; linkId: number };
export type ApiRoute = { method: string; url: string; access: Access };

// Given by app.ts: importing the auth module here would make every module that uses `atorDe` depend
// on auth, and auth on them (a cycle between module folders).
export type AccessOptions = {
  authenticate: (db: Db, authorization: string | undefined) => Promise<Session>;
  authenticatePortal: (db: Db, authorization: string | undefined) => Promise<PortalSession>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    session: Session | null;
    portalSession: PortalSession | null;
  }
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
  }
}

export const NAO_AUTENTICADO = 'Não autenticado. Faça login novamente.';
const SEM_PERMISSAO = 'Você não tem permissão para acessar este recurso.';

const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * The one authorization mechanism: every /api route declares `config.access` (route groups set it
 * for all their routes), a single onRequest hook enforces it, and start-up fails on a route without it.
 */
const plugin = async (app: FastifyInstance, opts: AccessOptions) => {
  const routes: RouteOptions[] = [];
  app.decorateRequest('session', null);
  app.decorateRequest('portalSession', null);
  app.decorate('apiRoutes', []);

  app.addHook('onRoute', (route) => {
    if (isApiUrl(route.url)) routes.push(route);
  });

  app.addHook('onReady', async () => {
    for (const route of routes) {
      const access = route.config?.access;
      if (access === undefined)
        throw new Error(`A rota ${String(route.method)} ${route.url} não declara quem pode acessá-la.`);
      for (const method of [route.method].flat()) app.apiRoutes.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const matched = request.routeOptions.url;
    // Unknown routes go to the not-found handler; non-API routes are the web app's static files.
    if (matched === undefined || !isApiUrl(matched)) return;
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    if (access === undefined) throw new ErroDominio('SEM_PERMISSAO', SEM_PERMISSAO);
    if (access === 'portal') {
      request.portalSession = await opts.authenticatePortal(app.db, request.headers.authorization);
      return;
    }
    const session = await opts.authenticate(app.db, request.headers.authorization);
    request.session = session;
    if (access !== 'authenticated' && !access.includes(session.user.role))
      throw new ErroDominio('SEM_PERMISSAO', SEM_PERMISSAO);
  });
};

export const accessPlugin = fp(plugin, { name: 'access', dependencies: ['db', 'errors'] });

/** Inside a route-group plugin: every route registered there gets this access rule unless it sets its own. */
export const restrictGroup = (app: FastifyInstance, access: Access) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: route.config?.access ?? access };
  });
};

/** A route group (`/api/admin/*`, `/api/operador/*`...): the listed modules, all behind one role rule. */
export const routeGroup =
  (access: Access, modules: FastifyPluginAsync[]): FastifyPluginAsync =>
  async (group) => {
    restrictGroup(group, access);
    for (const module of modules) await group.register(module);
  };

/** The caller's session in a handler behind an authenticated route. */
export const sessionOf = (request: FastifyRequest): Session => {
  if (!request.session) throw new ErroDominio('NAO_AUTENTICADO', NAO_AUTENTICADO);
  return request.session;
};

/** The caller of an authenticated route as the `Ator` of the changes it makes. */
export const atorDe = (request: FastifyRequest): Ator => ({
  usuarioId: sessionOf(request).user.id,
  ip: request.ip,
});

/** The portal session of a route declared `access: 'portal'`. */
export const portalSessionOf = (request: FastifyRequest): PortalSession => {
  if (!request.portalSession) throw new ErroDominio('SESSAO_INVALIDA', NAO_AUTENTICADO);
  return request.portalSession;
};
