import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// One info line per request, written when its answer has gone (Fastify's own request logging writes
// two: on arrival and on completion). A route with `logLevel: 'warn'` (a secret in its path) writes none.
const plugin = async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        metodo: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'requisição',
    );
  });
};

export const logRequisicoesPlugin = fp(plugin, { name: 'log-requisicoes' });
