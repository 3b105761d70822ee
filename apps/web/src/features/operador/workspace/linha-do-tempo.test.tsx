import type { ClienteDetalhe, LinhaDoTempoItem, LinhaDoTempoResponse } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server.ts';
import { clienteDetalhe, mensagem, openWorkspace, setupWorkspace } from './workspace.test-fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const OLIVIA = { id: 3, name: 'Olívia Operadora Santos' };
const chave = (em: string, tipo: string, id: number) => `${em}~${tipo}~${id}`;

const nota = (id: number, em: string, excluivel_ate: string | null): LinhaDoTempoItem => ({
  chave: chave(em, 'nota', id),
  id,
  em,
  autor: OLIVIA,
  tipo: 'nota',
  texto: `Nota ${id}: prefere ligação à tarde`,
  excluivel_ate,
});

// AGORA is 2026-11-20T15:00:00Z (12:00 in São Paulo).
const PAGINA_1: LinhaDoTempoItem[] = [
  nota(9, '2026-11-20T14:55:00.000000Z', '2026-11-20T15:10:00.000Z'),
  {
    chave: chave('2026-11-20T12:00:00.000000Z', 'status', 40),
    id: 40,
    em: '2026-11-20T12:00:00.000000Z',
    autor: OLIVIA,
    tipo: 'status',
    acao: 'cliente.pausado',
    status_anterior: 'ativo',
    status_novo: 'pausado',
    detalhe: 'Cliente em viagem',
  },
  {
    chave: chave('2026-11-19T18:30:00.000000Z', 'pagamento', 5),
    id: 5,
    em: '2026-11-19T18:30:00.000000Z',
    autor: null,
    tipo: 'pagamento',
    valor: 150.5,
    data: '2026-11-19',
    forma: 'pix',
    pix_automatico: true,
    conciliado: false,
  },
];
const PAGINA_2: LinhaDoTempoItem[] = [
  {
    chave: chave('2026-11-10T13:00:00.000000Z', 'mensagem', 2),
    id: 2,
    em: '2026-11-10T13:00:00.000000Z',
    autor: null,
    tipo: 'mensagem',
    direcao: 'entrada',
    origem: 'cliente',
    status: 'recebida',
    canal: 'whatsapp',
    conteudo: 'Posso pagar semana que vem',
    erro: null,
    proxima_tentativa_em: null,
  },
];

type Pedido = { method: string; url: URL; body: unknown };

/** Serves the timeline in two pages and records every request to it and to notes and tags. */
const servirLinhaDoTempo = (paginas: LinhaDoTempoItem[][] = [PAGINA_1, PAGINA_2]) => {
  const pedidos: Pedido[] = [];
  const registrar = async (request: Request) => {
    const text = await request.text();
    pedidos.push({ method: request.method, url: new URL(request.url), body: text ? JSON.parse(text) : null });
  };
  server.use(
    http.get('/api/operador/clientes/:id/linha-do-tempo', async ({ request }) => {
      await registrar(request);
      const antes = new URL(request.url).searchParams.get('antes');
      const indice = antes === null ? 0 : paginas.findIndex((p) => p.at(-1)?.chave === antes) + 1;
      const itens = paginas[indice] ?? [];
      const proximo = indice < paginas.length - 1 ? (itens.at(-1)?.chave ?? null) : null;
      return HttpResponse.json({ itens, proximo } satisfies LinhaDoTempoResponse);
    }),
  );
  return pedidos;
};

const secao = () => within(screen.getByRole('region', { name: 'Linha do tempo' }));

