import type { ClienteLista, Paged } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';
import { MOBILE, setViewportWidth } from '../../../test/viewport.ts';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const MARIA: ClienteLista = {
  id: 1,
  nome: 'Maria Souza',
  documento: '52998224725',
  telefone: '+5511987654321',
  status: 'ativo',
  numero_chamadas: 4,
  total_em_aberto: 1234.56,
  dias_atraso: 45,
  ultima_mensagem: {
    conteudo: 'Olá Maria, sua fatura venceu.',
    direcao: 'saida',
    origem: 'regua',
    status: 'entregue',
    canal: 'whatsapp',
    erro: null,
    proxima_tentativa_em: null,
    created_at: minutesAgo(5),
  },
  operador: { id: 3, name: 'Olívia Operadora Santos' },
  aguardando_desde: null,
  ultima_resposta: null,
  recuperado: 0,
  concluido_em: null,
  nao_lidas: 0,
  etiquetas: [],
};
const ACME: ClienteLista = {
  ...MARIA,
  id: 2,
  nome: 'Acme Comércio Ltda',
  documento: '11222333000181',
  telefone: null,
  status: 'pausado',
  numero_chamadas: 1,
  total_em_aberto: 0,
  dias_atraso: 0,
  ultima_mensagem: null,
};
const paged = (data: ClienteLista[], page = 1, total = data.length): Paged<ClienteLista> => ({
  data,
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / 20)),
  per_page: 20,
  total,
});

type Call = { lista: string; query: Record<string, string> };
let calls: Call[];
let respostas: Record<string, unknown>;

beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.operador);
  calls = [];
  respostas = { ativos: paged([MARIA, ACME]) };
  server.use(
    http.get('/api/operador/clientes/:lista', ({ request, params }) => {
      const lista = String(params.lista);
      const query = Object.fromEntries(new URL(request.url).searchParams);
      calls.push({ lista, query });
      const resposta = respostas[lista];
      return resposta === undefined
        ? HttpResponse.json(
            { code: 'CLIENTE_NAO_ENCONTRADO', message: 'Cliente não encontrado.' },
            { status: 404 },
          )
        : HttpResponse.json(resposta as object);
    }),
  );
});
afterEach(() => vi.restoreAllMocks());

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
// The shell's badges also read the first page of both lists (ativos with com_falhas=1).
const isBadge = (c: Call) =>
  (c.lista === 'ativos' && c.query.com_falhas === '1' && c.query.page === '1' && !c.query.busca) ||
  (c.lista === 'aguardando-atendimento' && Object.keys(c.query).length === 1 && c.query.page === '1');
const listCalls = (lista: string) => calls.filter((c) => c.lista === lista && !isBadge(c));

