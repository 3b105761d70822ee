import { describe, expect, it } from 'vitest';
import { textoDeEtiqueta } from './etiquetas.ts';

const etiqueta = textoDeEtiqueta({ tipo: 'tipo', tamanho: 'tamanho' });

describe('textoDeEtiqueta', () => {
  it('keeps a trimmed tag with accents and spaces', () => {
    expect(etiqueta.parse('  Contestação judicial ')).toBe('Contestação judicial');
  });

  it.each(['nul\u0000byte', 'duas\nlinhas', 'com\ttab'])('refuses control characters: %j', (texto) => {
    const resultado = etiqueta.safeParse(texto);
    expect(resultado.success).toBe(false);
    expect(resultado.error?.issues[0]?.message).toBe(
      'A etiqueta não pode ter quebras de linha nem caracteres de controle.',
    );
  });
});
