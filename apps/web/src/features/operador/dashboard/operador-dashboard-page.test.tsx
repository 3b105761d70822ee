import type { OperadorDashboard } from '@cobranca/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const FIGURAS: OperadorDashboard = {
  clientes_vinculados: 1250,
  cobrancas_enviadas: 87,
  cobrancas_concluidas: 12,
  mensagens_aguardando: 3,
  clientes_com_falhas: 2,
};
const vazio = { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 };

let figuras: OperadorDashboard;
beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.operador);
  figuras = FIGURAS;
  server.use(
    http.get('/api/operador/dashboard', () => HttpResponse.json(figuras)),
    http.get('/api/operador/clientes/:lista', () => HttpResponse.json(vazio)),
  );
});
afterEach(() => vi.restoreAllMocks());

const card = (label: string) =>
  screen.getByRole('heading', { name: label }).closest('article') as HTMLElement;

describe('OperadorDashboardPage', () => {
  it('shows the five figures in pt-BR, each linking to its list', async () => {
    renderApp('/operador/dashboard');
    expect(await screen.findByText('1.250')).toBeInTheDocument();
    const links: [string, string, string | null][] = [
      ['Clientes vinculados', '1.250', '/operador/clientes'],
      ['Cobranças enviadas no mês', '87', null],
      ['Cobranças concluídas', '12', '/operador/concluidos'],
      ['Mensagens aguardando', '3', '/operador/aguardando-atendimento'],
      ['Clientes com falhas', '2', '/operador/clientes?com_falhas=1'],
    ];
    for (const [label, value, href] of links) {
      const article = card(label);
      expect(article).toHaveTextContent(value);
      const link = within(article).queryByRole('link');
      if (href) expect(link).toHaveAttribute('href', href);
      else expect(link).toBeNull();
    }
  });

  it('highlights waiting messages and failures only when above zero', async () => {
    renderApp('/operador/dashboard');
    await screen.findByText('1.250');
    expect(card('Mensagens aguardando')).toHaveStyle({ borderWidth: '2px' });
    expect(card('Clientes com falhas')).toHaveStyle({ borderWidth: '2px' });
    expect(card('Clientes vinculados')).not.toHaveStyle({ borderWidth: '2px' });
  });

  it('does not highlight zero waiting messages or failures', async () => {
    figuras = { ...FIGURAS, mensagens_aguardando: 0, clientes_com_falhas: 0 };
    renderApp('/operador/dashboard');
    await screen.findByText('1.250');
    expect(card('Mensagens aguardando')).not.toHaveStyle({ borderWidth: '2px' });
    expect(card('Clientes com falhas')).not.toHaveStyle({ borderWidth: '2px' });
  });

  it('opens the failures list from its card', async () => {
    const app = renderApp('/operador/dashboard');
    await screen.findByText('1.250');
    await userEvent.click(within(card('Clientes com falhas')).getByRole('link'));
    expect(app.pathname()).toBe('/operador/clientes');
    expect(app.router.state.location.search).toBe('?com_falhas=1');
    expect(await screen.findByRole('switch', { name: 'Só com falhas' })).toBeChecked();
  });

  it('shows placeholders while loading', async () => {
    server.use(http.get('/api/operador/dashboard', () => new Promise<Response>(() => {})));
    renderApp('/operador/dashboard');
    const section = await screen.findByRole('region', { name: 'Indicadores' });
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(within(section).getAllByLabelText('Carregando')).toHaveLength(5);
  });

  it('shows the error with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/operador/dashboard', () =>
        HttpResponse.json({ code: 'BANCO_INDISPONIVEL', message: 'Serviço indisponível.' }, { status: 503 }),
      ),
    );
    renderApp('/operador/dashboard');
    expect(await screen.findByText('Serviço indisponível.')).toBeInTheDocument();
    server.use(http.get('/api/operador/dashboard', () => HttpResponse.json(FIGURAS)));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('1.250')).toBeInTheDocument();
  });
});