describe('OperadorClientesPage (Ativos)', () => {
  it('never calls a message that has not left "Enviada": scheduled by the window, or queued', async () => {
    const agendada = {
      ...MARIA,
      ultima_mensagem: {
        ...(MARIA.ultima_mensagem as NonNullable<ClienteLista['ultima_mensagem']>),
        status: 'pendente' as const,
      },
    };
    const naFila = {
      ...agendada,
      id: 3,
      nome: 'Nair Fila',
      ultima_mensagem: {
        ...(agendada.ultima_mensagem as NonNullable<ClienteLista['ultima_mensagem']>),
        origem: 'operador' as const,
      },
    };
    respostas = { ativos: paged([agendada, naFila]) };
    server.use(
      http.get('/api/operador/janela-envio', () =>
        HttpResponse.json({
          aberta: false,
          automacao_ligada: true,
          abre_em: new Date(Date.now() + 3_600_000).toISOString(),
          fecha_em: null,
          fuso_horario: 'America/Sao_Paulo',
        }),
      ),
    );
    renderApp('/operador/clientes');
    const maria = await rowOf('Maria Souza');
    await waitFor(() =>
      expect(maria).toHaveTextContent(/Agendada · sai (amanhã )?às \d\d:\d\d \(fora da janela\)/),
    );
    expect(maria).not.toHaveTextContent('Enviada');
    expect(await rowOf('Nair Fila')).toHaveTextContent('Na fila · há 5 min');
  });

  it('shows each customer with pt-BR formats, failure mark, overdue days and last message', async () => {
    renderApp('/operador/clientes');
    expect(await screen.findByRole('heading', { name: 'Clientes Ativos' })).toBeInTheDocument();
    const maria = await rowOf('Maria Souza');
    expect(maria).toHaveTextContent('529.982.247-25');
    expect(maria).toHaveTextContent('(11) 98765-4321');
    expect(maria).toHaveTextContent('Ativo');
    expect(maria).toHaveTextContent('4(com falhas)');
    expect(maria).toHaveTextContent('R$ 1.234,56');
    expect(within(maria).getByText('45')).toHaveStyle({ fontWeight: 600 });
    expect(maria).toHaveTextContent('Olá Maria, sua fatura venceu.');
    expect(maria).toHaveTextContent('Entregue · há 5 min');
    expect(maria).not.toHaveTextContent('Sem operador');
    const acme = await rowOf('Acme Comércio Ltda');
    expect(acme).toHaveTextContent('11.222.333/0001-81');
    expect(acme).toHaveTextContent('Pausado');
    expect(acme).not.toHaveTextContent('com falhas');
    expect(acme).toHaveTextContent('R$ 0,00');
    expect(within(acme).getAllByText('—').length).toBeGreaterThanOrEqual(2);
    expect(listCalls('ativos').at(-1)?.query).toEqual({ page: '1' });
  });

  it('asks the server for page 2 and keeps it in the URL', async () => {
    respostas.ativos = paged([MARIA, ACME], 1, 45);
    const app = renderApp('/operador/clientes');
    await rowOf('Maria Souza');
    await userEvent.click(screen.getByRole('button', { name: /próxima/i }));
    await waitFor(() => expect(listCalls('ativos').at(-1)?.query).toEqual({ page: '2' }));
    expect(app.router.state.location.search).toBe('?page=2');
  });

  it('searches after a pause in typing, keeping the search in the URL', async () => {
    const user = userEvent.setup();
    const app = renderApp('/operador/clientes?page=2');
    await rowOf('Maria Souza');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar cliente' }), 'maria');
    await waitFor(() => expect(listCalls('ativos').at(-1)?.query).toEqual({ page: '1', busca: 'maria' }));
    expect(listCalls('ativos').filter((c) => c.query.busca && c.query.busca !== 'maria')).toEqual([]);
    expect(app.router.state.location.search).toBe('?busca=maria');
  });

  it('"Só com falhas" asks for com_falhas=1 and puts it in the URL; off leaves it out', async () => {
    const user = userEvent.setup();
    const app = renderApp('/operador/clientes');
    await rowOf('Acme Comércio Ltda');
    respostas.ativos = paged([MARIA]);
    const before = calls.length;
    await user.click(screen.getByRole('switch', { name: 'Só com falhas' }));
    await waitFor(() => expect(app.router.state.location.search).toBe('?com_falhas=1'));
    await waitFor(() => expect(screen.queryByText('Acme Comércio Ltda')).toBeNull());
    expect(calls.slice(before).map((c) => c.query)).toContainEqual({ page: '1', com_falhas: '1' });

    respostas.ativos = paged([MARIA, ACME]);
    await user.click(screen.getByRole('switch', { name: 'Só com falhas' }));
    expect(await screen.findByText('Acme Comércio Ltda')).toBeInTheDocument();
    expect(app.router.state.location.search).toBe('');
    expect(listCalls('ativos').at(-1)?.query).toEqual({ page: '1' });
  });

  it('opens with com_falhas and the search from the URL', async () => {
    renderApp('/operador/clientes?com_falhas=1&busca=acme');
    await rowOf('Maria Souza');
    expect(screen.getByRole('switch', { name: 'Só com falhas' })).toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Buscar cliente' })).toHaveValue('acme');
    expect(listCalls('ativos').at(-1)?.query).toEqual({ page: '1', busca: 'acme', com_falhas: '1' });
  });

  it('opens the customer workspace on row click and on Enter', async () => {
    server.use(
      http.get('/api/operador/clientes/:id/*', () => HttpResponse.json([])),
      http.get('/api/operador/contas-receber/*', () => HttpResponse.json({}, { status: 404 })),
    );
    const user = userEvent.setup();
    const app = renderApp('/operador/clientes');
    await user.click(await rowOf('Maria Souza'));
    await waitFor(() => expect(app.pathname()).toBe('/operador/clientes/1'));

    app.unmount();

    const again = renderApp('/operador/clientes');
    const acme = await rowOf('Acme Comércio Ltda');
    acme.focus();
    expect(acme).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(again.pathname()).toBe('/operador/clientes/2'));
  });
});

