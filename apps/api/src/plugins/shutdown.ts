import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * On shutdown, responses still in flight tell the client to close the connection, so a kept-alive
 * socket does not hold the process open until the grace period runs out.
 */
const plugin = async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
};

export const shutdownPlugin = fp(plugin, { name: 'shutdown' });
