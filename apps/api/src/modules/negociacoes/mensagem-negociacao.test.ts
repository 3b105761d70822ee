import { describe, expect, it } from 'vitest';
import { templatePadrao } from '../mensagens/template-canal.ts';
import { listaDeParcelas, montarMensagemNegociacao, quantasParcelas } from './mensagem-negociacao.ts';

const CREDOR = { nome: 'Empresa Demonstração Ltda', documento: '11.222.333/0001-81' };
const PARCELAS = [
  { valorCentavos: 3_334, vencimento: '2026-03-10' },
  { valorCentavos: 3_333, vencimento: '2026-04-09' },
  { valorCentavos: 3_333, vencimento: '2026-05-09' },
];

describe('montarMensagemNegociacao', () => {
  it('states the terms, lists every instalment and carries the first one’s PIX', () => {
    const { conteudo, template } = montarMensagemNegociacao({
      nome: 'Maria',
      credor: CREDOR,
      parcelas: PARCELAS,
      totalCentavos: 10_000,
      pixCopiaECola: '000201PIXCODE',
      template: templatePadrao('negociacao'),
    });
    expect(conteudo).toBe(
      [
        'Olá, Maria! Aqui é da Empresa Demonstração Ltda, CNPJ 11.222.333/0001-81.',
        'Conforme combinado, o seu acordo ficou em 3 parcelas, totalizando R$ 100,00:',
        '1ª parcela de R$ 33,34 em 10/03/2026\n2ª parcela de R$ 33,33 em 09/04/2026\n3ª parcela de R$ 33,33 em 09/05/2026',
        'A primeira parcela, de R$ 33,34, vence em 10/03/2026.',
        'PIX copia e cola:\n000201PIXCODE',
        'Obrigado pela parceria! Qualquer dúvida, estamos por aqui.',
      ].join('\n\n'),
    );
    expect(conteudo).not.toContain('(s)');
    expect(template).toBeNull();
  });

  it('leaves the PIX paragraph out when there is no charge, and says "1 parcela"', () => {
    const { conteudo } = montarMensagemNegociacao({
      nome: 'Zé',
      credor: CREDOR,
      parcelas: [{ valorCentavos: 5_000, vencimento: '2026-03-10' }],
      totalCentavos: 5_000,
      pixCopiaECola: null,
      template: templatePadrao('negociacao'),
    });
    expect(conteudo).toContain('o seu acordo ficou em 1 parcela, totalizando R$ 50,00:');
    expect(conteudo).not.toContain('PIX');
    expect(conteudo).toContain('vence em 10/03/2026.\n\nObrigado pela parceria!');
  });

  it('keeps {{quantidade}} working in a template an admin wrote before {{parcelas}}', () => {
    const { conteudo } = montarMensagemNegociacao({
      nome: 'Ana',
      credor: CREDOR,
      parcelas: PARCELAS,
      totalCentavos: 10_000,
      pixCopiaECola: null,
      template: {
        texto: 'Acordo em {{quantidade}}x de {{valor}}, total {{total}}. {{empresa}}',
        whatsappTemplateNome: null,
        whatsappIdioma: 'pt_BR',
        emailAssunto: null,
        emailTexto: null,
        smsTexto: null,
      },
    });
    expect(conteudo).toBe('Acordo em 3x de R$ 33,34, total R$ 100,00. Empresa Demonstração Ltda');
  });

  it('hands an approved WhatsApp template one-line parameters', () => {
    const { template } = montarMensagemNegociacao({
      nome: 'Ana',
      credor: CREDOR,
      parcelas: PARCELAS.slice(0, 2),
      totalCentavos: 6_667,
      pixCopiaECola: null,
      template: {
        texto: '{{nome}}: {{parcelas}}\n{{lista_parcelas}}',
        whatsappTemplateNome: 'acordo',
        whatsappIdioma: 'pt_BR',
        emailAssunto: null,
        emailTexto: null,
        smsTexto: null,
      },
    });
    expect(template?.parametros).toEqual([
      'Ana',
      '2 parcelas',
      '1ª parcela de R$ 33,34 em 10/03/2026 2ª parcela de R$ 33,33 em 09/04/2026',
    ]);
  });
});

describe('quantasParcelas / listaDeParcelas', () => {
  it('agrees the noun with the number', () => {
    expect([1, 2, 24].map(quantasParcelas)).toEqual(['1 parcela', '2 parcelas', '24 parcelas']);
    expect(listaDeParcelas([])).toBe('');
  });
});
