import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server.ts';
import {
  clienteDetalhe,
  mensagem,
  openWorkspace,
  SIMULADOR,
  setupWorkspace,
  WHATSAPP_CLOUD,
} from './workspace.test-fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const BOTAO = 'Simular resposta do cliente';
const conversa = () => within(screen.getByRole('region', { name: 'Conversa' }));

/** Serves `canal` and resolves once the page has asked for it. */
const canalCarregado = (canal: typeof SIMULADOR) => {
  let carregado = false;
  server.use(
    http.get('/api/operador/canal', () => {
      carregado = true;
      return HttpResponse.json(canal);
    }),
  );
  return () => waitFor(() => expect(carregado).toBe(true));
};

const abrirDialogo = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await conversa().findByRole('button', { name: BOTAO }));
  return screen.findByRole('dialog', { name: BOTAO });
};

describe('Simular resposta do cliente — availability', () => {
  it('is offered when the simulator is the active channel', async () => {
    setupWorkspace();
    await openWorkspace();
    expect(await conversa().findByRole('button', { name: BOTAO })).toBeInTheDocument();
  });

  it('is hidden with the WhatsApp Cloud API', async () => {
    setupWorkspace();
    const carregado = canalCarregado(WHATSAPP_CLOUD);
    await openWorkspace();
    await carregado();
    expect(screen.queryByRole('button', { name: BOTAO })).toBeNull();
  });

  it('is hidden for a customer without a phone', async () => {
    setupWorkspace(clienteDetalhe({ telefone: null }));
    const carregado = canalCarregado(SIMULADOR);
    await openWorkspace();
    await carregado();
    expect(screen.queryByRole('button', { name: BOTAO })).toBeNull();
  });

  it('is hidden when the channel cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setupWorkspace();
    let tentativas = 0;
    server.use(
      http.get('/api/operador/canal', () => {
        tentativas++;
        return HttpResponse.json(
          { code: 'ERRO_INTERNO', message: 'Erro interno do servidor.' },
          { status: 500 },
        );
      }),
    );
    await openWorkspace();
    await waitFor(() => expect(tentativas).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: BOTAO })).toBeNull();
  });
});

