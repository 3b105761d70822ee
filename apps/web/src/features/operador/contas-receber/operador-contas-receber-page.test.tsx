import type { ContaListada, Paged } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const VENCIDA: ContaListada = {
  id: 10,
  cliente_id: 1,
  cliente: { id: 1, nome: 'Maria Souza' },
  origem: 'nfe',
  chave_nfe: '3'.repeat(44),
  numero_parcela: '002',
  descricao: 'NF-e 1234 — parcela 2',
  valor: 1500,
  valor_pago: 265.44,
  saldo: 1234.56,
  multa: 24.69,
  juros: 18.52,
  valor_atualizado: 1277.77,
  vencimento: '2026-01-31',
  status: 'aberta',
  pago_em: null,
  dias_atraso: 45,
  negociacao_id: null,
  banco: null,
  nosso_numero: null,
  linha_digitavel: null,
  codigo_barras: null,
};
const PAGA: ContaListada = {
  ...VENCIDA,
  id: 11,
  cliente_id: 2,
  cliente: { id: 2, nome: 'Acme Comércio Ltda' },
  origem: 'manual',
  numero_parcela: null,
  descricao: 'Serviço avulso',
  valor: 80,
  valor_pago: 80,
  saldo: 0,
  vencimento: '2026-03-10',
  status: 'paga',
  pago_em: '2026-03-09',
  dias_atraso: 0,
};
const paged = (data: ContaListada[], page = 1, total = data.length): Paged<ContaListada> => ({
  data,
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / 15)),
  per_page: 15,
  total,
});
const vazio = { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 };

let queries: Record<string, string>[];
let lista: Paged<ContaListada>;

beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.operador);
  queries = [];
  lista = paged([VENCIDA, PAGA]);
  server.use(
    http.get('/api/operador/contas-receber/resumo', () =>
      HttpResponse.json({
        total_contas: 1234,
        valor_total: 98765.4,
        contas_vencidas: 7,
        clientes_vinculados: 42,
      }),
    ),
    http.get('/api/operador/contas-receber/listar', ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(lista);
    }),
    http.get('/api/operador/contas-receber/cliente/:id', ({ params }) =>
      HttpResponse.json({
        cliente: { id: Number(params.id), nome: 'Zeca Pagodinho', documento: '52998224725' },
        contas: [],
      }),
    ),
    http.get('/api/operador/clientes/:lista', () => HttpResponse.json(vazio)),
  );
});
afterEach(() => vi.restoreAllMocks());

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const lastQuery = () => queries.at(-1);
const typeDate = async (user: ReturnType<typeof userEvent.setup>, label: string, digits: string) => {
  const group = screen.getByRole('group', { name: label });
  await user.click(within(group).getByRole('spinbutton', { name: 'Dia' }));
  await user.keyboard(digits);
};

