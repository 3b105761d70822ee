import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ehCaminhoApi, ehCaminhoDeArquivo } from '../lib/caminho-api.ts';

// A portal link's token is a key to a customer's page: logs keep the path without it (docs/produto.md §22).
const LINK_PORTAL = /^\/p\/[^/?#]*/;
export const urlParaLog = (url: string): string => url.replace(LINK_PORTAL, '/p/[token]');

// One info line per request, written when its answer has gone (Fastify's own request logging writes
// two: on arrival and on completion). A route with `logLevel: 'warn'` (a secret in its path) writes none.
// A web-app file served is at debug: a page load fetches dozens, drowning the API's lines; a missing one
// (an old chunk after a deploy) stays at info.
const ehArquivoServido = (url: string, status: number) =>
  status < 400 && !ehCaminhoApi(url) && ehCaminhoDeArquivo(url.split('?')[0] ?? '');

const plugin = async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    const nivel = ehArquivoServido(request.url, reply.statusCode) ? 'debug' : 'info';
    request.log[nivel](
      {
        metodo: request.method,
        url: urlParaLog(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'requisição',
    );
  });
};

export const logRequisicoesPlugin = fp(plugin, { name: 'log-requisicoes' });
