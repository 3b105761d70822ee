import { describe, expect, it } from 'vitest';
import { descrever } from './linha-do-tempo-itens.tsx';

const base = { chave: 'k', id: 1, em: '2026-11-20T12:00:00.000000Z', autor: null };

describe('descrever: what the bank files put on a timeline (docs/conciliacao.md)', () => {
  it('a payment settled from a bank file says so', () => {
    expect(
      descrever({
        ...base,
        tipo: 'pagamento',
        valor: 150,
        data: '2026-11-20',
        forma: 'boleto',
        pix_automatico: false,
        conciliado: true,
      }),
    ).toEqual({
      titulo: 'Pagamento de R$ 150,00 (Boleto, do arquivo do banco)',
      detalhe: 'Pago em 20/11/2026',
    });
  });

  it("a retorno's movement that moved no money names the boleto and its receivable", () => {
    expect(
      descrever({
        ...base,
        tipo: 'movimento_bancario',
        descricao: 'Entrada confirmada',
        nosso_numero: '7001',
        conta_id: 12,
        data: '2026-11-19',
      }),
    ).toEqual({ titulo: 'Banco: Entrada confirmada do boleto 7001', detalhe: 'Em 19/11/2026 · conta nº 12' });
  });
});

describe('descrever: each step of an automatic debit (docs/pix-automatico.md §5)', () => {
  it('names the step, the agreement and what the bank said', () => {
    expect(
      descrever({
        ...base,
        tipo: 'debito_automatico',
        evento: 'tentativa_recusada',
        negociacao_id: 7,
        conta_id: 12,
        detalhe: 'Tentativa de 20/12/2026: recusada pelo banco do cliente',
      }),
    ).toEqual({
      titulo: 'Débito automático recusado pelo banco',
      detalhe: 'Acordo nº 7 · Tentativa de 20/12/2026: recusada pelo banco do cliente',
    });
    expect(
      descrever({
        ...base,
        tipo: 'debito_automatico',
        evento: 'aprovado',
        negociacao_id: 7,
        conta_id: null,
        detalhe: null,
      }),
    ).toEqual({ titulo: 'Débito automático aprovado pelo cliente', detalhe: 'Acordo nº 7' });
  });
});
