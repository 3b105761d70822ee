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

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

type User = ReturnType<typeof userEvent.setup>;
const acoes = () => within(screen.getByRole('group', { name: 'Ações do cliente' }));

const typeDate = async (user: User, scope: HTMLElement, label: string, digits: string) => {
  const group = within(scope).getByRole('group', { name: label });
  await user.click(within(group).getByRole('spinbutton', { name: 'Dia' }));
  await user.keyboard(digits);
};

const replace = async (user: User, input: HTMLElement, text: string) => {
  await user.clear(input);
  await user.type(input, text);
};

const previewRows = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'Prévia das parcelas' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

const abrirNegociacao = async (user: User) => {
  expect(acoes().getByRole('button', { name: 'Negociar' })).toBeDisabled();
  await user.click(screen.getByRole('checkbox', { name: /Selecionar NF-e 1234 parcela 1/ }));
  await user.click(screen.getByRole('checkbox', { name: /Selecionar NF-e 1234 parcela 2/ }));
  await user.click(acoes().getByRole('button', { name: 'Negociar (2)' }));
  return screen.findByRole('dialog', { name: 'Negociar contas' });
};

describe('Negociar', () => {
  it('previews the instalments as the server splits them and posts the agreement', async () => {
    const estado = setupWorkspace();
    server.use(
      http.post('/api/operador/clientes/:id/negociacoes', answerWith(estado, clienteDetalhe({ contas: [] }))),
    );
    await openWorkspace();
    const user = userEvent.setup();
    const dialog = await abrirNegociacao(user);
    expect(dialog).toHaveTextContent('Total atualizado: R$ 100,00');
    expect(dialog).not.toHaveTextContent('multa e juros');

    await replace(user, within(dialog).getByLabelText('Parcelas'), '3');
    // Default first due date: a week from today (20/11/2026), then every 30 days.
    expect(previewRows(dialog)).toEqual([
      '1/327/11/2026R$ 33,34',
      '2/327/12/2026R$ 33,33',
      '3/326/01/2027R$ 33,33',
      'Soma das parcelasR$ 100,00',
    ]);

    await typeDate(user, dialog, 'Primeiro vencimento', '01122026');
    await replace(user, within(dialog).getByLabelText('Desconto'), '10,00');
    expect(previewRows(dialog)).toEqual([
      '1/301/12/2026R$ 30,00',
      '2/331/12/2026R$ 30,00',
      '3/330/01/2027R$ 30,00',
      'Soma das parcelasR$ 90,00',
    ]);
    await replace(user, within(dialog).getByLabelText('Desconto'), '0');

    await user.click(within(dialog).getByRole('button', { name: 'Confirmar acordo' }));
    expect(await screen.findByText('Acordo em 3 parcelas registrado.')).toBeInTheDocument();
    expect(estado.writes).toEqual([
      {
        method: 'POST',
        path: '/api/operador/clientes/7/negociacoes',
        body: {
          contas: [1, 2],
          desconto: 0,
          parcelas: 3,
          primeiro_vencimento: '2026-12-01',
          intervalo_dias: 30,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('with automatic debit: monthly instalments on the same day, the interval fixed, debito_automatico sent', async () => {
    const estado = setupWorkspace();
    server.use(
      http.post('/api/operador/clientes/:id/negociacoes', answerWith(estado, clienteDetalhe({ contas: [] }))),
    );
    await openWorkspace();
    const user = userEvent.setup();
    const dialog = await abrirNegociacao(user);
    const chave = within(dialog).getByRole('switch', { name: /Débito automático por PIX/ });
    // One instalment: nothing to debit later.
    expect(chave).toBeDisabled();
    expect(
      within(dialog).getByText('O débito automático vale para acordos de 2 ou mais parcelas.'),
    ).toBeInTheDocument();
    await replace(user, within(dialog).getByLabelText('Parcelas'), '3');
    await typeDate(user, dialog, 'Primeiro vencimento', '31122026');
    expect(chave).toBeEnabled();
    await user.click(chave);
    expect(within(dialog).getByLabelText('Intervalo em dias')).toBeDisabled();
    expect(previewRows(dialog)).toEqual([
      '1/331/12/2026R$ 33,34',
      '2/331/01/2027R$ 33,33',
      '3/328/02/2027R$ 33,33',
      'Soma das parcelasR$ 100,00',
    ]);
    expect(dialog).toHaveTextContent('autoriza, no app do banco dele, o débito automático das demais');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar acordo' }));
    expect(await screen.findByText('Acordo em 3 parcelas registrado.')).toBeInTheDocument();
    expect(estado.writes[0]?.body).toEqual({
      contas: [1, 2],
      desconto: 0,
      parcelas: 3,
      primeiro_vencimento: '2026-12-31',
      intervalo_dias: 30,
      debito_automatico: true,
    });
  });

  it('says why automatic debit is unavailable, and never sends it then', async () => {
    const estado = setupWorkspace();
    estado.debito = {
      disponivel: false,
      motivo: 'O débito automático por PIX está desligado nas configurações.',
    };
    await openWorkspace();
    const user = userEvent.setup();
    const dialog = await abrirNegociacao(user);
    await replace(user, within(dialog).getByLabelText('Parcelas'), '3');
    expect(
      await within(dialog).findByText('O débito automático por PIX está desligado nas configurações.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: /Débito automático por PIX/ })).toBeDisabled();
  });

  it('blocks a past first due date and a discount as big as the total', async () => {
    const estado = setupWorkspace();
    await openWorkspace();
    const user = userEvent.setup();
    const dialog = await abrirNegociacao(user);
    await typeDate(user, dialog, 'Primeiro vencimento', '19112026');
    await replace(user, within(dialog).getByLabelText('Desconto'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar acordo' }));
    expect(await within(dialog).findByText('A data não pode ser anterior a hoje.')).toBeInTheDocument();
    expect(within(dialog).getByText('O desconto deve ser menor que o total das contas.')).toBeInTheDocument();
    expect(estado.writes).toEqual([]);
  });

  it('shows the server’s 422 messages beside the fields', async () => {
    setupWorkspace();
    server.use(
      http.post('/api/operador/clientes/:id/negociacoes', () =>
        HttpResponse.json(
          {
            code: 'DADOS_INVALIDOS',
            message: 'Os dados enviados são inválidos.',
            errors: {
              parcelas: ['Parcela mínima de R$ 10,00.'],
              intervalo_dias: ['Intervalo fora da política.'],
            },
          },
          { status: 422 },
        ),
      ),
    );
    await openWorkspace();
    const user = userEvent.setup();
    const dialog = await abrirNegociacao(user);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar acordo' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Parcelas')).toHaveAccessibleDescription(
        'Parcela mínima de R$ 10,00.',
      ),
    );
    expect(within(dialog).getByLabelText('Intervalo em dias')).toHaveAccessibleDescription(
      'Intervalo fora da política.',
    );
  });
});

describe('Encargos', () => {
  // R$ 50,00 due 01/11/2026, 19 days late on 20/11/2026: multa 1,00 + juros 0,32 = 51,32.
  const atrasada = conta(1, { multa: 1, juros: 0.32, valor_atualizado: 51.32 });

  it('the payment form suggests the updated amount and refuses more than it', async () => {
    setupWorkspace(clienteDetalhe({ contas: [atrasada] }));
    await openWorkspace();
    const user = userEvent.setup();
    await user.click(acoes().getByRole('button', { name: 'Registrar pagamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pagamento' });
    expect(within(dialog).getByRole('combobox', { name: 'Conta' })).toHaveTextContent('atualizado R$ 51,32');
    expect(within(dialog).getByLabelText('Valor pago')).toHaveValue('51,32');
    await replace(user, within(dialog).getByLabelText('Valor pago'), '51,33');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pagamento' }));
    expect(
      await within(dialog).findByText('O valor não pode passar do valor atualizado da conta (R$ 51,32).'),
    ).toBeInTheDocument();
  });

  it('the agreement starts from the updated total and says how much of it is encargos', async () => {
    setupWorkspace(clienteDetalhe({ contas: [atrasada, conta(2)] }));
    await openWorkspace();
    const user = userEvent.setup();
    const dialog = await abrirNegociacao(user);
    expect(dialog).toHaveTextContent('Total atualizado: R$ 101,32');
    expect(dialog).toHaveTextContent('Inclui R$ 1,32 de multa e juros, que o desconto pode dispensar.');
  });
});

describe('Registrar pagamento', () => {
  it('blocks an amount above the balance, a future date and a missing method, then posts', async () => {
    const estado = setupWorkspace();
    server.use(http.post('/api/operador/clientes/:id/pagamentos', answerWith(estado, clienteDetalhe())));
    await openWorkspace();
    const user = userEvent.setup();
    await user.click(acoes().getByRole('button', { name: 'Registrar pagamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pagamento' });
    expect(within(dialog).getByRole('combobox', { name: 'Conta' })).toHaveTextContent('NF-e 1234 parcela 1');
    expect(within(dialog).getByLabelText('Valor pago')).toHaveValue('50,00');
    expect(within(dialog).getByRole('group', { name: 'Data do pagamento' })).toHaveTextContent('20/11/2026');

    await replace(user, within(dialog).getByLabelText('Valor pago'), '60');
    await typeDate(user, dialog, 'Data do pagamento', '21112026');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pagamento' }));
    expect(
      await within(dialog).findByText('O valor não pode passar do valor atualizado da conta (R$ 50,00).'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('A data não pode ser no futuro.')).toBeInTheDocument();
    expect(within(dialog).getByText('Escolha a forma de pagamento.')).toBeInTheDocument();
    expect(estado.writes).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Conta' }));
    await user.click(await screen.findByRole('option', { name: /NF-e 1234 parcela 2/ }));
    expect(within(dialog).getByLabelText('Valor pago')).toHaveValue('50,00');
    await replace(user, within(dialog).getByLabelText('Valor pago'), '20,5');
    await typeDate(user, dialog, 'Data do pagamento', '18112026');
    await user.click(within(dialog).getByRole('combobox', { name: 'Forma de pagamento' }));
    await user.click(await screen.findByRole('option', { name: 'PIX' }));
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pagamento' }));

    expect(await screen.findByText('Pagamento de R$ 20,50 registrado.')).toBeInTheDocument();
    expect(estado.writes).toEqual([
      {
        method: 'POST',
        path: '/api/operador/clientes/7/pagamentos',
        body: { conta_id: 2, valor: 20.5, data: '2026-11-18', forma: 'pix' },
      },
    ]);
  });
});

describe('Registrar ligação e promessa', () => {
  it('requires a call result and posts it with the note', async () => {
    const estado = setupWorkspace();
    server.use(
      http.post(
        '/api/operador/clientes/:id/chamadas',
        answerWith(estado, clienteDetalhe({ numero_chamadas: 2 }), { chamada: {} }),
      ),
    );
    await openWorkspace();
    const user = userEvent.setup();
    await user.click(acoes().getByRole('button', { name: 'Registrar ligação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar ligação' });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(await within(dialog).findByText('Escolha o resultado da ligação.')).toBeInTheDocument();

    const resultado = within(dialog).getByRole('radiogroup', { name: 'Resultado' });
    expect(
      within(resultado)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Atendida', 'Não atendida', 'Caixa postal', 'Número inválido']);
    await user.click(within(resultado).getByRole('radio', { name: 'Não atendida' }));
    await user.type(within(dialog).getByLabelText('Observação'), 'Chamou até cair');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('Ligação registrada.')).toBeInTheDocument();
    expect(estado.writes).toEqual([
      {
        method: 'POST',
        path: '/api/operador/clientes/7/chamadas',
        body: { resultado: 'nao_atendida', observacao: 'Chamou até cair' },
      },
    ]);
  });

  it('posts a promise with date and amount', async () => {
    const estado = setupWorkspace();
    server.use(http.post('/api/operador/clientes/:id/promessas', answerWith(estado, clienteDetalhe())));
    await openWorkspace();
    const user = userEvent.setup();
    await user.click(acoes().getByRole('button', { name: 'Promessa de pagamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promessa de pagamento' });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar promessa' }));
    expect(await within(dialog).findByText('Informe a data.')).toBeInTheDocument();

    await typeDate(user, dialog, 'Data prometida', '05122026');
    await replace(user, within(dialog).getByLabelText('Valor prometido'), '75,50');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar promessa' }));
    expect(await screen.findByText('Promessa de pagamento para 05/12/2026 registrada.')).toBeInTheDocument();
    expect(estado.writes).toEqual([
      {
        method: 'POST',
        path: '/api/operador/clientes/7/promessas',
        body: { data: '2026-12-05', valor: 75.5 },
      },
    ]);
  });
});
