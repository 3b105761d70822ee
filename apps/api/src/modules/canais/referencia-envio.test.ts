import { describe, expect, it } from 'vitest';
import { mensagemDaReferencia, referenciaDoEnvio } from './referencia-envio.ts';

describe('referência do envio (biz_opaque_callback_data)', () => {
  it('names our message id and reads it back', () => {
    expect(referenciaDoEnvio(1234)).toBe('msg:1234');
    expect(mensagemDaReferencia(referenciaDoEnvio(1234))).toBe(1234);
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['another prefix', 'pedido:12'],
    ['not a number', 'msg:abc'],
    ['zero-padded', 'msg:012'],
    ['beyond a safe integer', 'msg:99999999999999999999'],
    ['with trailing text', 'msg:12 '],
  ])('reads no message from a reference %s', (_caso, referencia) => {
    expect(mensagemDaReferencia(referencia)).toBeNull();
  });
});
