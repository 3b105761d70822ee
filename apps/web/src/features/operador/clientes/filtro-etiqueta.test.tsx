import type { ClienteLista, Paged } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';
import { MOBILE, setViewportWidth } from '../../../test/viewport.ts';

// The lists' tag filter (decision 022): a row's tag chip filters the list instead of opening the
// customer; the filter lives in the URL, shows as a removable chip and rides the export too.

const MARIA: ClienteLista = {
  id: 1,
  nome: 'Maria Souza',
  documento: '52998224725',
  telefone: '+5511987654321',
  status: 'ativo',
  numero_chamadas: 0,
  total_em_aberto: 100,
  dias_atraso: 3,
  ultima_mensagem: null,
  operador: { id: 3, name: 'Olívia Operadora Santos' },
  aguardando_desde: null,
  ultima_resposta: null,
  recuperado: 0,
  concluido_em: null,
  nao_lidas: 0,
  etiquetas: ['Contestação', 'VIP'],
};
const ACME: ClienteLista = { ...MARIA, id: 2, nome: 'Acme Comércio Ltda', etiquetas: [] };

const paged = (data: ClienteLista[]): Paged<ClienteLista> => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page: 20,
  total: data.length,
});

type Call = { path: string; query: Record<string, string> };
let calls: Call[];

/** Answers the lists by their ?etiqueta= (Maria has two tags, Acme none), recording each request. */
const servirListas = () => {
  const responder = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const query = Object.fromEntries(url.searchParams);
    calls.push({ path: url.pathname, query });
    const etiqueta = query.etiqueta?.toLocaleLowerCase('pt-BR');
    const data = [MARIA, ACME].filter(
      (c) => !etiqueta || c.etiquetas.some((e) => e.toLocaleLowerCase('pt-BR') === etiqueta),
    );
    return HttpResponse.json(paged(data));
  };
  server.use(
    http.get('/api/operador/clientes/:lista', responder),
    http.get('/api/admin/clientes', responder),
    http.get('/api/admin/dashboard/operadores', () => HttpResponse.json([])),
  );
};

beforeEach(() => {
  resetSession();
  calls = [];
  servirListas();
});
afterEach(() => vi.restoreAllMocks());

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
// The shell's badges read the first page of Ativos (com_falhas=1) and the queue: not this list.
const ativos = () =>
  calls.filter((c) => c.path === '/api/operador/clientes/ativos' && c.query.com_falhas !== '1');
const ultimaQuery = () => ativos().at(-1)?.query;

