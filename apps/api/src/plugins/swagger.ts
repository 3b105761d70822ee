import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { completeDocument, type OpenApiDocument } from '../lib/openapi.ts';
import { restrictGroup } from './access.ts';

/** The multipart/form-data body of an upload route, which reads the stream itself (no body schema). */
export type MultipartBody = { field: string; multiple: boolean; description: string };

declare module 'fastify' {
  interface FastifySchema {
    /** Documentation only: Fastify does not validate it. */
    multipart?: MultipartBody;
  }
}

const multipartRequestBody = ({ field, multiple, description }: MultipartBody) => {
  const file = { type: 'string', format: 'binary' };
  const property = multiple ? { type: 'array', minItems: 1, items: file } : file;
  return {
    content: {
      'multipart/form-data': {
        schema: { type: 'object', required: [field], properties: { [field]: { ...property, description } } },
      },
    },
  };
};

/** Per route: the zod schemas as JSON Schema, plus what only the route options know. */
const transform: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  const { multipart, ...documented }: FastifySchema = { ...schema };
  // Public routes (login, health, webhooks) take no bearer token.
  if (input.route.config?.access === 'public') documented.security = [];
  // The customer's portal takes its own session, never a back-office token (docs/produto.md §22).
  if (input.route.config?.access === 'portal') documented.security = [{ portal: [] }];
  if (multipart) documented.body = multipartRequestBody(multipart);
  return { schema: documented, url };
};

// The generated document is plain JSON; its library types are a union of every OpenAPI version.
const transformObject: SwaggerTransformObject = (input) =>
  completeDocument(jsonSchemaTransformObject(input) as unknown as OpenApiDocument) as ReturnType<
    typeof jsonSchemaTransformObject
  >;

/** OpenAPI document generated from the routes' zod schemas, at /api/docs/json and /api/docs. */
const plugin = async (app: FastifyInstance, opts: { version: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sistema de Cobrança Automática — API',
        version: opts.version,
        description:
          'Erros sempre em JSON: `Erro` ({message}) e, em 422, `ErroValidacao` ({message, errors} por campo). ' +
          'Qualquer caminho ou método sob /api fora das operações abaixo responde 404 com `Erro` — ou, ' +
          'antes de o roteador chegar a uma rota, 400 (escape inválido no caminho) e 414 (segmento de mais ' +
          'de 100 caracteres onde caberia um parâmetro).',
        // Private software, no public licence text (redocly.yaml turns info-license-strict off).
        license: { name: 'Proprietária' },
      },
      // Relative: the document is served by the API it describes, on whatever host it runs.
      servers: [{ url: '/', description: 'Este servidor' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          portal: {
            type: 'http',
            scheme: 'bearer',
            description: 'Sessão do portal do cliente, aberta por POST /api/portal/sessao.',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform,
    transformObject,
  });
  await app.register(async (docs) => {
    restrictGroup(docs, 'public');
    // Served under the app's own CSP (helmet), which already allows what Swagger UI needs.
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });
};

// The docs routes are declared public through the access plugin.
export const swaggerPlugin = fp(plugin, { name: 'swagger', dependencies: ['access'] });
