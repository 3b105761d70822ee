import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import { APP_VERSION } from './lib/version.ts';
import { authRoutes, DEFAULT_LOGIN_RATE_LIMIT, type LoginRateLimit } from './modules/auth/auth.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { accessPlugin } from './plugins/access.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';
import { shutdownPlugin } from './plugins/shutdown.ts';
import { spaPlugin } from './plugins/spa.ts';
import { swaggerPlugin } from './plugins/swagger.ts';

export type AppOptions = {
  database: Database;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  webDistDir?: string;
  loginRateLimit?: LoginRateLimit;
};

const JSON_BODY_LIMIT = 1024 * 1024;

export const buildApp = async (opts: AppOptions) => {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Cross-cutting plugins, in dependency order.
  await app.register(dbPlugin, { database: opts.database });
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(shutdownPlugin);
  await app.register(accessPlugin);
  await app.register(swaggerPlugin, { version: APP_VERSION });

  // Domain modules: the whole API surface, in one readable list.
  await app.register(healthRoutes);
  await app.register(authRoutes, { loginRateLimit: opts.loginRateLimit ?? DEFAULT_LOGIN_RATE_LIMIT });

  await app.register(spaPlugin, { webDistDir: opts.webDistDir ?? '' });
  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
