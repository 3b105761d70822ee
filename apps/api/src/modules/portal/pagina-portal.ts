import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErroDominio } from '../../lib/errors.ts';
import { cabecalhosDoPortal } from './portal.routes.ts';

// The customer's page at /p/{token} (docs/produto.md §22): the portal's own small entry of the web build,
// under a stricter policy than the back office's: no inline style (the page uses none), nothing from
// another origin, never framed, never indexed, never cached, no referrer. The page reads the token from
// its own address; the request log writes this path without it (plugins/log-requisicoes.ts).

export const CSP_PORTAL = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const plugin = async (app: FastifyInstance, opts: { webDistDir: string }) => {
  const arquivo = join(opts.webDistDir, 'portal.html');
  // Read once: the build does not change under a running server.
  const html = existsSync(arquivo) ? readFileSync(arquivo) : null;
  // A page, not an API operation: kept out of the OpenAPI document.
  app.get('/p/:token', { schema: { hide: true } }, async (_request, reply) => {
    if (!html)
      throw new ErroDominio(
        'ROTA_NAO_ENCONTRADA',
        'A aplicação web não foi compilada. Rode `npm start` na raiz do projeto.',
      );
    return cabecalhosDoPortal(reply)
      .header('content-security-policy', CSP_PORTAL)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  });
};

export const paginaPortalPlugin = fp(plugin, { name: 'pagina-portal', dependencies: ['errors', 'security'] });
