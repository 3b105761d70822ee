import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Serves the built web app; any other non-API GET gets index.html so client-side routes survive a
 * reload. Unknown /api paths answer JSON 404.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { webDistDir: string }) => {
  const hasWebApp = existsSync(join(opts.webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/; index.html must always be revalidated.
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (isApiPath(request.url) || !['GET', 'HEAD'].includes(request.method)) {
      return reply
        .code(404)
        .send({ message: `Rota não encontrada: ${request.method} ${path.slice(0, 200)}` });
    }
    if (!hasWebApp) {
      return reply
        .code(404)
        .send({ message: 'A aplicação web não foi compilada. Rode `npm start` na raiz do projeto.' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
