import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server.ts';
import {
  answerWith,
  clienteDetalhe,
  conta,
  openWorkspace,
  setupWorkspace,
} from './workspace.test-fixtures.ts';

// The agreement and payment loop in the workspace (docs/produto.md §8, §9): the operator is told whether
// the agreement's terms went to the customer, and one payment can be spread over the open receivables.

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

type User = ReturnType<typeof userEvent.setup>;
const acoes = () => within(screen.getByRole('group', { name: 'Ações do cliente' }));

const replace = async (user: User, input: HTMLElement, text: string) => {
  await user.clear(input);
  await user.type(input, text);
};

const abrirNegociacao = async (user: User) => {
  await user.click(screen.getByRole('checkbox', { name: /Selecionar NF-e 1234 parcela 1/ }));
  await user.click(acoes().getByRole('button', { name: 'Negociar (1)' }));
  return screen.findByRole('dialog', { name: 'Negociar contas' });
};

describe('Negociar: the terms message', () => {
  it('says before and after confirming that the terms go to the customer', async () => {
    const estado = setupWorkspace();
    server.use(
      http.post(
        '/api/operador/clientes/:id/negociacoes',
        answerWith(estado, clienteDetalhe({ contas: [] }), { termos: { na_fila: true, motivo: null } }),
      ),
    );
    await openWorkspace();
    const user = userEvent.setup();
    const dialog = await abrirNegociacao(user);
    expect(dialog).toHaveTextContent(
      'Ao confirmar, os termos do acordo (parcelas, valores e o PIX da primeira parcela) vão para o cliente por mensagem.',
    );
    await replace(user, within(dialog).getByLabelText('Parcelas'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar acordo' }));
    expect(
      await screen.findByText('Acordo em 3 parcelas registrado; os termos foram para a fila de envio.'),
    ).toBeInTheDocument();
    expect(estado.writes).toHaveLength(1);
  });

  it('says truthfully why nothing was sent to an opted-out customer, with "1 parcela"', async () => {
    const optOut = { em: '2026-11-01T12:00:00.000Z', mensagem: 'SAIR', canal: 'whatsapp_cloud' };
    const estado = setupWorkspace(clienteDetalhe({ opt_out: optOut }));
    const motivo = 'O cliente pediu para não receber mensagens (opt-out em 01/11/2026).';
    server.use(
      http.post(
        '/api/operador/clientes/:id/negociacoes',
        answerWith(estado, clienteDetalhe({ contas: [], opt_out: optOut }), {
          termos: { na_fila: false, motivo },
        }),
      ),
    );
    await openWorkspace();
    const user = userEvent.setup();
    const dialog = await abrirNegociacao(user);
    expect(dialog).toHaveTextContent(
      'O cliente pediu para não receber mensagens: os termos não serão enviados.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar acordo' }));
    expect(
      await screen.findByText(`Acordo em 1 parcela registrado, mas os termos não foram enviados: ${motivo}`),
    ).toBeInTheDocument();
  });

  it('warns when the customer has no phone', async () => {
    setupWorkspace(clienteDetalhe({ telefone: null }));
    await openWorkspace();
    const dialog = await abrirNegociacao(userEvent.setup());
    expect(dialog).toHaveTextContent('O cliente não tem telefone cadastrado: os termos não serão enviados.');
  });
});