describe('operator lists: filter by tag', () => {
  beforeEach(() => signInAs(TEST_USERS.operador));

  it('a row’s tag chip filters the list (URL and request) instead of opening the customer', async () => {
    const user = userEvent.setup();
    const app = renderApp('/operador/clientes?page=2');
    const maria = await rowOf('Maria Souza');
    await rowOf('Acme Comércio Ltda');
    await user.click(within(maria).getByRole('button', { name: 'Contestação: filtrar por esta etiqueta' }));

    await waitFor(() => expect(ultimaQuery()).toEqual({ page: '1', etiqueta: 'Contestação' }));
    expect(app.pathname()).toBe('/operador/clientes');
    expect(new URLSearchParams(app.router.state.location.search).get('etiqueta')).toBe('Contestação');
    expect(app.router.state.location.search).not.toContain('page=');
    await waitFor(() => expect(screen.queryByText('Acme Comércio Ltda')).toBeNull());
    expect(screen.getByRole('button', { name: 'Remover o filtro Etiqueta: Contestação' })).toHaveTextContent(
      'Etiqueta: Contestação',
    );
    // A chosen tag replaces the field.
    expect(screen.queryByRole('textbox', { name: 'Etiqueta' })).toBeNull();
  });

  it('Enter on a focused tag chip filters too, and does not open the row', async () => {
    const user = userEvent.setup();
    const app = renderApp('/operador/clientes');
    const maria = await rowOf('Maria Souza');
    within(maria).getByRole('button', { name: 'VIP: filtrar por esta etiqueta' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(ultimaQuery()).toEqual({ page: '1', etiqueta: 'VIP' }));
    expect(app.pathname()).toBe('/operador/clientes');
  });

  it('removing the active chip drops the filter from the URL and the request; so does "Limpar filtros"', async () => {
    const user = userEvent.setup();
    const app = renderApp('/operador/clientes?etiqueta=VIP');
    await rowOf('Maria Souza');
    expect(ultimaQuery()).toEqual({ page: '1', etiqueta: 'VIP' });
    expect(screen.queryByText('Acme Comércio Ltda')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remover o filtro Etiqueta: VIP' }));
    await waitFor(() => expect(app.router.state.location.search).toBe(''));
    expect(await screen.findByText('Acme Comércio Ltda')).toBeInTheDocument();
    expect(ultimaQuery()).toEqual({ page: '1' });
    expect(screen.getByRole('textbox', { name: 'Etiqueta' })).toHaveValue('');

    await user.click(within(await rowOf('Maria Souza')).getByRole('button', { name: /^VIP:/ }));
    await waitFor(() => expect(app.router.state.location.search).toBe('?etiqueta=VIP'));
    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(app.router.state.location.search).toBe(''));
    expect(screen.queryByRole('button', { name: /Remover o filtro Etiqueta/ })).toBeNull();
  });

  it('the Etiqueta field applies a trimmed tag on Enter; a blank one changes nothing', async () => {
    const user = userEvent.setup();
    const app = renderApp('/operador/clientes');
    await rowOf('Maria Souza');
    const campo = screen.getByRole('textbox', { name: 'Etiqueta' });
    // No more than a tag's 30 characters can be typed.
    expect(campo).toHaveAttribute('maxlength', '30');
    await user.type(campo, '   {Enter}');
    expect(app.router.state.location.search).toBe('');
    await user.type(campo, '  contestação {Enter}');
    await waitFor(() => expect(ultimaQuery()).toEqual({ page: '1', etiqueta: 'contestação' }));
    expect(
      await screen.findByRole('button', { name: 'Remover o filtro Etiqueta: contestação' }),
    ).toBeVisible();
    expect(campo).not.toBeInTheDocument();
  });

  it('the export sends the tag with the other filters', async () => {
    const exportacoes: Record<string, string>[] = [];
    server.use(
      http.get('/api/operador/clientes/ativos/exportar', ({ request }) => {
        exportacoes.push(Object.fromEntries(new URL(request.url).searchParams));
        return new HttpResponse('nome\r\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    // jsdom has no object URLs: the download itself is the ExportarButton test's business.
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/operador/clientes?etiqueta=VIP&resposta=sem');
    await rowOf('Maria Souza');
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV (Excel)' }));
    await waitFor(() => expect(exportacoes).toEqual([{ etiqueta: 'VIP', resposta: 'sem', formato: 'csv' }]));
  });

  it('shows the API’s message when it refuses the tag', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/operador/clientes/ativos', () =>
        HttpResponse.json(
          {
            code: 'VALIDACAO',
            message: 'A etiqueta pode ter no máximo 30 caracteres.',
            errors: { etiqueta: ['A etiqueta pode ter no máximo 30 caracteres.'] },
          },
          { status: 422 },
        ),
      ),
    );
    renderApp(`/operador/clientes?etiqueta=${'x'.repeat(31)}`);
    expect(await screen.findByText('A etiqueta pode ter no máximo 30 caracteres.')).toBeInTheDocument();
  });

  it('on a phone, the card’s tag chip filters instead of opening the customer', async () => {
    setViewportWidth(MOBILE);
    const user = userEvent.setup();
    const app = renderApp('/operador/clientes');
    const lista = await screen.findByRole('list', { name: 'Clientes Ativos' });
    await within(lista).findByText('Maria Souza');
    await user.click(within(lista).getByRole('button', { name: 'VIP: filtrar por esta etiqueta' }));
    await waitFor(() => expect(ultimaQuery()).toEqual({ page: '1', etiqueta: 'VIP' }));
    expect(app.pathname()).toBe('/operador/clientes');
  });
});

describe('admin Clientes: filter by tag', () => {
  beforeEach(() => signInAs(TEST_USERS.admin));

  it('filters by the typed tag and removes it with the chip', async () => {
    const user = userEvent.setup();
    const app = renderApp('/admin/clientes');
    await rowOf('Acme Comércio Ltda');
    await user.type(screen.getByRole('textbox', { name: 'Etiqueta' }), 'VIP{Enter}');
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({ path: '/api/admin/clientes', query: { page: '1', etiqueta: 'VIP' } }),
    );
    expect(app.router.state.location.search).toBe('?etiqueta=VIP');
    await waitFor(() => expect(screen.queryByText('Acme Comércio Ltda')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Remover o filtro Etiqueta: VIP' }));
    await waitFor(() => expect(app.router.state.location.search).toBe(''));
    // The unfiltered first page again (from the cache: it was the first request).
    expect(await screen.findByText('Acme Comércio Ltda')).toBeInTheDocument();
  });
});
