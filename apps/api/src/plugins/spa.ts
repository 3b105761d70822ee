import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ehCaminhoApi, ehCaminhoDeArquivo } from '../lib/caminho-api.ts';
import { ErroDominio } from '../lib/errors.ts';

// A missing file (an old chunk after a deploy, a mistyped asset) must fail as a file: answering
// index.html there makes the browser run HTML as a script.

/**
 * Serves the built web app; any other non-API GET gets index.html so client-side routes survive a
 * reload. Unknown /api paths answer JSON 404.
 */
const plugin = async (app: FastifyInstance, opts: { webDistDir: string }) => {
  const hasWebApp = existsSync(join(opts.webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      wildcard: false,
      preCompressed: true,
      index: false,
      // Ours alone: send's default (public, max-age=0) would overwrite what setHeaders writes.
      cacheControl: false,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/; index.html must always be revalidated.
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (ehCaminhoApi(request.url) || ehCaminhoDeArquivo(path) || !['GET', 'HEAD'].includes(request.method)) {
      throw new ErroDominio(
        'ROTA_NAO_ENCONTRADA',
        `Rota não encontrada: ${request.method} ${path.slice(0, 200)}`,
      );
    }
    if (!hasWebApp) {
      throw new ErroDominio(
        'ROTA_NAO_ENCONTRADA',
        'A aplicação web não foi compilada. Rode `npm start` na raiz do projeto.',
      );
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
};

// Static files answer with the security headers; registered last, after every API route.
export const spaPlugin = fp(plugin, { name: 'spa', dependencies: ['errors', 'security'] });
