import { randomBytes } from 'node:crypto';
import { validationErrorResponse } from '@cobranca/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type App, buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { ErroDominio } from '../src/lib/errors.ts';
import { type ConformidadeOpenApi, verificarConformidadeOpenApi } from './conformidade-openapi.ts';
import { openTestDatabase } from './test-database.ts';

const consulta = z.object({ caso: z.enum(['ok', 'status', 'campo', 'tipo']) });

// A documented route whose handler breaks its own declaration on purpose, one way per `caso` (without
// the zod type provider, which refuses such replies at compile time).
const rotaPlantada: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/plantada',
    {
      config: { access: 'public' },
      schema: {
        tags: ['teste'],
        querystring: consulta,
        response: { 200: z.object({ ok: z.boolean() }), 422: validationErrorResponse },
      },
    },
    async (request, reply) => {
      switch (consulta.parse(request.query).caso) {
        case 'status':
          // A service error whose status the route never declared.
          throw new ErroDominio('CONFLITO_ASSUMIR', 'Conflito que a rota não declara.');
        case 'campo':
          // A string payload skips the serializer, as a handler sending ready-made JSON would.
          return reply.type('application/json').send(JSON.stringify({ ok: true, extra: 1 }));
        case 'tipo':
          return reply.type('text/html').send('<p>ok</p>');
        default:
          return { ok: true };
      }
    },
  );
};

let database: Database;
let app: App;
let conformidade: ConformidadeOpenApi;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ database, appKey: randomBytes(32) });
  await app.register(rotaPlantada);
  await app.ready();
  conformidade = verificarConformidadeOpenApi(app);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The violations one request adds. */
const violacoesDe = async (url: string) => {
  const antes = conformidade.violacoes().length;
  await app.inject({ url });
  return conformidade.violacoes().slice(antes);
};

describe('OpenAPI conformance check of the integration suite', () => {
  it('accepts answers the document describes, unknown /api paths (404) included', async () => {
    expect(await violacoesDe('/api/plantada?caso=ok')).toEqual([]);
    expect(await violacoesDe('/api/plantada?caso=x')).toEqual([]); // 422, declared
    expect(await violacoesDe('/api/health')).toEqual([]);
    expect(await violacoesDe('/api/me')).toEqual([]); // 401, declared
    expect(await violacoesDe('/api/nao-existe')).toEqual([]);
    expect(await violacoesDe('/api/docs/json')).toEqual([]); // the document itself is not checked
  });

  it('flags a status the operation does not declare', async () => {
    expect(await violacoesDe('/api/plantada?caso=status')).toEqual([
      expect.stringContaining('GET /api/plantada → 409: status não documentado'),
    ]);
  });

  it('flags a field the schema does not declare', async () => {
    const [violacao, ...outras] = await violacoesDe('/api/plantada?caso=campo');
    expect(outras).toEqual([]);
    expect(violacao).toContain('GET /api/plantada → 200: corpo fora do schema');
    expect(violacao).toContain('additionalProperties');
    expect(violacao).toContain('extra');
  });

  it('flags a content type the response does not declare', async () => {
    expect(await violacoesDe('/api/plantada?caso=tipo')).toEqual([
      expect.stringContaining('content-type "text/html" não documentado'),
    ]);
  });

  it('makes the test file fail, listing every violation', () => {
    expect(() => conformidade.exigir()).toThrow(/Respostas fora do documento OpenAPI \(3\)[\s\S]*409/);
  });
});