describe('Registrar pagamento: one amount over several receivables', () => {
  // Parcela 2 is the oldest: it is paid first.
  const contas = [
    conta(1, { vencimento: '2026-11-01', valor_atualizado: 50 }),
    conta(2, { descricao: 'NF-e 1234 parcela 2', vencimento: '2026-10-01', valor_atualizado: 30.5 }),
  ];

  const abrirPagamento = async (user: User) => {
    await user.click(acoes().getByRole('button', { name: 'Registrar pagamento' }));
    return screen.findByRole('dialog', { name: 'Registrar pagamento' });
  };

  it('spreads the amount oldest first, refuses more than the sum and posts every receivable', async () => {
    const estado = setupWorkspace(clienteDetalhe({ contas }));
    server.use(
      http.post(
        '/api/operador/clientes/:id/pagamentos',
        answerWith(estado, clienteDetalhe({ contas: [] }), { pagamentos: [{ id: 1 }, { id: 2 }] }),
      ),
    );
    await openWorkspace();
    const user = userEvent.setup();
    const dialog = await abrirPagamento(user);
    await user.click(
      within(dialog).getByRole('checkbox', {
        name: 'Distribuir entre as contas em aberto (mais antiga primeiro)',
      }),
    );
    expect(within(dialog).queryByRole('combobox', { name: 'Conta' })).toBeNull();
    expect(within(dialog).getByLabelText('Valor pago')).toHaveValue('80,50');
    const itens = () =>
      within(within(dialog).getByRole('list', { name: 'Distribuição do pagamento' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(itens()).toEqual([
      'NF-e 1234 parcela 2 · venc. 01/10/2026 · R$ 30,50 (quita)',
      'NF-e 1234 parcela 1 · venc. 01/11/2026 · R$ 50,00 (quita)',
    ]);

    await replace(user, within(dialog).getByLabelText('Valor pago'), '80,51');
    await user.click(within(dialog).getByRole('combobox', { name: 'Forma de pagamento' }));
    await user.click(await screen.findByRole('option', { name: 'PIX' }));
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pagamento' }));
    expect(
      await within(dialog).findByText(
        'O valor não pode passar da soma dos valores atualizados das contas em aberto (R$ 80,50).',
      ),
    ).toBeInTheDocument();
    expect(estado.writes).toEqual([]);

    await replace(user, within(dialog).getByLabelText('Valor pago'), '40');
    expect(itens()).toEqual([
      'NF-e 1234 parcela 2 · venc. 01/10/2026 · R$ 30,50 (quita)',
      'NF-e 1234 parcela 1 · venc. 01/11/2026 · R$ 9,50 (parcial)',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pagamento' }));
    expect(await screen.findByText('Pagamento de R$ 40,00 registrado em 2 contas.')).toBeInTheDocument();
    expect(estado.writes).toEqual([
      {
        method: 'POST',
        path: '/api/operador/clientes/7/pagamentos',
        body: { contas_ids: [1, 2], valor: 40, data: '2026-11-20', forma: 'pix' },
      },
    ]);
  });

  it('goes back to one receivable and its amount when the option is cleared', async () => {
    setupWorkspace(clienteDetalhe({ contas }));
    await openWorkspace();
    const user = userEvent.setup();
    const dialog = await abrirPagamento(user);
    const opcao = within(dialog).getByRole('checkbox', { name: /Distribuir entre as contas/ });
    await user.click(opcao);
    await user.click(opcao);
    expect(within(dialog).getByRole('combobox', { name: 'Conta' })).toHaveTextContent('NF-e 1234 parcela 1');
    expect(within(dialog).getByLabelText('Valor pago')).toHaveValue('50,00');
    expect(within(dialog).queryByRole('list', { name: 'Distribuição do pagamento' })).toBeNull();
  });

  it('offers no distribution with a single open receivable', async () => {
    setupWorkspace(clienteDetalhe({ contas: [contas[0] as (typeof contas)[number]] }));
    await openWorkspace();
    const dialog = await abrirPagamento(userEvent.setup());
    expect(within(dialog).queryByRole('checkbox', { name: /Distribuir/ })).toBeNull();
  });

  it('shows the server’s problem with the receivables in the snackbar', async () => {
    setupWorkspace(clienteDetalhe({ contas }));
    server.use(
      http.post('/api/operador/clientes/:id/pagamentos', () =>
        HttpResponse.json(
          {
            code: 'DADOS_INVALIDOS',
            message: 'Os dados enviados são inválidos.',
            errors: { contas_ids: ['Só contas em aberto podem ser pagas: #2 (paga).'] },
          },
          { status: 422 },
        ),
      ),
    );
    await openWorkspace();
    const user = userEvent.setup();
    const dialog = await abrirPagamento(user);
    await user.click(within(dialog).getByRole('checkbox', { name: /Distribuir entre as contas/ }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Forma de pagamento' }));
    await user.click(await screen.findByRole('option', { name: 'Dinheiro' }));
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pagamento' }));
    expect(await screen.findByText('Só contas em aberto podem ser pagas: #2 (paga).')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'Registrar pagamento' })).toBeInTheDocument(),
    );
  });
});
