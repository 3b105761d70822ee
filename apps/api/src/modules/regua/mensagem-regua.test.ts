import { describe, expect, it } from 'vitest';
import { MARCADOR_LINK } from '../../lib/conteudo-mensagem.ts';
import { DEFAULT_TEMPLATES } from '../mensagens/default-templates.ts';
import { type TemplateMensagem, templatePadrao } from '../mensagens/template-canal.ts';
import type { Etapa, PlanoCliente } from './etapas.ts';
import { blocoBoleto, blocoPix, chaveRegua, MARCADOR_PIX, montarMensagemRegua } from './mensagem-regua.ts';

const ATRASO_7: Etapa = { dias: 7, tipo: 'atraso', canais: ['whatsapp'] };
const VENCIMENTO: Etapa = { dias: 0, tipo: 'vencimento', canais: ['whatsapp'] };

// Customer 42 on 2026-03-20: R$ 10,01 due 03-13 (at +7) and R$ 20,02 due today.
const HOJE = '2026-03-20';
const ANTIGA = { id: 7, vencimento: '2026-03-13', saldoCentavos: 1001, etapa: ATRASO_7 };
const DE_HOJE = { id: 3, vencimento: '2026-03-20', saldoCentavos: 2002, etapa: VENCIMENTO };
const PLANO: PlanoCliente = { etapa: ATRASO_7, contas: [ANTIGA, DE_HOJE], totalCentavos: 3003 };
const CREDOR = { nome: 'Empresa Demonstração Ltda', documento: '11.222.333/0001-81' };
const CHAVE = chaveRegua(42, PLANO);

const montar = (
  mudancas: Partial<Parameters<typeof montarMensagemRegua>[0]> = {},
): ReturnType<typeof montarMensagemRegua> =>
  montarMensagemRegua({
    nome: 'Maria Souza',
    plano: PLANO,
    chave: CHAVE,
    hoje: HOJE,
    credor: CREDOR,
    comPix: true,
    template: templatePadrao('atraso'),
    ...mudancas,
  });

const COM_TEMPLATE_WHATSAPP: TemplateMensagem = {
  texto: DEFAULT_TEMPLATES.atraso,
  whatsappTemplateNome: 'cobranca_atraso',
  whatsappIdioma: 'pt_BR',
  emailAssunto: null,
  emailTexto: null,
  smsTexto: null,
};

describe('chaveRegua', () => {
  it('does not depend on the order of the receivables', () => {
    const invertido: PlanoCliente = { ...PLANO, contas: [...PLANO.contas].reverse() };
    expect(chaveRegua(42, invertido)).toBe(CHAVE);
  });

  it('names the customer and the message step', () => {
    expect(CHAVE).toMatch(/^regua:42:7:[A-Za-z0-9_-]{22}$/);
  });

  it.each([
    ['another customer', chaveRegua(43, PLANO)],
    ['another receivable', chaveRegua(42, { ...PLANO, contas: [{ ...ANTIGA, id: 8 }, DE_HOJE] })],
    ['one receivable fewer', chaveRegua(42, { ...PLANO, contas: [ANTIGA] })],
    [
      'another step of one receivable',
      chaveRegua(42, { ...PLANO, contas: [ANTIGA, { ...DE_HOJE, etapa: ATRASO_7 }] }),
    ],
    [
      'another message step',
      chaveRegua(42, { ...PLANO, etapa: { dias: 15, tipo: 'atraso', canais: ['whatsapp'] } }),
    ],
  ])('changes with %s', (_caso, outra) => {
    expect(outra).not.toBe(CHAVE);
  });
});

