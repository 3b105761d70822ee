import type { ClienteLista, Paged } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialSnackbarState, useSnackbarStore } from '../../../components/snackbar/snackbar-store.ts';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';
import { MOBILE, setViewportWidth } from '../../../test/viewport.ts';
import { clienteDetalhe } from '../workspace/workspace.test-fixtures.ts';

const minutosAtras = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const linha = (id: number, nome: string, patch: Partial<ClienteLista> = {}): ClienteLista => ({
  id,
  nome,
  documento: '52998224725',
  telefone: '+5511987654321',
  status: 'aguardando_atendimento',
  numero_chamadas: 0,
  total_em_aberto: 100,
  dias_atraso: 12,
  ultima_mensagem: null,
  operador: null,
  aguardando_desde: minutosAtras(30),
  ultima_resposta: { conteudo: `Resposta de ${nome}`, created_at: minutosAtras(30) },
  recuperado: 0,
  concluido_em: null,
  nao_lidas: 0,
  etiquetas: [],
  ...patch,
});

const FILA = [
  linha(7, 'Maria da Silva Souza', { nao_lidas: 2, dias_atraso: 45 }),
  // Taken over a moment ago (the queue has not refetched yet): nothing left to take over.
  linha(8, 'João Pereira', {
    status: 'em_atendimento',
    operador: { id: 3, name: 'Olívia Operadora Santos' },
  }),
  linha(9, 'Ana Lima', { dias_atraso: 0 }),
];
const paged = (data: ClienteLista[]): Paged<ClienteLista> => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page: 20,
  total: data.length,
});

let escritas: string[];
let consultasFila: Record<string, string>[];

beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.operador);
  useSnackbarStore.setState(initialSnackbarState);
  escritas = [];
  consultasFila = [];
  server.use(
    http.get('/api/operador/clientes/aguardando-atendimento', ({ request }) => {
      consultasFila.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(paged(FILA));
    }),
    http.get('/api/operador/clientes/ativos', () => HttpResponse.json(paged([]))),
    http.get('/api/operador/clientes/:id', ({ params }) => {
      const id = Number(params.id);
      const l = FILA.find((c) => c.id === id);
      return l
        ? HttpResponse.json(clienteDetalhe({ id, nome: l.nome, status: l.status, operador: l.operador }))
        : HttpResponse.json(
            { code: 'CLIENTE_NAO_ENCONTRADO', message: 'Cliente não encontrado.' },
            { status: 404 },
          );
    }),
    http.get('/api/operador/clientes/:id/mensagens', () => HttpResponse.json([])),
    http.get('/api/operador/clientes/:id/cobrancas-pix', () =>
      HttpResponse.json({ provedor: 'simulador', cobrancas: [] }),
    ),
    http.get('/api/operador/canal', () => HttpResponse.json({ provedor: 'simulador', simulador: true })),
    http.post('/api/operador/clientes/:id/lida', ({ params }) => {
      escritas.push(`lida ${params.id}`);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/operador/clientes/:id/assumir', ({ params }) => {
      escritas.push(`assumir ${params.id}`);
      const l = FILA.find((c) => c.id === Number(params.id));
      return HttpResponse.json({
        cliente: clienteDetalhe({ id: Number(params.id), nome: l?.nome, status: 'em_atendimento' }),
      });
    }),
  );
});
afterEach(() => vi.restoreAllMocks());
// Whole-app renders with several navigations: generous when the machine runs other suites too.
vi.setConfig({ testTimeout: 30_000 });

const abrirInbox = async (caminho = '/operador/aguardando-atendimento/7', nome = 'Maria da Silva Souza') => {
  const app = renderApp(caminho);
  // The first render loads the operator area's chunk: slow when the machine is busy.
  await screen.findByRole('heading', { level: 2, name: nome });
  return app;
};
// `hidden`: while a dialog is open MUI hides the page behind it from the accessibility tree.
const fila = () => screen.getByRole('list', { name: 'Aguardando Atendimento', hidden: true });
const itemDe = (nome: string) => within(fila()).getByText(nome).closest('a') as HTMLElement;

