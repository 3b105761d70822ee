import { renderTemplate } from '@cobranca/contracts';
import { describe, expect, it } from 'vitest';
import { MARCADOR_LINK } from '../../lib/conteudo-mensagem.ts';
import { primeiroNome, valoresDaResposta } from './valores-resposta.ts';

const credor = { nome: 'Empresa X', documento: '11.222.333/0001-81' };

describe('valoresDaResposta', () => {
  it('takes the oldest open receivable for valor, vencimento and dias_atraso, and sums the total', () => {
    const valores = valoresDaResposta({
      nome: 'Maria Oliveira',
      credor,
      contas: [
        { vencimento: '2026-03-10', totalCentavos: 20_000, diasAtraso: 0 },
        { vencimento: '2026-01-10', totalCentavos: 123_456, diasAtraso: 18 },
      ],
    });
    expect(valores).toEqual({
      nome: 'Maria',
      empresa: 'Empresa X',
      empresa_documento: '11.222.333/0001-81',
      total: 'R$ 1.434,56',
      quantidade: '2',
      valor: 'R$ 1.234,56',
      vencimento: '10/01/2026',
      dias_atraso: '18',
      // Filled with a fresh portal link when the reply goes (docs/produto.md §22).
      link: MARCADOR_LINK,
    });
  });

  it('reads R$ 0,00 and leaves the dated placeholders empty without open receivables', () => {
    const valores = valoresDaResposta({ nome: 'João', credor, contas: [] });
    expect(valores).toMatchObject({ total: 'R$ 0,00', quantidade: '0', valor: '', vencimento: '' });
    expect(renderTemplate('Vence em {{vencimento}}.', valores)).toBe('Vence em .');
  });
});

describe('primeiroNome', () => {
  it.each([
    ['Maria Oliveira', 'Maria'],
    ['  Ana   Paula Souza ', 'Ana'],
    ['Ícaro', 'Ícaro'],
    ['', ''],
  ])('%j → %j', (nome, esperado) => {
    expect(primeiroNome(nome)).toBe(esperado);
  });
});
