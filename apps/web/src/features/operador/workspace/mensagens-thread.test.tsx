import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server.ts';
import { clienteQueryOptions } from '../api/cliente.ts';
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

  it('shows each recorded PIX as a centered notice at its time, between the messages, in reais', async () => {
    // CONVERSA's messages are at 19/11 11:00 … 15:00 UTC; the detail lists PIX newest first.
    const pix = {
      end_to_end_id: 'E12345678202611191130PAGO00001',
      valor: 1024,
      valor_liquidado: 1024,
      credito: 0,
      horario: '2026-11-19T12:30:00.000Z',
    };
    const comCredito = {
      end_to_end_id: 'E12345678202611191230SOBRA0001',
      valor: 1050.5,
      valor_liquidado: 1000,
      credito: 50.5,
      horario: '2026-11-19T13:30:00.000Z',
    };
    const semDivida = {
      end_to_end_id: 'E12345678202611191500SOLTO0001',
      valor: 80,
      valor_liquidado: 0,
      credito: 80,
      horario: '2026-11-19T15:30:00.000Z',
    };
    setupWorkspace(clienteDetalhe({ pix_recebidos: [semDivida, comCredito, pix] }), CONVERSA);
    await openWorkspace();
    await screen.findByText('Pagamento PIX recebido: R$ 1.024,00');
    const itens = thread().getAllByRole('listitem');
    expect(itens.map((i) => i.getAttribute('aria-label'))).toEqual([
      'Mensagem de Régua automática',
      'Mensagem do cliente',
      'Aviso do sistema',
      'Mensagem de Olívia Operadora Santos',
      'Aviso do sistema',
      'Mensagem de Olívia Operadora Santos',
      'Mensagem de Olívia Operadora Santos',
      'Aviso do sistema',
    ]);
    expect(itens[2]).toHaveTextContent('Pagamento PIX recebido: R$ 1.024,0019/11/2026 09:30');
    expect(itens[4]).toHaveTextContent(
      'Pagamento PIX recebido: R$ 1.000,00 · R$ 50,50 ficou como crédito a atribuir',
    );
    expect(itens[7]).toHaveTextContent(
      'PIX recebido: R$ 80,00 sem dívida em aberto — crédito a atribuir pelo administrador',
    );
    // Not a message anybody sent: no author, no delivery tick.
    for (const aviso of [itens[2], itens[4], itens[7]] as HTMLElement[]) {
      expect(aviso).not.toHaveTextContent(/Olívia|Régua|Sistema/);
      expect(within(aviso).queryByRole('img')).toBeNull();
    }
  });

  it('shows a PIX paid while the page is open without a reload', async () => {
    const estado = setupWorkspace(clienteDetalhe(), CONVERSA.slice(0, 2));
    await openWorkspace();
    await screen.findByText('Posso parcelar?');
    expect(thread().getAllByRole('listitem')).toHaveLength(2);
    estado.cliente = clienteDetalhe({
      pix_recebidos: [
        {
          end_to_end_id: 'E12345678202611201459AOVIVO001',
          valor: 150,
          valor_liquidado: 150,
          credito: 0,
          horario: '2026-11-20T14:59:00.000Z',
        },
      ],
    });
    expect(
      await screen.findByText('Pagamento PIX recebido: R$ 150,00', {}, { timeout: 8_000 }),
    ).toBeInTheDocument();
    expect(thread().getAllByRole('listitem').at(-1)).toHaveAccessibleName('Aviso do sistema');
  }, 12_000);

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

describe('clienteQueryOptions', () => {
  it('polls the open workspace at the thread’s pace, so a paid PIX shows in the conversation', () => {
    expect(clienteQueryOptions(7).refetchInterval).toBe(mensagensQueryOptions(7).refetchInterval);
  });
});
