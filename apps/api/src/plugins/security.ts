import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { ehCaminhoApi } from '../lib/caminho-api.ts';
import { ErroDominio } from '../lib/errors.ts';

/**
 * Security headers with a CSP the SPA works under, and the rate-limit machinery (opt-in per route).
 * Helmet's middleware is built once: @fastify/helmet built it again on every request, 9 µs each
 * (docs/decisions/055-cabecalhos-de-seguranca-montados-uma-vez.md).
 */
const plugin = async (app: FastifyInstance) => {
  const cabecalhosDeSeguranca = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI/emotion inject <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // HSTS only makes sense over TLS; added below when the request came in over https.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, next) =>
    cabecalhosDeSeguranca(request.raw, reply.raw, (erro?: unknown) =>
      next(erro instanceof Error ? erro : undefined),
    ),
  );
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    reply.header('x-request-id', request.id);
    // Every API answer may carry personal data (names, documents, debts): no cache keeps a copy.
    if (ehCaminhoApi(request.url)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () =>
      new ErroDominio('MUITAS_REQUISICOES', 'Muitas requisições. Tente novamente em instantes.'),
  });
};

// Rate-limit answers are ErroDominio: the central handler must be there to turn them into JSON.
export const securityPlugin = fp(plugin, { name: 'security', dependencies: ['errors'] });
