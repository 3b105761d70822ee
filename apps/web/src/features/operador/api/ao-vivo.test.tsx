import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';
import { clienteDetalhe, openWorkspace, setupWorkspace } from '../workspace/workspace.test-fixtures.ts';
import { EVENTOS_URL } from './ao-vivo.ts';
import { useAoVivo } from './ao-vivo-estado.ts';

/** A live stream the test writes to: `enviar('clientes', {...})` pushes one event to the page. */
const fluxoDeEventos = () => {
  const codificador = new TextEncoder();
  let controle: ReadableStreamDefaultController<Uint8Array> | null = null;
  const autorizacoes: (string | null)[] = [];
  server.use(
    http.get(EVENTOS_URL, ({ request }) => {
      autorizacoes.push(request.headers.get('authorization'));
      const corpo = new ReadableStream<Uint8Array>({
        start: (c) => {
          controle = c;
          c.enqueue(codificador.encode('event: pronto\ndata: {"operador_id":3}\n\n'));
        },
      });
      return new HttpResponse(corpo, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return {
    autorizacoes,
    enviar: (evento: string, dados: unknown) =>
      controle?.enqueue(codificador.encode(`event: ${evento}\ndata: ${JSON.stringify(dados)}\n\n`)),
  };
};

afterEach(() => {
  vi.useRealTimers();
  useAoVivo.setState({ conectado: false });
});

describe('live events in the operator area', () => {
  it('updates the open workspace header and actions at once when the customer replies', async () => {
    const fluxo = fluxoDeEventos();
    const estado = setupWorkspace(clienteDetalhe({ status: 'ativo' }));
    renderApp('/operador/clientes/7');
    // The first render in a file also loads the workspace's lazy route.
    await screen.findByRole('heading', { level: 2, name: 'Maria da Silva Souza' });
    await vi.waitFor(() => expect(useAoVivo.getState().conectado).toBe(true));
    expect(fluxo.autorizacoes[0]).toMatch(/^Bearer cob_/);
    const acoes = within(screen.getByRole('group', { name: 'Ações do cliente' }));
    expect(acoes.queryByRole('button', { name: 'Assumir' })).toBeNull();

    estado.cliente = clienteDetalhe({
      status: 'aguardando_atendimento',
      aguardando_desde: new Date().toISOString(),
    });
    fluxo.enviar('clientes', { clientes: [7] });

    // Far sooner than the 5 s poll, which the open stream has turned into a one-minute safety net.
    const resumo = within(screen.getByRole('region', { name: 'Resumo do cliente' }));
    expect(await resumo.findByText('Aguardando atendimento', {}, { timeout: 1_500 })).toBeInTheDocument();
    expect(acoes.getByRole('button', { name: 'Assumir' })).toBeInTheDocument();
  });

  it('keeps polling when the stream cannot open', async () => {
    setupWorkspace(clienteDetalhe());
    server.use(http.get(EVENTOS_URL, () => HttpResponse.json({ code: 'X', message: 'x' }, { status: 503 })));
    await openWorkspace();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(useAoVivo.getState().conectado).toBe(false);
  });
});