describe('OperadorAguardandoAtendimentoPage', () => {
  it('keeps the API order (oldest first), shows each customer’s last reply and marks unassigned rows', async () => {
    const antiga = {
      ...ACME,
      status: 'aguardando_atendimento',
      operador: null,
      aguardando_desde: minutesAgo(180),
      ultima_resposta: { conteudo: 'Quero parcelar em três vezes, pode ser?', created_at: minutesAgo(180) },
    };
    const nova = {
      ...MARIA,
      status: 'aguardando_atendimento',
      aguardando_desde: minutesAgo(10),
      ultima_resposta: { conteudo: 'Já paguei ontem', created_at: minutesAgo(10) },
    };
    respostas['aguardando-atendimento'] = paged([antiga, nova] as ClienteLista[]);
    renderApp('/operador/aguardando-atendimento');
    expect(await screen.findByRole('heading', { name: 'Aguardando Atendimento' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Aguardando Atendimento' });
    await rowOf('Maria Souza');
    const headers = within(table).getAllByRole('columnheader');
    // The reply is the second column, right after who wrote it; the queue's order is marked on it.
    expect(headers[1]).toHaveTextContent('Última resposta');
    expect(headers[1]).toHaveAttribute('aria-sort', 'ascending');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Acme Comércio LtdaSem operador11.222.333/0001-81',
      'Maria Souza529.982.247-25',
    ]);
    const reply = within(rows[0] as HTMLElement).getByText('Quero parcelar em três vezes, pode ser?');
    expect(reply).toHaveAttribute('title', 'Quero parcelar em três vezes, pode ser?');
    expect(rows[0]).toHaveTextContent('Respondeu há 3 h');
    expect(rows[1]).toHaveTextContent('Já paguei ontem');
    expect(rows[1]).toHaveTextContent('Respondeu há 10 min');
  });

  it('accepts a bare array answer (docs/produto.md §5)', async () => {
    respostas['aguardando-atendimento'] = [{ ...MARIA, operador: null }];
    renderApp('/operador/aguardando-atendimento');
    const maria = await rowOf('Maria Souza');
    expect(maria).toHaveTextContent('Sem operador');
    expect(screen.queryByRole('switch', { name: 'Só com falhas' })).toBeNull();
  });
});

describe('OperadorEmAtendimentoPage and OperadorConcluidosPage', () => {
  it('shows skeleton rows while loading, then the list’s empty message', async () => {
    let release: () => void = () => {};
    server.use(
      http.get('/api/operador/clientes/em-atendimento', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json(paged([]));
      }),
    );
    renderApp('/operador/em-atendimento');
    const table = await screen.findByRole('table', { name: 'Em Atendimento' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    release();
    expect(await screen.findByText('Nenhum cliente em atendimento.')).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    respostas.concluidos = undefined;
    server.use(
      http.get('/api/operador/clientes/concluidos', () =>
        HttpResponse.json({ code: 'BANCO_INDISPONIVEL', message: 'Serviço indisponível.' }, { status: 503 }),
      ),
    );
    renderApp('/operador/concluidos');
    expect(await screen.findByText('Serviço indisponível.')).toBeInTheDocument();
    server.use(
      http.get('/api/operador/clientes/concluidos', () =>
        HttpResponse.json(paged([{ ...ACME, status: 'concluido' }])),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('Acme Comércio Ltda')).toBeInTheDocument();
  });

  it('Concluídos shows the amount recovered and when the customer was concluded', async () => {
    respostas.concluidos = paged([
      { ...ACME, status: 'concluido', recuperado: 1500.5, concluido_em: '2026-03-10T13:45:00.000Z' },
      { ...MARIA, status: 'concluido', total_em_aberto: 0, dias_atraso: 0 },
    ]);
    renderApp('/operador/concluidos');
    const table = await screen.findByRole('table', { name: 'Clientes Concluídos' });
    const acme = await rowOf('Acme Comércio Ltda');
    expect(within(table).getByRole('columnheader', { name: 'Recuperado' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Em aberto' })).toBeNull();
    expect(acme).toHaveTextContent('R$ 1.500,50');
    expect(acme).toHaveTextContent('10/03/2026 10:45');
    // Concluded by an import without debt: nothing recovered, no date to show.
    const maria = await rowOf('Maria Souza');
    expect(maria).toHaveTextContent('R$ 0,00');
    expect(within(maria).getAllByText('—').length).toBeGreaterThanOrEqual(1);
  });
});

describe('sorting, filters and the phone layout', () => {
  it('shows each card’s message state in short on a phone, as the desktop cell does in full', async () => {
    setViewportWidth(MOBILE);
    const pendente = (id: number, nome: string, origem: 'regua' | 'operador'): ClienteLista => ({
      ...MARIA,
      id,
      nome,
      ultima_mensagem: {
        ...(MARIA.ultima_mensagem as NonNullable<ClienteLista['ultima_mensagem']>),
        origem,
        status: 'pendente',
      },
    });
    respostas = {
      ativos: paged([pendente(1, 'Maria Souza', 'regua'), pendente(3, 'Nair Fila', 'operador')]),
    };
    server.use(
      http.get('/api/operador/janela-envio', () =>
        HttpResponse.json({
          aberta: false,
          automacao_ligada: true,
          abre_em: new Date(Date.now() + 3_600_000).toISOString(),
          fecha_em: null,
          fuso_horario: 'America/Sao_Paulo',
        }),
      ),
    );
    renderApp('/operador/clientes');
    const lista = await screen.findByRole('list', { name: 'Clientes Ativos' });
    await within(lista).findByText('Maria Souza');
    const [maria, nair] = within(lista).getAllByRole('listitem');
    await waitFor(() =>
      expect(maria).toHaveTextContent(/Última mensagemVia WhatsAppAgendada · sai (amanhã )?às \d\d:\d\d/),
    );
    expect(maria).not.toHaveTextContent('fora da janela');
    expect(maria).not.toHaveTextContent('Enviada');
    expect(nair).toHaveTextContent('Última mensagemVia WhatsAppNa fila · há 5 min');
  });

  it('shows the short state on Concluídos’ cards too: a failure without its reason', async () => {
    setViewportWidth(MOBILE);
    respostas = {
      concluidos: paged([
        {
          ...MARIA,
          id: 4,
          nome: 'Otto Falha',
          status: 'concluido',
          ultima_mensagem: {
            ...(MARIA.ultima_mensagem as NonNullable<ClienteLista['ultima_mensagem']>),
            status: 'falhou',
            erro: 'Número sem WhatsApp',
          },
        },
      ]),
    };
    renderApp('/operador/concluidos');
    const lista = await screen.findByRole('list', { name: /Concluídos/ });
    const otto = await within(lista).findByText('Otto Falha');
    const card = otto.closest('li') as HTMLElement;
    expect(card).toHaveTextContent('Última mensagemVia WhatsAppFalhou · há 5 min');
    expect(card).not.toHaveTextContent('Número sem WhatsApp');
  });

  it('names the last message’s channel, on the table and the cards; an e-mail is never "Entregue"', async () => {
    const email = {
      ...MARIA,
      id: 5,
      nome: 'Elisa Email',
      ultima_mensagem: {
        ...(MARIA.ultima_mensagem as NonNullable<ClienteLista['ultima_mensagem']>),
        canal: 'email' as const,
        status: 'entregue' as const,
      },
    };
    const sms = {
      ...MARIA,
      id: 6,
      nome: 'Sara Sms',
      ultima_mensagem: {
        ...(MARIA.ultima_mensagem as NonNullable<ClienteLista['ultima_mensagem']>),
        canal: 'sms' as const,
      },
    };
    respostas = { ativos: paged([email, sms]) };
    const { unmount } = renderApp('/operador/clientes');
    const elisa = await rowOf('Elisa Email');
    expect(within(elisa).getByRole('img', { name: 'Via E-mail' })).toBeInTheDocument();
    expect(elisa).toHaveTextContent('Enviado · há 5 min');
    expect(elisa).not.toHaveTextContent('Entregue');
    const sara = await rowOf('Sara Sms');
    expect(within(sara).getByRole('img', { name: 'Via SMS' })).toBeInTheDocument();
    expect(sara).toHaveTextContent('Entregue · há 5 min');
    unmount();

    setViewportWidth(MOBILE);
    renderApp('/operador/clientes');
    const lista = await screen.findByRole('list', { name: 'Clientes Ativos' });
    const card = (await within(lista).findByText('Elisa Email')).closest('li') as HTMLElement;
    expect(within(card).getByRole('img', { name: 'Via E-mail' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Última mensagemVia E-mailEnviado · há 5 min');
    expect(card).not.toHaveTextContent('Entregue');
  });

  it('sorts through the server from the headers, with aria-sort and the order in the URL', async () => {
    const user = userEvent.setup();
    const app = renderApp('/operador/clientes');
    await rowOf('Maria Souza');
    const table = screen.getByRole('table', { name: 'Clientes Ativos' });
    const nome = within(table).getByRole('columnheader', { name: 'Cliente' });
    const atraso = within(table).getByRole('columnheader', { name: 'Atraso (dias)' });
    // The API's default order (by name) is what the headers say before any click.
    expect(nome).toHaveAttribute('aria-sort', 'ascending');
    expect(atraso).not.toHaveAttribute('aria-sort');
    expect(within(table).getByRole('columnheader', { name: 'Telefone' })).not.toHaveAttribute('aria-sort');

    await user.click(within(atraso).getByRole('button', { name: 'Atraso (dias)' }));
    await waitFor(() => expect(app.router.state.location.search).toBe('?ordem=dias_atraso&sentido=asc'));
    await waitFor(() =>
      expect(listCalls('ativos').at(-1)?.query).toEqual({ page: '1', ordem: 'dias_atraso', sentido: 'asc' }),
    );
    expect(within(table).getByRole('columnheader', { name: 'Atraso (dias)' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(within(table).getByRole('columnheader', { name: 'Cliente' })).not.toHaveAttribute('aria-sort');

    await user.click(within(table).getByRole('button', { name: 'Atraso (dias)' }));
    await waitFor(() => expect(app.router.state.location.search).toBe('?ordem=dias_atraso&sentido=desc'));
    await waitFor(() => expect(listCalls('ativos').at(-1)?.query).toMatchObject({ sentido: 'desc' }));
    expect(within(table).getByRole('columnheader', { name: 'Atraso (dias)' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('opens with the order and filters from the URL and sends them to the API', async () => {
    renderApp(
      '/operador/clientes?ordem=total_em_aberto&sentido=desc&atraso_min=30&valor_max=1500.5&resposta=sem&page=2',
    );
    await rowOf('Maria Souza');
    expect(listCalls('ativos').at(-1)?.query).toEqual({
      page: '2',
      ordem: 'total_em_aberto',
      sentido: 'desc',
      atraso_min: '30',
      valor_max: '1500.5',
      resposta: 'sem',
    });
    expect(screen.getByRole('columnheader', { name: 'Em aberto' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('textbox', { name: 'Atraso: de' })).toHaveValue('30');
    expect(screen.getByRole('textbox', { name: 'Em aberto: até' })).toHaveValue('1500,5');
    expect(screen.getByRole('combobox', { name: 'Última resposta' })).toHaveTextContent('Sem resposta');
  });

  it('ignores a sort key off the whitelist instead of sending it', async () => {
    renderApp('/operador/clientes?ordem=senha&sentido=desc');
    await rowOf('Maria Souza');
    expect(listCalls('ativos').at(-1)?.query).toEqual({ page: '1' });
  });

  it('puts the filters in the URL (dropping the page) and clears them all at once', async () => {
    const user = userEvent.setup();
    const app = renderApp('/operador/clientes?page=3');
    await rowOf('Maria Souza');
    await user.type(screen.getByRole('textbox', { name: 'Em aberto: de' }), '1.234,56{Enter}');
    await waitFor(() => expect(app.router.state.location.search).toBe('?valor_min=1234.56'));
    await user.type(screen.getByRole('textbox', { name: 'Atraso: até' }), '15');
    await user.tab();
    await waitFor(() => expect(app.router.state.location.search).toBe('?valor_min=1234.56&atraso_max=15'));
    await user.click(screen.getByRole('combobox', { name: 'Última resposta' }));
    await user.click(await screen.findByRole('option', { name: 'Respondeu nas últimas 24 h' }));
    await waitFor(() =>
      expect(listCalls('ativos').at(-1)?.query).toEqual({
        page: '1',
        valor_min: '1234.56',
        atraso_max: '15',
        resposta: '24h',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(app.router.state.location.search).toBe(''));
    expect(screen.getByRole('textbox', { name: 'Em aberto: de' })).toHaveValue('');
  });

  it('does not send an amount that is no amount, and says why', async () => {
    const user = userEvent.setup();
    const app = renderApp('/operador/clientes');
    await rowOf('Maria Souza');
    await user.type(screen.getByRole('textbox', { name: 'Em aberto: de' }), 'abc{Enter}');
    expect(await screen.findByText('Use um valor em reais, como 1.234,56.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Em aberto: de' }));
    // Leaving "de" applies it; an "até" below it is refused with a message, never sent.
    await user.type(screen.getByRole('textbox', { name: 'Atraso: de' }), '40');
    await user.type(screen.getByRole('textbox', { name: 'Atraso: até' }), '10{Enter}');
    expect(await screen.findByText('Deve ser maior ou igual ao mínimo.')).toBeInTheDocument();
    expect(app.router.state.location.search).toBe('?atraso_min=40');
    expect(listCalls('ativos').some((c) => 'atraso_max' in c.query || 'valor_min' in c.query)).toBe(false);
  });

  it('stacks each customer in a card on a phone: no table, every value labelled, sort as a select', async () => {
    setViewportWidth(MOBILE);
    const user = userEvent.setup();
    const app = renderApp('/operador/clientes');
    const lista = await screen.findByRole('list', { name: 'Clientes Ativos' });
    await within(lista).findByText('Maria Souza');
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(lista).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const maria = cards[0] as HTMLElement;
    expect(within(maria).getByText('Em aberto').tagName).toBe('DT');
    expect(maria).toHaveTextContent('R$ 1.234,56');
    expect(maria).toHaveTextContent('Atraso (dias)45');
    // Columns kept off small screens (phone, the message's text) stay off the card too; the
    // message's state stays, short.
    expect(maria).not.toHaveTextContent('(11) 98765-4321');
    expect(maria).not.toHaveTextContent('Olá Maria, sua fatura venceu.');
    expect(within(maria).getByText('Última mensagem').tagName).toBe('DT');
    expect(maria).toHaveTextContent('Última mensagemVia WhatsAppEntregue · há 5 min');
    expect(cards[1]).toHaveTextContent('Última mensagem—');

    await user.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    await user.click(await screen.findByRole('option', { name: 'Em aberto (decrescente)' }));
    await waitFor(() => expect(app.router.state.location.search).toBe('?ordem=total_em_aberto&sentido=desc'));

    await user.click(within(lista).getByText('Acme Comércio Ltda'));
    await waitFor(() => expect(app.pathname()).toBe('/operador/clientes/2'));
  });
});
