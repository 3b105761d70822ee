import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server.ts';
import { mensagensQueryOptions } from '../api/mensagens.ts';
import { clienteDetalhe, mensagem, openWorkspace, setupWorkspace } from './workspace.test-fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const thread = () => within(screen.getByRole('list', { name: 'Conversa com o cliente' }));
const composer = () => screen.getByRole('textbox', { name: 'Mensagem' });

const CONVERSA = [
  mensagem(1, { origem: 'regua', autor: null, status: 'lida', conteudo: 'Sua fatura vence amanhã.' }),
  mensagem(2, {
    direcao: 'entrada',
    origem: 'cliente',
    status: 'recebida',
    autor: null,
    conteudo: 'Posso parcelar?',
  }),
  mensagem(3, { status: 'enviada', conteudo: 'Claro! Em quantas vezes?' }),
  mensagem(4, { status: 'entregue', conteudo: 'Aguardo seu retorno.' }),
  mensagem(5, { status: 'falhou', erro: 'Número sem WhatsApp', conteudo: 'Tentativa falhou.' }),
];

describe('MensagensThread', () => {
  it('shows the conversation oldest first, with sides, authors and delivery ticks', async () => {
    setupWorkspace(clienteDetalhe(), CONVERSA);
    await openWorkspace();
    await screen.findByText('Sua fatura vence amanhã.');
    const itens = thread().getAllByRole('listitem');
    expect(itens.map((i) => i.getAttribute('aria-label'))).toEqual([
      'Mensagem de Régua automática',
      'Mensagem do cliente',
      'Mensagem de Olívia Operadora Santos',
      'Mensagem de Olívia Operadora Santos',
      'Mensagem de Olívia Operadora Santos',
    ]);
    expect(itens[0]).toHaveTextContent('Sua fatura vence amanhã.');
    expect(within(itens[0] as HTMLElement).getByRole('img', { name: 'Lida' })).toBeInTheDocument();
    expect(itens[1]).toHaveTextContent('19/11/2026 09:00');
    expect(within(itens[1] as HTMLElement).queryByRole('img')).toBeNull();
    expect(within(itens[2] as HTMLElement).getByRole('img', { name: 'Enviada' })).toBeInTheDocument();
    expect(within(itens[3] as HTMLElement).getByRole('img', { name: 'Entregue' })).toBeInTheDocument();
    expect(itens[4]).toHaveTextContent('Falhou: Número sem WhatsApp');
  });

  it('Enter sends, showing the message as pending until the server answers', async () => {
    const estado = setupWorkspace(clienteDetalhe(), [CONVERSA[1] as (typeof CONVERSA)[number]]);
    const bodies: unknown[] = [];
    let responder: () => void = () => {};
    server.use(
      http.post('/api/operador/clientes/:id/mensagens', async ({ request }) => {
        bodies.push(await request.json());
        await new Promise<void>((resolve) => {
          responder = resolve;
        });
        const salva = mensagem(9, { status: 'enviada', conteudo: 'Bom dia!\nPodemos negociar.' });
        estado.mensagens = [...estado.mensagens, salva];
        return HttpResponse.json(salva, { status: 201 });
      }),
    );
    await openWorkspace();
    await screen.findByText('Posso parcelar?');
    const user = userEvent.setup();
    await user.type(composer(), 'Bom dia!{Shift>}{Enter}{/Shift}Podemos negociar.');
    expect(composer()).toHaveValue('Bom dia!\nPodemos negociar.');
    expect(bodies).toEqual([]);
    expect(screen.getByText('26/4096 · Enter envia, Shift+Enter quebra a linha')).toBeInTheDocument();

    await user.keyboard('{Enter}');
    expect(composer()).toHaveValue('');
    await waitFor(() => expect(bodies).toEqual([{ conteudo: 'Bom dia!\nPodemos negociar.' }]));
    const pendente = thread().getAllByRole('listitem').at(-1) as HTMLElement;
    expect(pendente).toHaveTextContent(/Bom dia!\s+Podemos negociar\./);
    expect(within(pendente).getByRole('img', { name: 'Pendente' })).toBeInTheDocument();

    responder();
    await waitFor(() =>
      expect(
        within(thread().getAllByRole('listitem').at(-1) as HTMLElement).getByRole('img', { name: 'Enviada' }),
      ).toBeInTheDocument(),
    );
    expect(thread().getAllByRole('listitem')).toHaveLength(2);
  });

  it('inserts a canned reply with the customer’s first name', async () => {
    setupWorkspace();
    await openWorkspace();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Inserir modelo' }));
    await user.click(
      await screen.findByRole('menuitem', {
        name: 'Olá, Maria! Podemos ajudar com a negociação da sua fatura?',
      }),
    );
    expect(composer()).toHaveValue('Olá, Maria! Podemos ajudar com a negociação da sua fatura?');
  });

  it('gives the text back and warns when sending fails', async () => {
    setupWorkspace();
    server.use(
      http.post('/api/operador/clientes/:id/mensagens', async () => {
        await delay(20);
        return HttpResponse.json(
          {
            code: 'CONVERSA_FECHADA',
            message: 'Fora da janela de 24 horas: use um modelo aprovado.',
            errors: { conteudo: ['Fora da janela de 24 horas: use um modelo aprovado.'] },
          },
          { status: 422 },
        );
      }),
    );
    await openWorkspace();
    const user = userEvent.setup();
    await user.type(composer(), 'Oi{Enter}');
    expect(
      await screen.findByText('Fora da janela de 24 horas: use um modelo aprovado.'),
    ).toBeInTheDocument();
    expect(composer()).toHaveValue('Oi');
    expect(screen.queryByRole('list', { name: 'Conversa com o cliente' })).toBeNull();
  });

  it('disables the composer for an opted-out customer, saying why', async () => {
    setupWorkspace(clienteDetalhe({ opt_out: { em: '2026-11-15T13:00:00.000Z', mensagem: 'SAIR' } }));
    await openWorkspace();
    expect(composer()).toBeDisabled();
    expect(composer()).toHaveAccessibleDescription('O cliente pediu para não receber mensagens (opt-out).');
    expect(screen.getByRole('button', { name: 'Enviar mensagem' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Inserir modelo' })).toBeDisabled();
  });

  it('disables the composer for a customer without phone', async () => {
    setupWorkspace(clienteDetalhe({ telefone: null }));
    await openWorkspace();
    expect(composer()).toBeDisabled();
    expect(composer()).toHaveAccessibleDescription('O cliente não tem telefone cadastrado.');
  });
});

describe('mensagensQueryOptions', () => {
  it('polls the open thread every 5 s', () => {
    expect(mensagensQueryOptions(7).refetchInterval).toBe(5000);
    expect(mensagensQueryOptions(7).queryKey).toEqual(['operador', 'mensagens', 7]);
  });
});
