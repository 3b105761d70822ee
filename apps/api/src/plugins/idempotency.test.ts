import { errorResponse, idempotencyHeaders, validationErrorResponse } from '@cobranca/contracts';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { idempotencyPlugin, requestFingerprint } from './idempotency.ts';

const documentado = {
  headers: idempotencyHeaders,
  response: { 409: errorResponse, 422: validationErrorResponse },
};

/** Start-up of an app with one route opted into idempotency. */
const iniciar = async (access: 'public' | 'authenticated', schema: object) => {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Stand-ins for the plugins it declares as dependencies: start-up checks need no database.
  for (const name of ['db', 'errors', 'access']) await app.register(fp(async () => {}, { name }));
  await app.register(idempotencyPlugin);
  app.post('/api/x', { config: { access, idempotencia: true }, schema }, async () => ({}));
  try {
    await app.ready();
  } finally {
    await app.close();
  }
};

describe('idempotency route option', () => {
  it('starts when the route documents the header, the 409 and the 422', async () => {
    await expect(iniciar('authenticated', documentado)).resolves.toBeUndefined();
  });

  it('refuses to start when the route does not document them', async () => {
    await expect(iniciar('authenticated', { response: documentado.response })).rejects.toThrow(
      /não documenta/,
    );
    await expect(iniciar('authenticated', { headers: idempotencyHeaders })).rejects.toThrow(/não documenta/);
  });

  it('refuses to start on a public route: keys belong to a user', async () => {
    await expect(iniciar('public', documentado)).rejects.toThrow(/pública/);
  });
});

describe('requestFingerprint', () => {
  const base = { method: 'POST', route: '/api/a/:id', params: { id: 1 }, query: {}, body: { valor: 10 } };

  it('is the same for the same request and differs for any other part', () => {
    expect(requestFingerprint(base)).toBe(requestFingerprint({ ...base }));
    for (const outro of [
      { ...base, method: 'PUT' },
      { ...base, route: '/api/b/:id' },
      { ...base, params: { id: 2 } },
      { ...base, query: { x: '1' } },
      { ...base, body: { valor: 11 } },
    ])
      expect(requestFingerprint(outro)).not.toBe(requestFingerprint(base));
  });
});
