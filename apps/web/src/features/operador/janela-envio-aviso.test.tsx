import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';
import { clienteDetalhe, setupWorkspace } from './workspace/workspace.test-fixtures.ts';

afterEach(() => vi.useRealTimers());

describe('the sending-window banner', () => {
  const janela = (patch: object) =>
    server.use(
      http.get('/api/operador/janela-envio', () =>
        HttpResponse.json({
          aberta: false,
          automacao_ligada: true,
          abre_em: '2026-11-21T11:00:00.000Z',
          fecha_em: null,
          fuso_horario: 'America/Sao_Paulo',
          ...patch,
        }),
      ),
    );

  it('says when the closed window opens, and that the operator’s own messages are not held', async () => {
    setupWorkspace(clienteDetalhe());
    janela({});
    renderApp('/operador/clientes/7');
    expect(
      await screen.findByText(/Fora da janela de envio: as mensagens da régua saem amanhã às 08:00\./),
    ).toHaveTextContent('As mensagens que você escrever saem na hora.');
  });

  it('says when automation is paused', async () => {
    setupWorkspace(clienteDetalhe());
    janela({ automacao_ligada: false });
    renderApp('/operador/clientes/7');
    expect(await screen.findByText(/Automação pausada/)).toBeInTheDocument();
  });

  it('shows nothing while the window is open', async () => {
    setupWorkspace(clienteDetalhe());
    renderApp('/operador/clientes/7');
    await screen.findByRole('heading', { level: 2, name: 'Maria da Silva Souza' });
    expect(screen.queryByText(/Fora da janela/)).toBeNull();
  });
});
