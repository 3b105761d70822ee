import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES } from '../mensagens/default-templates.ts';
import { templatePadrao } from '../mensagens/template-canal.ts';
import { montarMensagemAgradecimento } from './mensagem-agradecimento.ts';

const CREDOR = { nome: 'Empresa Demonstração Ltda', documento: '11.222.333/0001-81' };

describe('montarMensagemAgradecimento', () => {
  it('thanks for the amount paid and identifies the creditor', () => {
    const { conteudo, template } = montarMensagemAgradecimento({
      nome: 'Maria',
      valorCentavos: 123_456,
      credor: CREDOR,
      template: templatePadrao('agradecimento'),
    });
    expect(conteudo).toBe(
      'Olá, Maria! Recebemos o seu pagamento de R$ 1.234,56. Muito obrigado!\n\n' +
        'A Empresa Demonstração Ltda, CNPJ 11.222.333/0001-81, agradece a confiança. Se precisar de algo, é só responder por aqui.',
    );
    expect(template).toBeNull();
  });

  it('hands an approved WhatsApp template its parameters in the order of the text', () => {
    const { template } = montarMensagemAgradecimento({
      nome: 'Maria',
      valorCentavos: 8_000,
      credor: CREDOR,
      template: {
        texto: DEFAULT_TEMPLATES.agradecimento,
        whatsappTemplateNome: 'agradecimento',
        whatsappIdioma: 'pt_BR',
        emailAssunto: null,
        emailTexto: null,
        smsTexto: null,
      },
    });
    expect(template).toEqual({
      nome: 'agradecimento',
      idioma: 'pt_BR',
      parametros: ['Maria', 'R$ 80,00', 'Empresa Demonstração Ltda', '11.222.333/0001-81'],
    });
  });
});
