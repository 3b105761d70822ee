import type { ComprovanteView } from '@cobranca/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openWorkspace, setupWorkspace } from './workspace.test-fixtures.ts';

// The workspace's comprovantes (docs/produto.md §9): each payment listed, and its printable receipt.

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const pix: ComprovanteView = {
  id: 41,
  valor: 447.05,
  forma: 'pix',
  forma_rotulo: 'PIX',
  data: '2026-11-19',
  horario: '2026-11-19T17:03:00.000Z',
  horario_local: '19/11/2026 às 14:03',
  pagador: { nome: 'Maria da Silva Souza', documento: '123.456.789-09' },
  credor: { nome: 'Empresa Demonstração Ltda', documento: '11.222.333/0001-81' },
  end_to_end_id: 'E00000000202611191703ABCDEF12345',
  observacao: null,
  itens: [
    {
      conta_id: 3,
      descricao: 'Acordo #7 — parcela 3/3',
      vencimento: '2026-11-20',
      valor: 447.05,
      principal: 440,
      multa: 5,
      juros: 2.05,
    },
  ],
};

const cartao = () => screen.getByRole('region', { name: 'Comprovantes' });

describe('ComprovantesCard', () => {
  it('says when there is no payment', async () => {
    setupWorkspace();
    await openWorkspace();
    expect(await within(cartao()).findByText('Nenhum pagamento registrado.')).toBeInTheDocument();
  });

  it('lists each payment and shows its comprovante, printable', async () => {
    const estado = setupWorkspace();
    estado.comprovantes = [pix];
    await openWorkspace();
    expect(await within(cartao()).findByText('1 pagamento')).toBeInTheDocument();
    expect(within(cartao()).getByText('R$ 447,05 (PIX) em 19/11/2026')).toBeInTheDocument();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await userEvent.click(within(cartao()).getByRole('button', { name: 'Ver comprovante' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Comprovante de pagamento' });
    const dados = within(dialogo).getByRole('article', { name: 'Comprovante de pagamento' });
    expect(dados).toHaveTextContent('PagadorMaria da Silva Souza');
    expect(dados).toHaveTextContent('CPF/CNPJ123.456.789-09');
    expect(dados).toHaveTextContent('Data do pagamento19/11/2026Pago em19/11/2026 às 14:03');
    expect(dados).toHaveTextContent('Identificador PIX (E2E)E00000000202611191703ABCDEF12345');
    const linha = within(dados).getByRole('row', { name: /Acordo #7 — parcela 3\/3/ });
    expect(linha).toHaveTextContent('20/11/2026R$ 447,05R$ 440,00 · R$ 5,00 · R$ 2,05');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledOnce();
  });
});
