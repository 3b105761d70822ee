import type { ClienteStatus } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';
import { MOBILE, setViewportWidth } from '../../../test/viewport.ts';
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

const acoes = () => within(screen.getByRole('group', { name: 'Ações do cliente' }));

describe('ClienteWorkspacePage — detail', () => {
  it('shows the header, contact and every receivable', async () => {
    setupWorkspace(clienteDetalhe({ numero_chamadas: 3 }));
    await openWorkspace();
    expect(document.title).toBe('Maria da Silva Souza · Sistema de Cobrança Automática');
    expect(screen.getByText('Em atendimento')).toBeInTheDocument();
    expect(screen.getByText('529.982.247-25 · (11) 98765-4321')).toBeInTheDocument();
    expect(screen.getByText('R$ 100,00')).toBeInTheDocument();
    expect(screen.getByText('(com falhas)')).toBeInTheDocument();
    // The contact's e-mail, and the e-mail channel that reaches it.
    expect(screen.getByText('maria@example.com', { selector: 'dd' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Canais do cliente' })).getByText('maria@example.com'),
    ).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Contas a receber' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('NF-e 1234 parcela 1');
    expect(rows[1]).toHaveTextContent('001');
    expect(rows[1]).toHaveTextContent('01/11/2026');
    expect(rows[1]).toHaveTextContent('R$ 60,00');
    expect(rows[1]).toHaveTextContent('R$ 50,00');
    expect(rows[1]).toHaveTextContent('Vencida');
    expect(rows[1]).toHaveTextContent('19');
    // Only open receivables can be picked for an agreement.
    expect(within(rows[1] as HTMLElement).getByRole('checkbox')).toBeInTheDocument();
    expect(rows[3]).toHaveTextContent('Paga');
    expect(within(rows[3] as HTMLElement).queryByRole('checkbox')).toBeNull();
  });

  it('shows why an opted-out or paused customer gets no messages', async () => {
    setupWorkspace(
      clienteDetalhe({
        status: 'pausado',
        pausa_motivo: 'Cliente em viagem',
        opt_out: { em: '2026-11-15T13:00:00.000Z', mensagem: 'SAIR', canal: 'whatsapp_cloud' },
      }),
    );
    await openWorkspace();
    expect(
      screen.getByText(
        "Cliente pediu para não receber mensagens em 15/11/2026, por mensagem (WhatsApp): 'SAIR'",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Cobrança pausada: Cliente em viagem')).toBeInTheDocument();
  });

  it('stays usable on a 390 px phone: every block stacked in one column', async () => {
    setViewportWidth(MOBILE);
    setupWorkspace();
    await openWorkspace();
    expect(screen.getByRole('combobox', { name: 'Mensagem' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Ações do cliente' })).toBeInTheDocument();
  });

  it('stacks the receivables in cards on a phone, each figure labelled, open ones selectable', async () => {
    setViewportWidth(MOBILE);
    setupWorkspace(
      clienteDetalhe({
        contas: [
          conta(1, {
            descricao: 'NF-e 1234 parcela 1',
            saldo: 50,
            multa: 1,
            juros: 0.25,
            valor_atualizado: 51.25,
          }),
          conta(2, { descricao: 'NF-e 1234 parcela 2', vencimento: '2026-11-10', dias_atraso: 10 }),
          conta(3, { descricao: 'NF-e 999 quitada', status: 'paga', saldo: 0, dias_atraso: 0 }),
        ],
      }),
    );
    await openWorkspace();
    const secao = within(screen.getByRole('region', { name: 'Contas a receber' }));
    // No table to scroll sideways (issue 17).
    expect(secao.queryByRole('table')).toBeNull();
    const cartoes = within(secao.getByRole('list', { name: 'Contas a receber' })).getAllByRole('listitem');
    expect(cartoes).toHaveLength(3);
    const [primeiro, , quitada] = cartoes as HTMLElement[];
    expect(within(primeiro as HTMLElement).getByText('Vencimento').tagName).toBe('DT');
    expect(primeiro).toHaveTextContent('NF-e 1234 parcela 1Parcela 001');
    expect(primeiro).toHaveTextContent('Vencimento01/11/2026');
    expect(primeiro).toHaveTextContent('SaldoR$ 50,00');
    expect(primeiro).toHaveTextContent('Multa e jurosmulta R$ 1,00 · juros R$ 0,25');
    expect(primeiro).toHaveTextContent('AtualizadoR$ 51,25');
    expect(primeiro).toHaveTextContent('StatusVencida');
    expect(primeiro).toHaveTextContent('Atraso (dias)19');
    expect(within(quitada as HTMLElement).queryByRole('checkbox')).toBeNull();

    const user = userEvent.setup();
    await user.click(secao.getByRole('checkbox', { name: 'Selecionar todas as contas em aberto' }));
    expect(secao.getByRole('checkbox', { name: /Selecionar NF-e 1234 parcela 1/ })).toBeChecked();
    expect(secao.getByRole('checkbox', { name: /Selecionar NF-e 1234 parcela 2/ })).toBeChecked();
    await user.click(secao.getByRole('checkbox', { name: /Selecionar NF-e 1234 parcela 2/ }));
    expect(secao.getByRole('checkbox', { name: 'Selecionar todas as contas em aberto' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
  });

  it('keeps an h2 while loading', async () => {
    setupWorkspace();
    server.use(
      http.get('/api/operador/clientes/7', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderApp('/operador/clientes/7');
    expect(await screen.findByRole('heading', { level: 2, name: 'Cliente' })).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const estado = setupWorkspace();
    server.use(
      http.get('/api/operador/clientes/7', () =>
        HttpResponse.json({ code: 'ERRO_INTERNO', message: 'Erro interno do servidor.' }, { status: 500 }),
      ),
    );
    renderApp('/operador/clientes/7');
    expect(await screen.findByText('Erro interno do servidor.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Cliente' })).toBeInTheDocument();
    server.use(http.get('/api/operador/clientes/7', () => HttpResponse.json(estado.cliente)));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Maria da Silva Souza' }),
    ).toBeInTheDocument();
  });

  it('answers a 404 with "Cliente não encontrado" and a way back', async () => {
    setupWorkspace();
    server.use(
      http.get('/api/operador/clientes/99', () =>
        HttpResponse.json(
          { code: 'CLIENTE_NAO_ENCONTRADO', message: 'Cliente não encontrado.' },
          { status: 404 },
        ),
      ),
    );
    const app = renderApp('/operador/clientes/99');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Cliente não encontrado' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Voltar para os clientes' }));
    await waitFor(() => expect(app.pathname()).toBe('/operador/clientes'));
  });
});

describe('ClienteWorkspacePage — lifecycle actions', () => {
  const CASOS: [ClienteStatus, string[]][] = [
    ['ativo', ['Pausar']],
    ['aguardando_atendimento', ['Assumir', 'Pausar']],
    ['em_atendimento', ['Pausar', 'Reativar']],
    ['pausado', ['Reativar']],
    ['concluido', []],
  ];

  it.each(CASOS)('offers only the legal actions when %s', async (status, legais) => {
    setupWorkspace(clienteDetalhe({ status }));
    await openWorkspace();
    for (const acao of ['Assumir', 'Pausar', 'Reativar']) {
      const botao = acoes().queryByRole('button', { name: acao });
      if (legais.includes(acao)) expect(botao).toBeInTheDocument();
      else expect(botao).toBeNull();
    }
    expect(acoes().getByRole('button', { name: 'Registrar ligação' })).toBeInTheDocument();
    const cobranca = acoes().queryByRole('button', { name: 'Registrar pagamento' });
    if (status === 'concluido') expect(cobranca).toBeNull();
    else expect(cobranca).toBeEnabled();
  });

  it('offers only Assumir on an unassigned customer in the queue, and says why', async () => {
    setupWorkspace(clienteDetalhe({ status: 'aguardando_atendimento', operador: null }));
    await openWorkspace();
    expect(acoes().getByRole('button', { name: 'Assumir' })).toBeInTheDocument();
    for (const acao of ['Registrar ligação', 'Promessa de pagamento', 'Registrar pagamento', 'Pausar'])
      expect(acoes().queryByRole('button', { name: acao })).toBeNull();
    expect(acoes().getByText(/Assuma o atendimento para registrar ligações/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Mensagem' })).toBeDisabled();
    expect(screen.getByText('Assuma o atendimento para responder a este cliente.')).toBeInTheDocument();
  });

  it('assumir takes the customer and refreshes the badges', async () => {
    const estado = setupWorkspace(clienteDetalhe({ status: 'aguardando_atendimento', operador: null }));
    server.use(http.post('/api/operador/clientes/:id/assumir', answerWith(estado, clienteDetalhe())));
    await openWorkspace();
    const badgesAntes = estado.badgeLoads;
    await userEvent.click(acoes().getByRole('button', { name: 'Assumir' }));
    expect(
      await screen.findByText('Você assumiu o atendimento de Maria da Silva Souza.'),
    ).toBeInTheDocument();
    expect(estado.writes).toEqual([{ method: 'POST', path: '/api/operador/clientes/7/assumir', body: null }]);
    expect(await screen.findByText('Em atendimento')).toBeInTheDocument();
    expect(acoes().queryByRole('button', { name: 'Assumir' })).toBeNull();
    await waitFor(() => expect(estado.badgeLoads).toBeGreaterThan(badgesAntes));
  });

  it('assumir answered 409 shows who won and reloads the customer', async () => {
    const estado = setupWorkspace(clienteDetalhe({ status: 'aguardando_atendimento', operador: null }));
    server.use(
      http.post('/api/operador/clientes/:id/assumir', () => {
        estado.cliente = clienteDetalhe({ operador: { id: 9, name: 'Bruno Lima' } });
        return HttpResponse.json(
          { code: 'CONFLITO_ASSUMIR', message: 'Outro operador (Bruno Lima) já assumiu este cliente.' },
          { status: 409 },
        );
      }),
    );
    await openWorkspace();
    const loads = estado.detalheLoads;
    await userEvent.click(acoes().getByRole('button', { name: 'Assumir' }));
    expect(
      await screen.findByText('Outro operador (Bruno Lima) já assumiu este cliente.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(estado.detalheLoads).toBeGreaterThan(loads));
    expect(await screen.findByText('Bruno Lima')).toBeInTheDocument();
  });

  it('pausar requires a motivo of 3+ characters and sends it', async () => {
    const estado = setupWorkspace(clienteDetalhe({ status: 'ativo' }));
    const pausado = clienteDetalhe({ status: 'pausado', pausa_motivo: 'Pediu prazo' });
    server.use(http.patch('/api/operador/clientes/:id/pausar', answerWith(estado, pausado)));
    await openWorkspace();
    const user = userEvent.setup();
    await user.click(acoes().getByRole('button', { name: 'Pausar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pausar cobrança?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pausar' }));
    expect(await within(dialog).findByText('O motivo deve ter pelo menos 3 caracteres.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Motivo da pausa/), 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Pausar' }));
    expect(within(dialog).getByText('O motivo deve ter pelo menos 3 caracteres.')).toBeInTheDocument();
    expect(estado.writes).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/Motivo da pausa/));
    await user.type(within(dialog).getByLabelText(/Motivo da pausa/), '  Pediu prazo ');
    await user.click(within(dialog).getByRole('button', { name: 'Pausar' }));
    expect(await screen.findByText('Cobrança de Maria da Silva Souza pausada.')).toBeInTheDocument();
    expect(estado.writes).toEqual([
      { method: 'PATCH', path: '/api/operador/clientes/7/pausar', body: { motivo: 'Pediu prazo' } },
    ]);
    expect(await screen.findByText('Cobrança pausada: Pediu prazo')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('reativar asks for confirmation first', async () => {
    const estado = setupWorkspace(clienteDetalhe({ status: 'pausado', pausa_motivo: 'Pediu prazo' }));
    server.use(
      http.patch(
        '/api/operador/clientes/:id/reativar',
        answerWith(estado, clienteDetalhe({ status: 'ativo' })),
      ),
    );
    await openWorkspace();
    const user = userEvent.setup();
    await user.click(acoes().getByRole('button', { name: 'Reativar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reativar cobrança?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(estado.writes).toEqual([]);

    await user.click(acoes().getByRole('button', { name: 'Reativar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reativar cobrança?' })).getByRole('button', {
        name: 'Reativar',
      }),
    );
    expect(await screen.findByText('Cobrança de Maria da Silva Souza reativada.')).toBeInTheDocument();
    expect(estado.writes).toEqual([
      { method: 'PATCH', path: '/api/operador/clientes/7/reativar', body: null },
    ]);
    expect(await screen.findByText('Ativo')).toBeInTheDocument();
  });
});
