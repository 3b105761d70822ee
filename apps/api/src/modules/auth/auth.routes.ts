import {
  errorResponse,
  loginBody,
  loginResponse,
  meResponse,
  validationErrorResponse,
} from '@cobranca/contracts';
import type {} from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErroDominio } from '../../lib/errors.ts';
import { authErrors } from '../../lib/route-schemas.ts';
import { sessionOf } from '../../plugins/access.ts';
import { login, logout } from './auth.service.ts';
import { chaveEndereco, criarLimitesLogin, type LoginRateLimit, mensagemEspera } from './limites-login.ts';
import { criarLimitesLoginPostgres } from './limites-login-postgres.ts';

export type { LoginRateLimit } from './limites-login.ts';

// Numbers justified in docs/decisions/003-sessions-and-rate-limits.md.
export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = {
  perIp: { max: 60, windowMs: 60_000 },
  failuresPerEmailAndIp: { max: 10, windowMs: 15 * 60_000 },
  failuresPerIp: { max: 30, windowMs: 15 * 60_000 },
  failuresPerEmail: { max: 100, windowMs: 60 * 60_000 },
};

export const authRoutes: FastifyPluginAsyncZod<{ loginRateLimit: LoginRateLimit }> = async (app, opts) => {
  const { perIp } = opts.loginRateLimit;
  // Several API nodes share one PostgreSQL, so there the limits live in it; PGlite is one process.
  const compartilhados =
    app.database.kind === 'postgres' ? criarLimitesLoginPostgres(app.db, opts.loginRateLimit) : null;
  const limites = compartilhados ?? criarLimitesLogin(opts.loginRateLimit);

  app.post(
    '/api/login',
    {
      config: {
        access: 'public',
        rateLimit: compartilhados
          ? false
          : {
              max: perIp.max,
              timeWindow: perIp.windowMs,
              keyGenerator: (request) => `login-ip:${chaveEndereco(request.ip)}`,
              // The library's Retry-After is this ttl rounded up to seconds, as the message is.
              errorResponseBuilder: (_request, context) =>
                new ErroDominio('MUITAS_TENTATIVAS', mensagemEspera(context.ttl / 1000)),
            },
      },
      // The per-address limit on PostgreSQL: the same count, before any work (body validation included).
      onRequest: async (request, reply) => {
        const esperaSegundos = await compartilhados?.tentativaEndereco(request.ip);
        if (!esperaSegundos) return;
        reply.header('retry-after', esperaSegundos);
        throw new ErroDominio('MUITAS_TENTATIVAS', mensagemEspera(esperaSegundos));
      },
      schema: {
        tags: ['auth'],
        summary: 'Entrar com e-mail e senha',
        body: loginBody,
        response: {
          200: loginResponse,
          401: errorResponse,
          403: errorResponse,
          422: validationErrorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const tentativa = await limites.iniciar(request.body.email.toLowerCase(), request.ip);
      if ('esperaSegundos' in tentativa) {
        reply.header('retry-after', tentativa.esperaSegundos);
        throw new ErroDominio('MUITAS_TENTATIVAS', mensagemEspera(tentativa.esperaSegundos));
      }
      try {
        const resposta = await login(app.db, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
        await tentativa.sucesso();
        return resposta;
      } catch (error) {
        // Only a wrong password stays counted: a blocked account had the right one.
        if (!(error instanceof ErroDominio && error.code === 'LOGIN_INVALIDO')) await tentativa.anular();
        throw error;
      }
    },
  );

  app.post(
    '/api/logout',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        summary: 'Sair (revoga o token)',
        // No body is read, but one sent as malformed JSON is still parsed and refused.
        response: { 204: z.null(), 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      await logout(app.db, sessionOf(request), request.ip);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/me',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['auth'], summary: 'Usuário da sessão', response: { 200: meResponse, ...authErrors } },
    },
    async (request) => {
      const { id, name, email, role } = sessionOf(request).user;
      return { id, name, email, role };
    },
  );
};
