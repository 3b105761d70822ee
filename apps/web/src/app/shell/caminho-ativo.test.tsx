import type { ClienteStatus } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clienteDetalhe, setupWorkspace } from '../../features/operador/workspace/workspace.test-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.useRealTimers();
});

// The first render loads the operator area's lazy chunks, slow on a busy machine.
const CARGA = { timeout: 20_000 };

const abrir = () => {
  renderApp('/operador/clientes/7');
  return screen.findByRole('heading', { level: 2, name: 'Maria da Silva Souza' }, CARGA);
};

const atual = () =>
  within(screen.getByRole('navigation', { name: 'Menu principal' }))
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.querySelector('.MuiListItemText-primary')?.textContent);

describe('the menu on a customer’s workspace', () => {
  it.each<[ClienteStatus, string]>([
    ['ativo', 'Ativos'],
    ['pausado', 'Ativos'],
    ['aguardando_atendimento', 'Aguardando Atendimento'],
    ['em_atendimento', 'Em Atendimento'],
    ['concluido', 'Concluídos'],
  ])(
    'highlights the list of the customer’s status (%s → %s), never Ativos for all',
    async (status, lista) => {
      setupWorkspace(clienteDetalhe({ status }));
      await abrir();
      await waitFor(() => expect(atual()).toEqual([lista]));
    },
    30_000,
  );

  it('highlights nothing while the customer is still loading', async () => {
    setupWorkspace(clienteDetalhe({ status: 'concluido' }));
    const aberto = abrir();
    expect(await screen.findByRole('navigation', { name: 'Menu principal' }, CARGA)).toBeInTheDocument();
    expect(atual()).toEqual([]);
    await aberto;
    expect(atual()).toEqual(['Concluídos']);
  });
});