describe('Simular resposta do cliente — dialog', () => {
  it('posts the text, then the thread, the customer and the badges reload', async () => {
    const estado = setupWorkspace(clienteDetalhe({ status: 'ativo', numero_chamadas: 2 }));
    const resposta = mensagem(9, {
      direcao: 'entrada',
      origem: 'cliente',
      status: 'recebida',
      autor: null,
      conteudo: 'Quero negociar',
    });
    server.use(
      http.post('/api/operador/clientes/:id/simular-resposta', async ({ request }) => {
        estado.writes.push({
          method: request.method,
          path: new URL(request.url).pathname,
          body: await request.json(),
        });
        estado.cliente = clienteDetalhe({ status: 'aguardando_atendimento', numero_chamadas: 0 });
        estado.mensagens = [resposta];
        return HttpResponse.json(
          { mensagem: resposta, cliente_status: 'aguardando_atendimento', opt_out: false },
          { status: 201 },
        );
      }),
    );
    await openWorkspace();
    const antes = { ...estado };
    const user = userEvent.setup();
    const dialog = await abrirDialogo(user);
    await user.type(within(dialog).getByLabelText(/Resposta do cliente/), '  Quero negociar ');
    expect(within(dialog).getByText('17/4096')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Simular resposta' }));

    expect(
      await screen.findByText('Resposta simulada: cliente agora em Aguardando atendimento.'),
    ).toBeInTheDocument();
    expect(estado.writes).toEqual([
      {
        method: 'POST',
        path: '/api/operador/clientes/7/simular-resposta',
        body: { texto: 'Quero negociar' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const item = await conversa().findByRole('listitem', { name: 'Mensagem do cliente' });
    expect(item).toHaveTextContent('Quero negociar');
    await waitFor(() => expect(estado.detalheLoads).toBeGreaterThan(antes.detalheLoads));
    expect(estado.mensagensLoads).toBeGreaterThan(antes.mensagensLoads);
    await waitFor(() => expect(estado.badgeLoads).toBeGreaterThan(antes.badgeLoads));
    // The header follows the reloaded customer: now waiting for an operator.
    expect(await screen.findByText('Aguardando atendimento')).toBeInTheDocument();
  });

  it('says when the reply was an opt-out', async () => {
    setupWorkspace(clienteDetalhe({ status: 'ativo' }));
    server.use(
      http.post('/api/operador/clientes/:id/simular-resposta', () =>
        HttpResponse.json(
          {
            mensagem: mensagem(9, { direcao: 'entrada', conteudo: 'SAIR' }),
            cliente_status: 'ativo',
            opt_out: true,
          },
          { status: 201 },
        ),
      ),
    );
    await openWorkspace();
    const user = userEvent.setup();
    const dialog = await abrirDialogo(user);
    expect(dialog).toHaveTextContent('SAIR, PARAR ou STOP simulam um pedido de opt-out.');
    await user.type(within(dialog).getByLabelText(/Resposta do cliente/), 'SAIR');
    await user.click(within(dialog).getByRole('button', { name: 'Simular resposta' }));
    expect(
      await screen.findByText('Resposta simulada: cliente agora em Ativo. Pedido de opt-out registrado.'),
    ).toBeInTheDocument();
  });

  it('blocks an empty or blank reply without calling the server', async () => {
    const estado = setupWorkspace();
    await openWorkspace();
    const user = userEvent.setup();
    const dialog = await abrirDialogo(user);
    const campo = within(dialog).getByLabelText(/Resposta do cliente/);
    expect(campo).toBeRequired();
    await user.click(within(dialog).getByRole('button', { name: 'Simular resposta' }));
    await waitFor(() => expect(campo).toHaveAccessibleDescription('Escreva a resposta do cliente.'));

    await user.type(campo, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Simular resposta' }));
    await waitFor(() => expect(campo).toHaveAccessibleDescription('Escreva a resposta do cliente.'));
    expect(estado.writes).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s 422 message on the field', async () => {
    setupWorkspace();
    server.use(
      http.post('/api/operador/clientes/:id/simular-resposta', () =>
        HttpResponse.json(
          {
            code: 'DADOS_INVALIDOS',
            message: 'Os dados enviados são inválidos.',
            errors: { texto: ['Texto recusado pelo servidor.'] },
          },
          { status: 422 },
        ),
      ),
    );
    await openWorkspace();
    const user = userEvent.setup();
    const dialog = await abrirDialogo(user);
    const campo = within(dialog).getByLabelText(/Resposta do cliente/);
    await user.type(campo, 'Oi');
    await user.click(within(dialog).getByRole('button', { name: 'Simular resposta' }));
    await waitFor(() => expect(campo).toHaveAccessibleDescription('Texto recusado pelo servidor.'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('shows a 409 in the dialog and drops the button once the channel has changed', async () => {
    const estado = setupWorkspace();
    server.use(
      http.post('/api/operador/clientes/:id/simular-resposta', () => {
        estado.canal = WHATSAPP_CLOUD;
        return HttpResponse.json(
          {
            code: 'SIMULADOR_INATIVO',
            message: 'A simulação de resposta só funciona com o canal simulador.',
          },
          { status: 409 },
        );
      }),
    );
    await openWorkspace();
    const user = userEvent.setup();
    const dialog = await abrirDialogo(user);
    await user.type(within(dialog).getByLabelText(/Resposta do cliente/), 'Oi');
    await user.click(within(dialog).getByRole('button', { name: 'Simular resposta' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A simulação de resposta só funciona com o canal simulador.',
    );
    // The page behind the modal is aria-hidden, hence `hidden: true`.
    await waitFor(() => expect(screen.queryByRole('button', { name: BOTAO, hidden: true })).toBeNull());
    expect(within(dialog).getByRole('alert')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: BOTAO })).toBeNull();
  });
});
