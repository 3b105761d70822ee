import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server.ts';
import { useAoVivo } from '../api/ao-vivo-estado.ts';
import { clienteQueryOptions } from '../api/cliente.ts';
import { mensagensQueryOptions } from '../api/mensagens.ts';
import {
  clienteDetalhe,
  mensagem,
  openWorkspace,
  setupWorkspace,
  WHATSAPP_CLOUD,
} from './workspace.test-fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const thread = () => within(screen.getByRole('list', { name: 'Conversa com o cliente' }));
const composer = () => screen.getByRole('combobox', { name: 'Mensagem' });

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
    // The customer's message has its channel and no delivery tick.
    expect(
      within(itens[1] as HTMLElement)
        .getAllByRole('img')
        .map((i) => i.getAttribute('aria-label')),
    ).toEqual(['Via WhatsApp']);
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
    expect(await screen.findByText('Pagamento PIX recebido: R$ 150,00')).toBeInTheDocument();
    expect(thread().getAllByRole('listitem').at(-1)).toHaveAccessibleName('Aviso do sistema');
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
    expect(
      screen.getByText('26/4.096 · Enter envia, Shift+Enter quebra a linha, / abre as respostas rápidas'),
    ).toBeInTheDocument();

    await user.keyboard('{Enter}');
    expect(composer()).toHaveValue('');
    await waitFor(() =>
      expect(bodies).toEqual([{ conteudo: 'Bom dia!\nPodemos negociar.', canal: 'whatsapp' }]),
    );
    const pendente = thread().getAllByRole('listitem').at(-1) as HTMLElement;
    expect(pendente).toHaveTextContent(/Bom dia!\s+Podemos negociar\./);
    expect(pendente).toHaveTextContent('Na fila');
    expect(within(pendente).queryByRole('img', { name: 'Enviada' })).toBeNull();

    responder();
    await waitFor(() =>
      expect(
        within(thread().getAllByRole('listitem').at(-1) as HTMLElement).getByRole('img', { name: 'Enviada' }),
      ).toBeInTheDocument(),
    );
    expect(thread().getAllByRole('listitem')).toHaveLength(2);
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
    setupWorkspace(
      clienteDetalhe({
        opt_out: { em: '2026-11-15T13:00:00.000Z', mensagem: 'SAIR', canal: 'whatsapp_cloud' },
        canais: clienteDetalhe().canais.map((c) => ({
          ...c,
          disponivel: false,
          opt_out_em: '2026-11-15T13:00:00.000Z',
        })),
      }),
    );
    await openWorkspace();
    expect(composer()).toBeDisabled();
    expect(composer()).toHaveAccessibleDescription('O cliente pediu para não receber mensagens (opt-out).');
    expect(screen.getByRole('button', { name: 'Enviar mensagem' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Respostas rápidas' })).toBeDisabled();
  });

  it('disables the composer for a customer without phone nor e-mail', async () => {
    setupWorkspace(
      clienteDetalhe({
        telefone: null,
        email: null,
        canais: clienteDetalhe().canais.map((c) => ({ ...c, disponivel: false, endereco: null })),
      }),
    );
    await openWorkspace();
    expect(composer()).toBeDisabled();
    expect(composer()).toHaveAccessibleDescription('O cliente não tem telefone nem e-mail cadastrado.');
  });
});

