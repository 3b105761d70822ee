import { describe, expect, it } from 'vitest';
import { renderizarMensagem, renderizarNoCanal, type TemplateMensagem } from './template-canal.ts';

const TEXTO = 'Oi {{nome}}, {{empresa}} aqui.\n\n{{pix}}\n\nAté mais, {{nome}}! Total: {{total}}.';

describe('renderizarMensagem', () => {
  it('renders the text and closes the gap an empty placeholder leaves', () => {
    const template: TemplateMensagem = {
      texto: TEXTO,
      whatsappTemplateNome: null,
      whatsappIdioma: 'pt_BR',
      emailAssunto: null,
      emailTexto: null,
      smsTexto: null,
    };
    expect(renderizarMensagem(template, { nome: 'Ana', empresa: 'ACME', total: 'R$ 5,00', pix: '' })).toEqual(
      {
        conteudo: 'Oi Ana, ACME aqui.\n\nAté mais, Ana! Total: R$ 5,00.',
        template: null,
      },
    );
  });

  it.each([
    ['an empty value', { nome: 'Ana', empresa: 'ACME', pix: '', total: '' }, ['Ana', 'ACME', '-', '-']],
    ['a missing value', { nome: 'Ana', pix: 'PIX' }, ['Ana', '-', 'PIX', '-']],
  ])('lists each placeholder once, in text order, with a dash for %s', (_caso, valores, parametros) => {
    const template: TemplateMensagem = {
      texto: TEXTO,
      whatsappTemplateNome: 'aviso',
      whatsappIdioma: 'es',
      emailAssunto: null,
      emailTexto: null,
      smsTexto: null,
    };
    expect(renderizarMensagem(template, valores).template).toEqual({
      nome: 'aviso',
      idioma: 'es',
      parametros,
    });
  });
});

describe('renderizarNoCanal', () => {
  it('writes an SMS in GSM-7 where a plain letter exists, so a customer name with accents keeps 160 a part', () => {
    const template: TemplateMensagem = {
      texto: TEXTO,
      whatsappTemplateNome: null,
      whatsappIdioma: 'pt_BR',
      emailAssunto: 'Cobrança de {{empresa}}',
      emailTexto: 'Olá, {{nome}}',
      smsTexto: '{{empresa}}: {{nome}}, débito de {{total}}. {{link}}',
    };
    const valores = {
      nome: 'João Conceição',
      empresa: 'Ótica Ímã',
      total: 'R$\u00a012,50',
      link: 'https://x/p/a',
    };
    expect(renderizarNoCanal('sms', 'lembrete', template, valores).conteudo).toBe(
      'Otica Ima: Joao Conceicao, débito de R$ 12,50. https://x/p/a',
    );
    // E-mail keeps every accent.
    expect(renderizarNoCanal('email', 'lembrete', template, valores)).toMatchObject({
      assunto: 'Cobrança de Ótica Ímã',
      conteudo: 'Olá, João Conceição',
    });
  });
});