describe('the inbox at desktop widths (queue beside the conversation)', () => {
  it('shows the queue with unread markers and overdue days beside the open customer, and marks it read', async () => {
    await abrirInbox();
    expect(screen.getByTestId('inbox')).toHaveAttribute('data-layout', 'lado-a-lado');
    const maria = await within(fila()).findByText('Maria da Silva Souza');
    const item = maria.closest('a') as HTMLElement;
    expect(item).toHaveAttribute('aria-current', 'page');
    expect(item).toHaveTextContent('Resposta de Maria da Silva Souza');
    expect(item).toHaveTextContent('há 30 min');
    expect(item).toHaveTextContent('45 dias em atraso');
    expect(within(item).getByTestId('nao-lidas')).toHaveTextContent('2 respostas não lidas');
    expect(itemDe('João Pereira')).not.toHaveAttribute('aria-current');
    expect(within(itemDe('João Pereira')).queryByTestId('nao-lidas')).toBeNull();
    expect(itemDe('Ana Lima')).toHaveTextContent('Sem atraso');
    await waitFor(() => expect(escritas).toContain('lida 7'));
    // One column in the inbox: the header, then the conversation, then the rest of the data.
    const resumo = screen.getByRole('region', { name: 'Resumo do cliente' });
    const conversa = document.getElementById('conversa-titulo')?.closest('section') as HTMLElement;
    expect(getComputedStyle(resumo.parentElement as HTMLElement).display).toBe('contents');
    expect(getComputedStyle(resumo).order).toBe('0');
    expect(getComputedStyle(conversa).order).toBe('1');
  });

  it('moves between customers without leaving the page; the URL follows and back works', async () => {
    const user = userEvent.setup();
    const app = await abrirInbox('/operador/aguardando-atendimento/7?busca=a');
    await user.click(itemDe('João Pereira'));
    expect(await screen.findByRole('heading', { level: 2, name: 'João Pereira' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/operador/aguardando-atendimento/8');
    // The queue's search travels with the customer.
    expect(app.router.state.location.search).toBe('?busca=a');
    expect(itemDe('João Pereira')).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(escritas).toContain('lida 8'));
    expect(consultasFila.every((q) => q.busca === 'a' || Object.keys(q).length === 1)).toBe(true);

    await app.router.navigate(-1);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Maria da Silva Souza' }),
    ).toBeInTheDocument();
    expect(app.pathname()).toBe('/operador/aguardando-atendimento/7');
  });

  it('j/k and the arrows move through the queue, Enter and o open, / searches', async () => {
    const user = userEvent.setup();
    const app = await abrirInbox();
    await within(fila()).findByText('João Pereira');

    await user.keyboard('j');
    expect(itemDe('João Pereira')).toHaveFocus();
    await user.keyboard('j');
    expect(itemDe('Ana Lima')).toHaveFocus();
    await user.keyboard('j');
    expect(itemDe('Ana Lima')).toHaveFocus();
    await user.keyboard('k');
    expect(itemDe('João Pereira')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(itemDe('Ana Lima')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(itemDe('João Pereira')).toHaveFocus();
    await user.keyboard('o');
    await waitFor(() => expect(app.pathname()).toBe('/operador/aguardando-atendimento/8'));
    await screen.findByRole('heading', { level: 2, name: 'João Pereira' });

    await user.keyboard('k');
    expect(itemDe('Maria da Silva Souza')).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(app.pathname()).toBe('/operador/aguardando-atendimento/7'));

    // "/" focuses the search; what is typed there is text, never a shortcut.
    await user.keyboard('/');
    const busca = screen.getByRole('searchbox', { name: 'Buscar na fila' });
    expect(busca).toHaveFocus();
    await user.keyboard('joka');
    expect(busca).toHaveValue('joka');
    expect(app.pathname()).toBe('/operador/aguardando-atendimento/7');
    expect(escritas.filter((e) => e.startsWith('assumir'))).toEqual([]);
  });

  it('a takes over the open customer through the workspace’s own button', async () => {
    const user = userEvent.setup();
    await abrirInbox();
    await screen.findByRole('button', { name: 'Assumir' });
    await user.keyboard('a');
    await waitFor(() => expect(escritas).toContain('assumir 7'));
    expect(
      await screen.findByText('Você assumiu o atendimento de Maria da Silva Souza.'),
    ).toBeInTheDocument();
  });

  it('a on a customer that cannot be taken over says so and calls nothing', async () => {
    const user = userEvent.setup();
    await abrirInbox('/operador/aguardando-atendimento/8', 'João Pereira');
    await user.keyboard('a');
    expect(
      await screen.findByText('Só um cliente aguardando atendimento, aberto na tela, pode ser assumido.'),
    ).toBeInTheDocument();
    expect(escritas.filter((e) => e.startsWith('assumir'))).toEqual([]);
  });

  it('? opens the shortcut help as a dialog, which Escape closes', async () => {
    const user = userEvent.setup();
    await abrirInbox();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Atalhos de teclado' });
    expect(dialog).toHaveTextContent('Próximo cliente da fila');
    expect(dialog).toHaveTextContent('Assumir o cliente aberto');
    expect(within(dialog).getAllByText('j')[0]?.tagName).toBe('KBD');
    // Keys inside the dialog are not shortcuts.
    await user.keyboard('j');
    expect(itemDe('João Pereira')).not.toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The keyboard button opens it too.
    await user.click(screen.getByRole('button', { name: 'Atalhos de teclado' }));
    expect(await screen.findByRole('dialog', { name: 'Atalhos de teclado' })).toBeInTheDocument();
  });

  it('answers a customer out of reach like the workspace does', async () => {
    renderApp('/operador/aguardando-atendimento/999');
    expect(await screen.findByRole('heading', { name: 'Cliente não encontrado' })).toBeInTheDocument();
    expect(await within(fila()).findByText('Maria da Silva Souza')).toBeInTheDocument();
  });
});

describe('the inbox on a phone (the conversation first)', () => {
  it('shows the conversation full width, a way back to the queue and the neighbours', async () => {
    setViewportWidth(MOBILE);
    const user = userEvent.setup();
    const app = await abrirInbox('/operador/aguardando-atendimento/8?busca=a', 'João Pereira');
    expect(screen.getByTestId('inbox')).toHaveAttribute('data-layout', 'conversa');
    expect(screen.queryByRole('list', { name: 'Aguardando Atendimento' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar para a fila' })).toHaveAttribute(
      'href',
      '/operador/aguardando-atendimento?busca=a',
    );
    expect(await screen.findByText('2 de 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Próximo cliente' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Ana Lima' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próximo cliente' })).toBeDisabled();
    // Without the queue on screen, j/k open the neighbour at once.
    await user.keyboard('k');
    await waitFor(() => expect(app.pathname()).toBe('/operador/aguardando-atendimento/8'));

    await user.click(screen.getByRole('link', { name: 'Voltar para a fila' }));
    expect(await screen.findByRole('heading', { name: 'Aguardando Atendimento' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/operador/aguardando-atendimento');
    expect(app.router.state.location.search).toBe('?busca=a');
  });
});

describe('the list pages open the inbox', () => {
  it('a row of Aguardando opens the customer inside the queue, with the list’s filters', async () => {
    const user = userEvent.setup();
    const app = renderApp('/operador/aguardando-atendimento?resposta=24h');
    const table = await screen.findByRole('table', { name: 'Aguardando Atendimento' });
    const maria = (await within(table).findByText('Maria da Silva Souza')).closest('tr') as HTMLElement;
    expect(within(maria).getByTestId('nao-lidas')).toHaveTextContent('2 respostas não lidas');
    await user.click(maria);
    await waitFor(() => expect(app.pathname()).toBe('/operador/aguardando-atendimento/7'));
    expect(app.router.state.location.search).toBe('?resposta=24h');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Maria da Silva Souza' }),
    ).toBeInTheDocument();
  });
});

describe('skip link', () => {
  it('is the first thing Tab reaches and moves focus to the content', async () => {
    const user = userEvent.setup();
    await abrirInbox();
    document.body.focus();
    await user.tab();
    const pular = screen.getByRole('link', { name: 'Pular para o conteúdo' });
    expect(pular).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
