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
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { authErrors } from '../../lib/route-schemas.ts';
import { sessionOf } from '../../plugins/access.ts';
import { login, logout } from './auth.service.ts';
import { criarContadorFalhas } from './falhas-login.ts';

export type LoginRateLimit = {
  perIp: { max: number; windowMs: number };
  perEmail: { max: number; windowMs: number };
};

export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = {
  perIp: { max: 60, windowMs: 60_000 },
  perEmail: { max: 10, windowMs: 15 * 60_000 },
};

const MUITAS_TENTATIVAS = 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.';

export const authRoutes: FastifyPluginAsyncZod<{ loginRateLimit: LoginRateLimit }> = async (app, opts) => {
  const { perIp, perEmail } = opts.loginRateLimit;
  const falhasPorEmail = criarContadorFalhas(perEmail);

  app.post(
    '/api/login',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: perIp.max,
          timeWindow: perIp.windowMs,
          keyGenerator: (request) => `login-ip:${request.ip}`,
          errorResponseBuilder: () => tooManyRequests(MUITAS_TENTATIVAS),
        },
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
      const chave = request.body.email.toLowerCase();
      const espera = falhasPorEmail.esperaSegundos(chave);
      if (espera > 0) {
        reply.header('retry-after', espera);
        throw tooManyRequests(MUITAS_TENTATIVAS);
      }
      try {
        return await login(app.db, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) falhasPorEmail.registrarFalha(chave);
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
        response: { 204: z.null(), ...authErrors },
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
