import { describe, expect, it } from 'vitest';
import { respostaRapidaBody, respostaRapidaErrors } from './respostas-rapidas.ts';

describe('respostaRapidaErrors', () => {
  it('accepts the conversation placeholders, spaces inside the braces included', () => {
    expect(respostaRapidaErrors('Olá, {{ nome }}! Total {{total}} com a {{empresa}}.')).toEqual([]);
  });

  it('names each unknown placeholder once and says which ones may be used', () => {
    const [erro, ...resto] = respostaRapidaErrors('{{pix}} {{cpf}} {{pix}}');
    expect(resto).toEqual([]);
    expect(erro).toMatch(/^Marcadores desconhecidos: \{\{pix\}\}, \{\{cpf\}\}\. Use apenas \{\{nome\}\}, /);
  });

  it('refuses unpaired braces', () => {
    expect(respostaRapidaErrors('Olá {{nome}')).toEqual(['Há chaves {{ }} abertas ou fechadas sem par.']);
    expect(respostaRapidaErrors('Olá nome}}')).toEqual(['Há chaves {{ }} abertas ou fechadas sem par.']);
  });
});

describe('respostaRapidaBody', () => {
  it('trims both fields', () => {
    expect(respostaRapidaBody.parse({ atalho: ' segunda-via ', texto: ' Oi ' })).toEqual({
      atalho: 'segunda-via',
      texto: 'Oi',
    });
  });

  it.each(['Saudacao', 'saudação', 'bom dia', '-pix', 'pix-', 'a--b', 'a'.repeat(41)])(
    'refuses the shortcut %j',
    (atalho) => {
      expect(respostaRapidaBody.safeParse({ atalho, texto: 'Oi' }).success).toBe(false);
    },
  );
});