describe('montarMensagemRegua', () => {
  it('renders the default overdue template from the oldest receivable and the totals', () => {
    const { conteudo } = montar({ comPix: false });
    expect(conteudo).toBe(
      [
        'Olá, Maria Souza, tudo bem? Aqui é da Empresa Demonstração Ltda, CNPJ 11.222.333/0001-81.',
        'Ainda não identificamos o pagamento da fatura de R$ 10,01, vencida em 13/03/2026 (há 7 dias). Ao todo, há 2 faturas em aberto, somando R$ 30,03.',
        `Pague ou negocie pelo link: ${MARCADOR_LINK}`,
        'Se o pagamento já foi feito, por favor desconsidere esta mensagem. Se precisar de outra data ou de uma condição diferente, responda por aqui que teremos prazer em ajudar.',
      ].join('\n\n'),
    );
  });

  it.each([
    ['before the due date', '2026-03-10', '0'],
    ['on the due date', '2026-03-13', '0'],
    ['a day after', '2026-03-14', '1'],
    ['a month after', '2026-04-13', '31'],
  ])('counts {{dias_atraso}} of the oldest receivable %s', (_caso, hoje, dias) => {
    const template = { ...templatePadrao('atraso'), texto: '{{dias_atraso}}' };
    expect(montar({ hoje, template }).conteudo).toBe(dias);
  });

  it.each([
    ['one day and one receivable', '2026-03-14', [ANTIGA], 'há 1 dia, 1 fatura'],
    ['18 days and two receivables', '2026-03-31', [ANTIGA, DE_HOJE], 'há 18 dias, 2 faturas'],
  ])('agrees {{atraso}} and {{faturas}} with their counts: %s', (_caso, hoje, contas, esperado) => {
    const template = { ...templatePadrao('atraso'), texto: 'há {{atraso}}, {{faturas}}' };
    expect(montar({ hoje, template, plano: { ...PLANO, contas } }).conteudo).toBe(esperado);
  });

  it('keeps {{dias_atraso}} and {{quantidade}} as bare numbers for admin-edited texts', () => {
    const template = {
      ...templatePadrao('atraso'),
      texto: '{{dias_atraso}} dia(s), {{quantidade}} conta(s)',
    };
    expect(montar({ template }).conteudo).toBe('7 dia(s), 2 conta(s)');
  });

  it.each(['lembrete', 'vencimento', 'atraso'] as const)('leaves no "(s)" in the default %s text', (tipo) => {
    const { conteudo } = montar({ template: templatePadrao(tipo), comPix: false });
    expect(conteudo).not.toMatch(/\((s|es|ões)\)/);
    expect(DEFAULT_TEMPLATES[tipo]).not.toContain('(s)');
  });

  it('marks where the charge’s PIX block goes, in its own paragraph', () => {
    const { conteudo } = montar();
    expect(conteudo).toContain(`${MARCADOR_LINK}\n\n${MARCADOR_PIX}\n\nSe o pagamento`);
    expect(conteudo.replace(MARCADOR_PIX, blocoPix('000201…'))).toContain(
      '\n\nPIX copia e cola:\n000201…\n\n',
    );
  });

  it("offers each receivable's boleto below the PIX, the linha as printed; with no charge, the boleto alone", () => {
    const linha = '00190000090114971860168524522114675860000102656';
    const um = montar({ plano: { ...PLANO, contas: [{ ...ANTIGA, linhaDigitavel: linha }, DE_HOJE] } });
    expect(um.conteudo).toContain(
      `${MARCADOR_PIX}\n\nBoleto (linha digitável):\n00190.00009 01149.718601 68524.522114 6 75860000102656\n\nSe o pagamento`,
    );
    const dois = blocoBoleto([
      { ...ANTIGA, linhaDigitavel: linha },
      { ...DE_HOJE, linhaDigitavel: linha },
    ]);
    expect(dois).toMatch(/^Boleto de 13\/03\/2026 \(linha digitável\):\n.+\n\nBoleto de 20\/03\/2026/);
    const semPix = montar({
      comPix: false,
      plano: { ...PLANO, contas: [{ ...ANTIGA, linhaDigitavel: linha }] },
    });
    expect(semPix.conteudo).not.toContain(MARCADOR_PIX);
    expect(semPix.conteudo).toContain('\n\nBoleto (linha digitável):\n00190.00009');
    expect(blocoBoleto(PLANO.contas)).toBe('');
  });

  it('leaves the PIX block out, without a blank gap, for a message without a charge', () => {
    const { conteudo } = montar({ comPix: false });
    expect(conteudo).not.toContain('PIX');
    expect(conteudo).not.toContain(MARCADOR_PIX);
    expect(conteudo).not.toMatch(/\n{3,}/);
    expect(conteudo.split('\n\n')).toHaveLength(4);
  });

  it('leaves the PIX block out when nothing is owed', () => {
    const { conteudo } = montar({ plano: { ...PLANO, totalCentavos: 0 } });
    expect(conteudo).not.toContain(MARCADOR_PIX);
  });

  it.each(['lembrete', 'vencimento', 'atraso'] as const)(
    'identifies the creditor in the default %s template',
    (tipo) => {
      const { conteudo } = montar({ template: templatePadrao(tipo) });
      expect(conteudo).toContain('Empresa Demonstração Ltda');
      expect(conteudo).toContain('11.222.333/0001-81');
      expect(conteudo).toContain('Maria Souza');
      expect(conteudo).toContain('R$ 10,01');
      expect(conteudo).not.toMatch(/\{\{|\}\}/);
    },
  );

  it('gives no WhatsApp template when none is configured', () => {
    expect(montar().template).toBeNull();
  });

  it('fills a configured WhatsApp template with the values in the order the text uses them', () => {
    const { template } = montar({ comPix: false, template: COM_TEMPLATE_WHATSAPP });
    expect(template).toEqual({
      nome: 'cobranca_atraso',
      idioma: 'pt_BR',
      parametros: [
        'Maria Souza',
        'Empresa Demonstração Ltda',
        '11.222.333/0001-81',
        'R$ 10,01',
        '13/03/2026',
        '7 dias',
        '2 faturas',
        'R$ 30,03',
        MARCADOR_LINK,
        '-',
      ],
    });
  });

  it('puts the PIX marker in the last WhatsApp template parameter, for the sender to fill', () => {
    const { template } = montar({ template: COM_TEMPLATE_WHATSAPP });
    expect(template?.parametros.at(-1)).toBe(MARCADOR_PIX);
  });

  // Meta refuses a body parameter holding a newline, a tab or more than four spaces in a row
  // (error 132018), so such a template send can never be delivered.
  it('gives WhatsApp template parameters Meta accepts (no newline, tab or 5+ spaces)', () => {
    const { template } = montar({ template: COM_TEMPLATE_WHATSAPP });
    // A null template must fail here, not skip the loop and pass without checking anything.
    expect(template?.parametros.length).toBeGreaterThan(0);
    for (const parametro of template?.parametros ?? []) expect(parametro).not.toMatch(/[\n\t]| {5,}/);
  });

  it('refuses a plan without receivables', () => {
    expect(() => montar({ plano: { ...PLANO, contas: [] } })).toThrow('mensagem da régua sem contas');
  });
});