describe('OperadorContasReceberPage', () => {
  it('shows the summary and each receivable with pt-BR formats', async () => {
    renderApp('/operador/contas-receber');
    const resumo = await screen.findByRole('region', { name: 'Resumo das contas' });
    await waitFor(() => expect(resumo).toHaveTextContent('R$ 98.765,40'));
    expect(resumo).toHaveTextContent('Contas em aberto1.234');
    expect(resumo).toHaveTextContent('Contas vencidas7');
    expect(resumo).toHaveTextContent('Clientes vinculados42');

    const vencida = await rowOf('NF-e 1234 — parcela 2');
    expect(within(vencida).getByRole('link', { name: 'Maria Souza' })).toHaveAttribute(
      'href',
      '/operador/clientes/1',
    );
    expect(vencida).toHaveTextContent('002');
    expect(vencida).toHaveTextContent('NF-e');
    expect(vencida).toHaveTextContent('31/01/2026');
    expect(vencida).toHaveTextContent('R$ 1.500,00');
    expect(vencida).toHaveTextContent('R$ 1.234,56');
    expect(vencida).toHaveTextContent('Vencida');
    expect(within(vencida).getByText('45')).toHaveStyle({ fontWeight: 600 });
    const paga = await rowOf('Serviço avulso');
    expect(paga).toHaveTextContent('Manual');
    expect(paga).toHaveTextContent('10/03/2026');
    expect(paga).toHaveTextContent('Paga');
    expect(paga).toHaveTextContent('R$ 0,00');
    expect(lastQuery()).toEqual({ page: '1' });
  });

  it('shows skeleton rows while loading, then the empty state', async () => {
    let release: () => void = () => {};
    server.use(
      http.get('/api/operador/contas-receber/listar', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json(paged([]));
      }),
    );
    renderApp('/operador/contas-receber');
    const table = await screen.findByRole('table', { name: 'Contas a receber' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    release();
    expect(await screen.findByText(/Nenhuma conta a receber ainda/)).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/operador/contas-receber/listar', () =>
        HttpResponse.json({ code: 'BANCO_INDISPONIVEL', message: 'Serviço indisponível.' }, { status: 503 }),
      ),
    );
    renderApp('/operador/contas-receber');
    expect(await screen.findByText('Serviço indisponível.')).toBeInTheDocument();
    server.use(http.get('/api/operador/contas-receber/listar', () => HttpResponse.json(paged([PAGA]))));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('Serviço avulso')).toBeInTheDocument();
  });

  it('asks for page 2 (15 a page) and keeps it in the URL', async () => {
    lista = paged([VENCIDA, PAGA], 1, 40);
    const app = renderApp('/operador/contas-receber');
    await rowOf('Serviço avulso');
    expect(screen.getByText('1–15 de 40')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /próxima/i }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '2' }));
    expect(app.router.state.location.search).toBe('?page=2');
  });

  it('sorts through the server from the headers, keeping the order in the URL beside the filters', async () => {
    const user = userEvent.setup();
    const app = renderApp('/operador/contas-receber?status=aberta&page=2');
    await rowOf('Serviço avulso');
    expect(screen.getByRole('columnheader', { name: 'Vencimento' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(screen.getByRole('button', { name: 'Saldo' }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: '1', status: 'aberta', ordem: 'saldo', sentido: 'asc' }),
    );
    await user.click(screen.getByRole('button', { name: 'Saldo' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ ordem: 'saldo', sentido: 'desc' }));
    expect(app.router.state.location.search).toBe('?status=aberta&ordem=saldo&sentido=desc');
    expect(screen.getByRole('columnheader', { name: 'Saldo' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Vencimento' })).not.toHaveAttribute('aria-sort');
  });

  it('sends status, vencidas and search, leaving empty filters out, and clears them', async () => {
    const user = userEvent.setup();
    const app = renderApp('/operador/contas-receber');
    await rowOf('Serviço avulso');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Aberta' }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', status: 'aberta' }));
    await user.click(screen.getByRole('switch', { name: 'Só vencidas' }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', status: 'aberta', vencidas: '1' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar conta' }), 'nf-e');
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: '1', status: 'aberta', vencidas: '1', busca: 'nf-e' }),
    );
    expect(new URLSearchParams(app.router.state.location.search).get('vencidas')).toBe('1');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Todos' }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', vencidas: '1', busca: 'nf-e' }));

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(app.router.state.location.search).toBe(''));
    expect(screen.getByRole('switch', { name: 'Só vencidas' })).not.toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Buscar conta' })).toHaveValue('');
  });

  it('sends the due-date period, future dates included, once each date is whole', async () => {
    const user = userEvent.setup();
    const app = renderApp('/operador/contas-receber');
    await rowOf('Serviço avulso');
    const before = queries.length;
    await typeDate(user, 'Vencimento de', '01012026');
    await typeDate(user, 'Vencimento até', '31122099');
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: '1', vencimento_de: '2026-01-01', vencimento_ate: '2099-12-31' }),
    );
    expect(queries.length - before).toBe(2);
    expect(app.router.state.location.search).toBe('?vencimento_de=2026-01-01&vencimento_ate=2099-12-31');
  });

  it('opens with the due-date period and filters from the URL, dropping malformed ones', async () => {
    renderApp(
      '/operador/contas-receber?vencimento_de=2026-01-01&vencimento_ate=2026-03-31&status=paga&busca=acme&page=2&vencidas=sim&cliente_id=x',
    );
    await rowOf('Serviço avulso');
    expect(lastQuery()).toEqual({
      page: '2',
      status: 'paga',
      vencimento_de: '2026-01-01',
      vencimento_ate: '2026-03-31',
      busca: 'acme',
    });
    expect(screen.getByRole('group', { name: 'Vencimento de' })).toHaveTextContent('01/01/2026');
    expect(screen.getByRole('group', { name: 'Vencimento até' })).toHaveTextContent('31/03/2026');
  });

  it('shows the per-customer view with a removable "Cliente: Nome" chip', async () => {
    const user = userEvent.setup();
    const app = renderApp('/operador/contas-receber?cliente_id=1');
    expect(await screen.findByText('Cliente: Maria Souza')).toBeInTheDocument();
    expect(lastQuery()).toEqual({ page: '1', cliente_id: '1' });
    await user.click(screen.getByTitle('Ver contas de todos os clientes'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1' }));
    expect(screen.queryByText(/Cliente:/)).toBeNull();
    expect(app.router.state.location.search).toBe('');

    await user.click(
      within(await rowOf('Serviço avulso')).getByRole('button', {
        name: 'Ver só as contas de Acme Comércio Ltda',
      }),
    );
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', cliente_id: '2' }));
    expect(await screen.findByText('Cliente: Acme Comércio Ltda')).toBeInTheDocument();
  });

  it('names the customer from its own call when it has no receivables listed', async () => {
    lista = paged([]);
    renderApp('/operador/contas-receber?cliente_id=9');
    expect(await screen.findByText('Cliente: Zeca Pagodinho')).toBeInTheDocument();
    expect(screen.getByText('Nenhuma conta encontrada com esses filtros.')).toBeInTheDocument();
  });

  it('opens the customer workspace from the customer link', async () => {
    server.use(http.get('/api/operador/clientes/:id/*', () => HttpResponse.json([])));
    const app = renderApp('/operador/contas-receber');
    await userEvent.click(
      within(await rowOf('Serviço avulso')).getByRole('link', { name: 'Acme Comércio Ltda' }),
    );
    await waitFor(() => expect(app.pathname()).toBe('/operador/clientes/2'));
  });
});
