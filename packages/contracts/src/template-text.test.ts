import { describe, expect, it } from 'vitest';
import {
  avisosCdc,
  placeholdersIn,
  renderTemplate,
  TEMPLATE_EXEMPLO,
  templateErrors,
} from './template-text.ts';

const COBRANCA_OK =
  'Olá {{nome}}, aqui é da {{empresa}} ({{empresa_documento}}). Sua fatura de {{valor}} vence em {{vencimento}}.';

describe('template text', () => {
  it('lists placeholders once, tolerating spaces inside the braces', () => {
    expect(placeholdersIn('{{nome}} {{ valor }} {{nome}}')).toEqual(['nome', 'valor']);
  });

  it('accepts a collection template that identifies the creditor', () => {
    expect(templateErrors('lembrete', COBRANCA_OK)).toEqual([]);
  });

  it('refuses unknown placeholders, naming them', () => {
    expect(templateErrors('agradecimento', 'Obrigado {{nome}} {{cpf}} {{senha}}')).toEqual([
      'Marcadores desconhecidos: {{cpf}}, {{senha}}.',
    ]);
  });

  it('refuses unbalanced braces', () => {
    expect(templateErrors('agradecimento', 'Obrigado {{nome}, até {{breve')).toContain(
      'Há chaves {{ }} abertas ou fechadas sem par.',
    );
  });

  it.each(['lembrete', 'vencimento', 'atraso'] as const)(
    'requires {{empresa}} and {{empresa_documento}} in %s',
    (tipo) => {
      expect(templateErrors(tipo, 'Olá {{nome}}, pague {{valor}} da {{empresa}}.')[0]).toMatch(/art\. 42-A/);
    },
  );

  it('does not require the creditor in a thank-you message', () => {
    expect(templateErrors('agradecimento', 'Obrigado, {{nome}}!')).toEqual([]);
  });

  it('warns about threatening or humiliating wording, accent-insensitively', () => {
    const avisos = avisosCdc('ÚLTIMO AVISO: evite o protesto e a Polícia, seu caloteiro.');
    expect(avisos.map((a) => /"([^"]+)"/.exec(a)?.[1]).sort()).toEqual([
      'caloteiro',
      'policia',
      'protesto',
      'ultimo aviso',
    ]);
    expect(avisosCdc(COBRANCA_OK)).toEqual([]);
    // Everyday words that merely contain a term are not flagged.
    expect(avisosCdc('O processamento do pagamento e a sua familiaridade com o PIX.')).toEqual([]);
  });

  it('renders values, empties missing ones and collapses the blank lines they leave', () => {
    const texto = 'Olá {{nome}}!\n\n{{pix}}\n\nAté logo, {{empresa}}. {{desconhecido}}';
    expect(renderTemplate(texto, { nome: 'Ana', empresa: 'ACME' })).toBe('Olá Ana!\n\nAté logo, ACME.');
    expect(renderTemplate('{{valor}}', TEMPLATE_EXEMPLO)).toBe('R$ 1.234,56');
  });
});

describe('plural-aware placeholders (issue 17)', () => {
  it('accepts {{faturas}} and {{atraso}} in a collection template', () => {
    const texto = '{{empresa}} ({{empresa_documento}}): {{faturas}} em aberto, a mais antiga há {{atraso}}.';
    expect(templateErrors('atraso', texto)).toEqual([]);
  });

  it('previews them with the agreeing word', () => {
    expect(renderTemplate('{{faturas}}, há {{atraso}}', TEMPLATE_EXEMPLO)).toBe('2 faturas, há 5 dias');
  });
});
