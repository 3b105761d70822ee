import { CODIGOS_ERRO } from '@cobranca/contracts';
import { describe, expect, it } from 'vitest';
import { GENERICOS } from '../plugins/errors.ts';
import { ErroDominio, erroDeCampo, STATUS_HTTP } from './errors.ts';

describe('STATUS_HTTP', () => {
  it('maps exactly the catalogue, in its order', () => {
    expect(Object.keys(STATUS_HTTP)).toEqual([...CODIGOS_ERRO]);
  });

  it.each(CODIGOS_ERRO)('maps %s to an error status (4xx/5xx)', (code) => {
    expect(STATUS_HTTP[code]).toBeGreaterThanOrEqual(400);
    expect(STATUS_HTTP[code]).toBeLessThan(600);
  });

  it("agrees with the codes the error handler gives Fastify's own statuses", () => {
    for (const [status, { code }] of Object.entries(GENERICOS))
      expect(STATUS_HTTP[code]).toBe(Number(status));
  });
});

describe('ErroDominio', () => {
  it('takes its status from the code', () => {
    expect(new ErroDominio('CLIENTE_NAO_ENCONTRADO', 'Cliente não encontrado.').statusCode).toBe(404);
    expect(new ErroDominio('ASSUMA_ANTES', 'Assuma antes.').statusCode).toBe(409);
  });

  it('erroDeCampo reports the message on the field', () => {
    const erro = erroDeCampo('EMAIL_EM_USO', 'email', 'Este e-mail já está em uso.');
    expect(erro).toMatchObject({
      code: 'EMAIL_EM_USO',
      statusCode: 422,
      message: 'Este e-mail já está em uso.',
      errors: { email: ['Este e-mail já está em uso.'] },
    });
  });
});
