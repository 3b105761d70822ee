import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { restrictGroup } from './access.ts';

/** OpenAPI document generated from the routes' zod schemas, at /api/docs/json and /api/docs. */
export const swaggerPlugin = fp(async (app: FastifyInstance, opts: { version: string }) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Sistema de Cobrança Automática — API', version: opts.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(async (docs) => {
    restrictGroup(docs, 'public');
    // Served under the app's own CSP (helmet), which already allows what Swagger UI needs.
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });
});
