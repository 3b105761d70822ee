import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES } from '../../mensagens/default-templates.ts';
import { templatePadrao } from '../../mensagens/template-canal.ts';
import { montarRecibo } from './mensagem-recibo.ts';

const CREDOR = { nome: 'Empresa Demonstração Ltda', documento: '11.222.333/0001-81' };
const parcela = (n: number, valorCentavos: number, quitou = true) => ({
  descricao: `Acordo #7 — parcela ${n}/3`,
  valorCentavos,
  quitou,
});

describe('montarRecibo', () => {
  it('an instalment: what it paid, what is left and the next due date', () => {
    const { conteudo, template } = montarRecibo({
      nome: 'Maria',
      credor: CREDOR,
      pagamento: { valorCentavos: 44_704, forma: 'pix', data: '2026-11-28', itens: [parcela(1, 44_704)] },
      saldo: {
        restanteCentavos: 89_409,
        contas: 2,
        proximo: { vencimento: '2026-12-28', valorCentavos: 44_704 },
      },
      agradecimento: templatePadrao('agradecimento'),
    });
    expect(conteudo).toBe(
      'Olá, Maria! Recebemos o seu pagamento de R$ 447,04 (PIX) em 28/11/2026. Obrigado!\n\n' +
        'Referente a:\n- Acordo #7 — parcela 1/3: R$ 447,04, quitada\n\n' +
        'Ainda em aberto: R$ 894,09 em 2 contas. O próximo vencimento é 28/12/2026, de R$ 447,04.\n\n' +
        'Empresa Demonstração Ltda, CNPJ 11.222.333/0001-81. Se precisar de algo, é só responder por aqui.',
    );
    expect(template).toBeNull();
  });

  it('a partial payment says so, and one receivable left reads in the singular', () => {
    const { conteudo } = montarRecibo({
      nome: 'João',
      credor: CREDOR,
      pagamento: {
        valorCentavos: 10_000,
        forma: 'dinheiro',
        data: '2026-11-03',
        itens: [{ descricao: 'NF 123 — parcela 001', valorCentavos: 10_000, quitou: false }],
      },
      saldo: {
        restanteCentavos: 5_000,
        contas: 1,
        proximo: { vencimento: '2026-11-10', valorCentavos: 5_000 },
      },
      agradecimento: templatePadrao('agradecimento'),
    });
    expect(conteudo).toContain('R$ 100,00 (Dinheiro) em 03/11/2026');
    expect(conteudo).toContain('- NF 123 — parcela 001: R$ 100,00, pagamento parcial');
    expect(conteudo).toContain('Ainda em aberto: R$ 50,00 em 1 conta.');
  });

  it('the last payment thanks for the total paid over the debt and lists its own lines', () => {
    const { conteudo } = montarRecibo({
      nome: 'Maria',
      credor: CREDOR,
      pagamento: { valorCentavos: 44_705, forma: 'pix', data: '2027-01-27', itens: [parcela(3, 44_705)] },
      saldo: { totalPagoCentavos: 134_113 },
      agradecimento: templatePadrao('agradecimento'),
    });
    expect(conteudo).toBe(
      'Olá, Maria! Recebemos o seu pagamento de R$ 1.341,13. Muito obrigado!\n\n' +
        'A Empresa Demonstração Ltda, CNPJ 11.222.333/0001-81, agradece a confiança. Se precisar de algo, é só responder por aqui.\n\n' +
        'Este último pagamento: R$ 447,05 (PIX) em 27/01/2027. Com ele, não há mais nada em aberto.\n\n' +
        'Referente a:\n- Acordo #7 — parcela 3/3: R$ 447,05, quitada',
    );
  });

  it('outside the 24-hour window every receipt goes as the approved thank-you template', () => {
    const agradecimento = {
      texto: DEFAULT_TEMPLATES.agradecimento,
      whatsappTemplateNome: 'agradecimento',
      whatsappIdioma: 'pt_BR',
      emailAssunto: null,
      emailTexto: null,
      smsTexto: null,
    };
    const entrada = {
      nome: 'Maria',
      credor: CREDOR,
      pagamento: {
        valorCentavos: 44_704,
        forma: 'pix' as const,
        data: '2026-11-28',
        itens: [parcela(1, 44_704)],
      },
      agradecimento,
    };
    const parcial = montarRecibo({
      ...entrada,
      saldo: {
        restanteCentavos: 89_409,
        contas: 2,
        proximo: { vencimento: '2026-12-28', valorCentavos: 44_704 },
      },
    });
    expect(parcial.template?.parametros).toEqual(['Maria', 'R$ 447,04', CREDOR.nome, CREDOR.documento]);
    const ultimo = montarRecibo({ ...entrada, saldo: { totalPagoCentavos: 134_113 } });
    expect(ultimo.template?.parametros).toEqual(['Maria', 'R$ 1.341,13', CREDOR.nome, CREDOR.documento]);
  });
});