describe('Linha do tempo', () => {
  it('lists every kind with relative and São Paulo times, and loads older pages on demand', async () => {
    setupWorkspace();
    const pedidos = servirLinhaDoTempo();
    await openWorkspace();
    const lista = await secao().findByRole('list', { name: 'Eventos do cliente' });
    const itens = within(lista).getAllByRole('listitem');
    expect(itens).toHaveLength(3);
    expect(itens[0]).toHaveTextContent('Nota interna');
    expect(itens[0]).toHaveTextContent('Nota 9: prefere ligação à tarde');
    expect(itens[0]).toHaveTextContent('há 5 min · 20/11/2026 11:55');
    expect(itens[0]).toHaveTextContent('Olívia Operadora Santos');
    expect(itens[1]).toHaveTextContent('Cobrança pausada');
    expect(itens[1]).toHaveTextContent('Ativo → Pausado · Cliente em viagem');
    expect(itens[1]).toHaveTextContent('há 3 h · 20/11/2026 09:00');
    expect(itens[2]).toHaveTextContent('Pagamento de R$ 150,50 (PIX, confirmado pelo banco)');
    expect(itens[2]).toHaveTextContent('há 20 h · 19/11/2026 15:30');

    await userEvent.click(secao().getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(within(lista).getAllByRole('listitem')).toHaveLength(4));
    expect(within(lista).getAllByRole('listitem')[3]).toHaveTextContent('Mensagem recebida');
    expect(within(lista).getAllByRole('listitem')[3]).toHaveTextContent('Posso pagar semana que vem');
    // The second page asked for what comes before the first page's last entry; then there is no more.
    expect(pedidos.map((p) => p.url.searchParams.get('antes'))).toEqual([null, PAGINA_1.at(-1)?.chave]);
    expect(pedidos[0]?.url.searchParams.get('limite')).toBe('50');
    expect(secao().queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('says each message’s state as the thread does: held by the window, queued, retrying, failed', async () => {
    const saida = (id: number, patch: Partial<Extract<LinhaDoTempoItem, { tipo: 'mensagem' }>>) =>
      ({
        chave: chave(`2026-11-20T1${id}:00:00.000000Z`, 'mensagem', id),
        id,
        em: `2026-11-20T1${id}:00:00.000000Z`,
        autor: null,
        tipo: 'mensagem',
        direcao: 'saida',
        origem: 'regua',
        status: 'pendente',
        canal: 'whatsapp',
        conteudo: `Mensagem ${id}`,
        erro: null,
        proxima_tentativa_em: null,
        ...patch,
      }) satisfies LinhaDoTempoItem;
    const agendada = saida(4, {});
    const estado = setupWorkspace(clienteDetalhe(), [
      mensagem(agendada.id, {
        origem: 'regua',
        status: 'pendente',
        conteudo: agendada.conteudo,
        autor: null,
      }),
    ]);
    // 12:00 in São Paulo, the window closed until 08:00 tomorrow.
    estado.janela = {
      aberta: false,
      automacao_ligada: true,
      abre_em: '2026-11-21T11:00:00.000Z',
      fecha_em: null,
      fuso_horario: 'America/Sao_Paulo',
    };
    servirLinhaDoTempo([
      [
        agendada,
        saida(3, { origem: 'operador', autor: OLIVIA }),
        // The operator's own message is not held by the window; it waits for its retry.
        saida(2, {
          origem: 'operador',
          erro: 'Canal indisponível',
          proxima_tentativa_em: '2026-11-20T15:30:00.000Z',
        }),
        saida(1, { status: 'falhou', erro: 'Número inválido' }),
        saida(0, { status: 'entregue' }),
      ],
    ]);
    await openWorkspace();
    const lista = await secao().findByRole('list', { name: 'Eventos do cliente' });
    const [itemAgendada, fila, tentativa, falhou, entregue] = within(lista).getAllByRole('listitem');
    await waitFor(() =>
      expect(itemAgendada).toHaveTextContent('Mensagem · Agendada · sai amanhã às 08:00 (fora da janela)'),
    );
    // The thread says the very same words of the same message.
    const conversa = within(screen.getByRole('region', { name: 'Conversa' }));
    expect(conversa.getByText('Agendada · sai amanhã às 08:00 (fora da janela)')).toBeInTheDocument();
    expect(fila).toHaveTextContent('Mensagem · Na fila');
    expect(tentativa).toHaveTextContent('Mensagem · Nova tentativa às 12:30');
    expect(tentativa).toHaveTextContent('Mensagem 2 · Canal indisponível');
    expect(falhou).toHaveTextContent('Mensagem · Falhou: Número inválido');
    expect(falhou).not.toHaveTextContent('Mensagem 1 · Número inválido');
    expect(entregue).toHaveTextContent('Mensagem · Entregue');
    expect(lista).not.toHaveTextContent(/pendente/i);
  });

  it('names each message’s channel; an e-mail reads as one and is never "Entregue" nor "Lida"', async () => {
    const item = (id: number, patch: Partial<Extract<LinhaDoTempoItem, { tipo: 'mensagem' }>>) =>
      ({
        chave: chave(`2026-11-20T1${id}:00:00.000000Z`, 'mensagem', id),
        id,
        em: `2026-11-20T1${id}:00:00.000000Z`,
        autor: null,
        tipo: 'mensagem',
        direcao: 'saida',
        origem: 'regua',
        status: 'entregue',
        canal: 'email',
        conteudo: `Mensagem ${id}`,
        erro: null,
        proxima_tentativa_em: null,
        ...patch,
      }) satisfies LinhaDoTempoItem;
    setupWorkspace();
    servirLinhaDoTempo([
      [
        item(4, {}),
        item(3, { status: 'lida' }),
        item(2, { direcao: 'entrada', origem: 'cliente', status: 'recebida' }),
        item(1, { canal: 'sms' }),
        item(0, { canal: 'whatsapp', status: 'lida' }),
      ],
    ]);
    await openWorkspace();
    const lista = await secao().findByRole('list', { name: 'Eventos do cliente' });
    const [entregue, lida, recebido, sms, whatsapp] = within(lista).getAllByRole('listitem');
    expect(within(entregue as HTMLElement).getByRole('img', { name: 'Via E-mail' })).toBeInTheDocument();
    expect(entregue).toHaveTextContent('E-mail · Enviado');
    expect(lida).toHaveTextContent('E-mail · Enviado');
    expect(recebido).toHaveTextContent('E-mail recebido');
    expect(within(sms as HTMLElement).getByRole('img', { name: 'Via SMS' })).toBeInTheDocument();
    expect(sms).toHaveTextContent('Mensagem · Entregue');
    expect(within(whatsapp as HTMLElement).getByRole('img', { name: 'Via WhatsApp' })).toBeInTheDocument();
    expect(whatsapp).toHaveTextContent('Mensagem · Lida');
    for (const email of [entregue, lida, recebido]) expect(email).not.toHaveTextContent(/Entregue|Lida/);
  });

  it('says when nothing happened yet', async () => {
    setupWorkspace();
    servirLinhaDoTempo([[]]);
    await openWorkspace();
    expect(await secao().findByText(/Nada registrado ainda/)).toBeInTheDocument();
    expect(secao().queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('shows a load error with a retry', async () => {
    setupWorkspace();
    let falhar = true;
    server.use(
      http.get('/api/operador/clientes/:id/linha-do-tempo', () =>
        falhar
          ? HttpResponse.json({ code: 'ERRO_INTERNO', message: 'Erro interno.' }, { status: 500 })
          : HttpResponse.json({ itens: PAGINA_2, proximo: null }),
      ),
    );
    await openWorkspace();
    expect(await secao().findByText('Erro interno.')).toBeInTheDocument();
    falhar = false;
    await userEvent.click(secao().getByRole('button', { name: 'Tentar de novo' }));
    expect(await secao().findByText('Posso pagar semana que vem')).toBeInTheDocument();
  });
});

describe('Notas internas', () => {
  it('refuses an empty note, then saves the trimmed text and refreshes the timeline', async () => {
    setupWorkspace();
    const pedidos = servirLinhaDoTempo([[]]);
    const escritas: unknown[] = [];
    server.use(
      http.post('/api/operador/clientes/:id/notas', async ({ request }) => {
        escritas.push(await request.json());
        return HttpResponse.json({ nota: nota(10, '2026-11-20T15:00:00.000000Z', null) }, { status: 201 });
      }),
    );
    await openWorkspace();
    const campo = await secao().findByLabelText('Nota interna — não é enviada ao cliente');
    await userEvent.click(secao().getByRole('button', { name: 'Salvar nota' }));
    expect(await secao().findByText('Escreva a nota.')).toBeInTheDocument();
    expect(escritas).toEqual([]);

    await userEvent.type(campo, '  Cliente contesta a parcela 2  ');
    expect(secao().getByText('28/2000')).toBeInTheDocument();
    const leiturasAntes = pedidos.length;
    await userEvent.click(secao().getByRole('button', { name: 'Salvar nota' }));
    await waitFor(() => expect(escritas).toEqual([{ texto: 'Cliente contesta a parcela 2' }]));
    await waitFor(() => expect(campo).toHaveValue(''));
    await waitFor(() => expect(pedidos.length).toBeGreaterThan(leiturasAntes));
  });

  it('shows the server’s field error', async () => {
    setupWorkspace();
    servirLinhaDoTempo([[]]);
    server.use(
      http.post('/api/operador/clientes/:id/notas', () =>
        HttpResponse.json(
          {
            code: 'DADOS_INVALIDOS',
            message: 'Os dados enviados são inválidos.',
            errors: { texto: ['A nota pode ter no máximo 2000 caracteres.'] },
          },
          { status: 422 },
        ),
      ),
    );
    await openWorkspace();
    await userEvent.type(await secao().findByLabelText(/Nota interna/), 'Texto');
    await userEvent.click(secao().getByRole('button', { name: 'Salvar nota' }));
    expect(await secao().findByText('A nota pode ter no máximo 2000 caracteres.')).toBeInTheDocument();
  });

  it('deletes the caller’s recent note only after confirmation', async () => {
    setupWorkspace();
    servirLinhaDoTempo([
      [
        nota(9, '2026-11-20T14:55:00.000000Z', '2026-11-20T15:10:00.000Z'),
        nota(8, '2026-11-20T10:00:00.000000Z', null),
      ],
    ]);
    const exclusoes: string[] = [];
    server.use(
      http.delete('/api/operador/clientes/:id/notas/:notaId', ({ params }) => {
        exclusoes.push(String(params.notaId));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await openWorkspace();
    await secao().findByText('Nota 9: prefere ligação à tarde');
    // Only the note still within its 15 minutes has the button.
    const botoes = secao().getAllByRole('button', { name: 'Excluir nota' });
    expect(botoes).toHaveLength(1);
    await userEvent.click(botoes[0] as HTMLElement);
    const dialogo = await screen.findByRole('dialog', { name: 'Excluir nota?' });
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(exclusoes).toEqual([]);

    await userEvent.click(secao().getByRole('button', { name: 'Excluir nota' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Excluir nota?' })).getByRole('button', {
        name: 'Excluir',
      }),
    );
    await waitFor(() => expect(exclusoes).toEqual(['9']));
  });

  it('asks to take over an unassigned customer before writing notes', async () => {
    setupWorkspace(clienteDetalhe({ status: 'aguardando_atendimento', operador: null }));
    servirLinhaDoTempo([[]]);
    await openWorkspace();
    expect(await secao().findByText('Assuma o cliente para escrever notas internas.')).toBeInTheDocument();
    expect(secao().queryByLabelText(/Nota interna/)).toBeNull();
  });
});

describe('Etiquetas', () => {
  const resumo = () => within(screen.getByRole('region', { name: 'Resumo do cliente' }));

  /** Saves the tags on the served customer, as the API would (the detail is re-read after a change). */
  const servirEtiquetas = (estado: { cliente: ClienteDetalhe }) => {
    const escritas: unknown[] = [];
    server.use(
      http.put('/api/operador/clientes/:id/etiquetas', async ({ request }) => {
        const body = (await request.json()) as { etiquetas: string[] };
        escritas.push(body);
        estado.cliente = { ...estado.cliente, etiquetas: body.etiquetas };
        return HttpResponse.json({ etiquetas: body.etiquetas });
      }),
    );
    return escritas;
  };

  it('shows the tags in the header, adds one and removes another without confirmation', async () => {
    const estado = setupWorkspace(clienteDetalhe({ etiquetas: ['Contestação', 'VIP'] }));
    const escritas = servirEtiquetas(estado);
    await openWorkspace();
    const chips = resumo().getByRole('list', { name: 'Etiquetas do cliente' });
    expect(within(chips).getAllByRole('listitem')).toHaveLength(2);
    expect(within(chips).getByText('Contestação')).toBeInTheDocument();
    expect(within(chips).getByText('VIP')).toBeInTheDocument();

    await userEvent.type(resumo().getByLabelText('Nova etiqueta'), '  prefere ligação ');
    await userEvent.click(resumo().getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(escritas).toEqual([{ etiquetas: ['Contestação', 'VIP', 'prefere ligação'] }]));
    expect(await resumo().findByText('prefere ligação')).toBeInTheDocument();
    expect(resumo().getByLabelText('Nova etiqueta')).toHaveValue('');

    await userEvent.click(resumo().getByTitle('Remover etiqueta VIP'));
    await waitFor(() => expect(escritas.at(-1)).toEqual({ etiquetas: ['Contestação', 'prefere ligação'] }));
    await waitFor(() => expect(resumo().queryByText('VIP')).toBeNull());
  });

  it('refuses a duplicate (any case) or a too long tag before calling the API', async () => {
    const estado = setupWorkspace(clienteDetalhe({ etiquetas: ['Contestação'] }));
    const escritas = servirEtiquetas(estado);
    await openWorkspace();
    const campo = resumo().getByLabelText('Nova etiqueta');
    await userEvent.type(campo, 'contestação');
    await userEvent.click(resumo().getByRole('button', { name: 'Adicionar' }));
    expect(await resumo().findByText('O cliente já tem esta etiqueta.')).toBeInTheDocument();
    await userEvent.clear(campo);
    await userEvent.type(campo, 'x'.repeat(31));
    await userEvent.click(resumo().getByRole('button', { name: 'Adicionar' }));
    expect(await resumo().findByText('Cada etiqueta pode ter no máximo 30 caracteres.')).toBeInTheDocument();
    expect(escritas).toEqual([]);
  });

  it('shows an unassigned customer’s tags read-only', async () => {
    setupWorkspace(clienteDetalhe({ status: 'aguardando_atendimento', operador: null, etiquetas: ['VIP'] }));
    await openWorkspace();
    expect(resumo().getByText('VIP')).toBeInTheDocument();
    expect(resumo().queryByLabelText('Nova etiqueta')).toBeNull();
    expect(resumo().queryByTitle('Remover etiqueta VIP')).toBeNull();
  });
});