describe('MensagensThread — what each message’s state truly is', () => {
  const estados = () =>
    within(screen.getByRole('list', { name: 'Conversa com o cliente' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');

  it('shows a régua message held by the closed window as scheduled, with when it goes', async () => {
    const estado = setupWorkspace(clienteDetalhe(), [
      mensagem(1, { origem: 'regua', status: 'pendente', conteudo: 'Lembrete da régua' }),
      mensagem(2, { status: 'pendente', conteudo: 'Do operador' }),
      mensagem(3, { status: 'enviada', conteudo: 'Já saiu' }),
      mensagem(4, { status: 'falhou', conteudo: 'Não saiu', erro: 'Número inexistente' }),
    ]);
    // Friday 20/11 12:00 in São Paulo; the window opens again Saturday at 08:00.
    estado.janela = {
      aberta: false,
      automacao_ligada: true,
      abre_em: '2026-11-21T11:00:00.000Z',
      fecha_em: null,
      fuso_horario: 'America/Sao_Paulo',
    };
    await openWorkspace();
    await waitFor(() =>
      expect(estados().join()).toContain('Agendada · sai amanhã às 08:00 (fora da janela)'),
    );
    const [regua, operador, enviada, falhou] = estados();
    expect(regua).toContain('Lembrete da régua');
    expect(regua).not.toContain('Enviada');
    // An operator's message ignores the window: it is just queued.
    expect(operador).toContain('Na fila');
    expect(screen.getByRole('img', { name: 'Enviada' })).toBeInTheDocument();
    expect(enviada).toContain('Já saiu');
    expect(falhou).toContain('Falhou: Número inexistente');
  });

  it('says when automation is paused and when a retry is due', async () => {
    const estado = setupWorkspace(clienteDetalhe(), [
      mensagem(1, { origem: 'regua', status: 'pendente' }),
      mensagem(2, { status: 'pendente', proxima_tentativa_em: '2026-11-20T15:30:00.000Z' }),
      // A pre-debit notice waiting for the window: its first send, not a retry.
      mensagem(3, {
        origem: 'sistema',
        status: 'pendente',
        proxima_tentativa_em: '2026-11-20T15:30:00.000Z',
      }),
    ]);
    estado.janela = { ...estado.janela, automacao_ligada: false };
    await openWorkspace();
    await waitFor(() => expect(estados()[0]).toContain('Agendada · automação pausada'));
    expect(estados()[1]).toContain('Nova tentativa às 12:30');
    expect(estados()[2]).toContain('Agendada · sai às 12:30');
  });
});

describe('MensagensThread — warnings before an operator writes', () => {
  const aviso = () => within(screen.getByRole('region', { name: 'Conversa' })).queryByRole('alert');

  it('warns outside the company’s sending hours that the message still goes at once', async () => {
    const estado = setupWorkspace(clienteDetalhe(), [mensagem(1, { direcao: 'entrada', origem: 'cliente' })]);
    estado.janela = { ...estado.janela, aberta: false, abre_em: '2026-11-21T11:00:00.000Z', fecha_em: null };
    await openWorkspace();
    await waitFor(() =>
      expect(aviso()).toHaveTextContent('Fora do horário de envio da empresa (volta amanhã às 08:00)'),
    );
    expect(aviso()).not.toHaveTextContent('24 horas');
  });

  it('tells about WhatsApp’s 24-hour rule on the Cloud API when the customer last wrote long ago', async () => {
    const estado = setupWorkspace(clienteDetalhe(), [
      mensagem(1, { direcao: 'entrada', origem: 'cliente', created_at: '2026-11-18T15:00:00.000Z' }),
    ]);
    estado.canal = WHATSAPP_CLOUD;
    await openWorkspace();
    await waitFor(() => expect(aviso()).toHaveTextContent('O cliente não escreve há mais de 24 horas'));
  });

  it('says nothing inside the window and the 24 hours', async () => {
    const estado = setupWorkspace(clienteDetalhe(), [
      mensagem(1, { direcao: 'entrada', origem: 'cliente', created_at: '2026-11-20T14:00:00.000Z' }),
    ]);
    estado.canal = WHATSAPP_CLOUD;
    await openWorkspace();
    await screen.findByText('Mensagem 1');
    expect(aviso()).toBeNull();
  });
});

/** The interval a query polls at, read as TanStack Query would (a function is asked each time). */
const intervalo = (opcoes: { refetchInterval?: unknown }) =>
  typeof opcoes.refetchInterval === 'function' ? opcoes.refetchInterval() : opcoes.refetchInterval;

describe('mensagensQueryOptions', () => {
  afterEach(() => useAoVivo.setState({ conectado: false }));

  it('polls the open thread every 5 s without the live stream, once a minute with it', () => {
    expect(intervalo(mensagensQueryOptions(7))).toBe(5000);
    useAoVivo.setState({ conectado: true });
    expect(intervalo(mensagensQueryOptions(7))).toBe(60_000);
    expect(mensagensQueryOptions(7).queryKey).toEqual(['operador', 'mensagens', 7]);
  });
});

describe('clienteQueryOptions', () => {
  it('polls the open workspace at the thread’s pace, so a paid PIX shows in the conversation', () => {
    expect(intervalo(clienteQueryOptions(7))).toBe(intervalo(mensagensQueryOptions(7)));
  });
});
