import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server.ts';
import { clienteDetalhe, openWorkspace, setupWorkspace } from './workspace.test-fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

type User = ReturnType<typeof userEvent.setup>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const acoes = () => within(screen.getByRole('group', { name: 'Ações do cliente' }));

/** Serves the calls route, answering in turn with `respostas` (then success), and records each key. */
const servirChamadas = (respostas: (() => Response)[] = []) => {
  const chaves: (string | null)[] = [];
  server.use(
    http.post('/api/operador/clientes/:id/chamadas', ({ request }) => {
      chaves.push(request.headers.get('Idempotency-Key'));
      const resposta = respostas.shift();
      return resposta
        ? resposta()
        : HttpResponse.json({ cliente: clienteDetalhe(), chamada: {} }, { status: 201 });
    }),
  );
  return chaves;
};

const registrarLigacao = async (user: User, resultado: string) => {
  await user.click(acoes().getByRole('button', { name: 'Registrar ligação' }));
  const dialog = await screen.findByRole('dialog', { name: 'Registrar ligação' });
  await user.click(within(dialog).getByRole('radio', { name: resultado }));
  await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
  return dialog;
};

const enviarDeNovo = async (user: User, dialog: HTMLElement) =>
  user.click(within(dialog).getByRole('button', { name: 'Registrar' }));

describe('Idempotency-Key of the workspace records', () => {
  it('sends a fresh key with each submission', async () => {
    setupWorkspace();
    const chaves = servirChamadas();
    await openWorkspace();
    const user = userEvent.setup();
    await registrarLigacao(user, 'Atendida');
    expect(await screen.findByText('Ligação registrada.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await registrarLigacao(user, 'Atendida');
    await waitFor(() => expect(chaves).toHaveLength(2));
    expect(chaves[0]).toMatch(UUID);
    expect(chaves[1]).toMatch(UUID);
    expect(chaves[1]).not.toBe(chaves[0]);
  });

  it('sends the same key when the same submission is retried after its answer was lost', async () => {
    setupWorkspace();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const chaves = servirChamadas([() => HttpResponse.error()]);
    await openWorkspace();
    const user = userEvent.setup();
    const dialog = await registrarLigacao(user, 'Não atendida');
    expect(await screen.findByText(/Não foi possível falar com o servidor/)).toBeInTheDocument();
    await enviarDeNovo(user, dialog);
    expect(await screen.findByText('Ligação registrada.')).toBeInTheDocument();
    expect(chaves).toHaveLength(2);
    expect(chaves[0]).toMatch(UUID);
    expect(chaves[1]).toBe(chaves[0]);
  });

  it('sends a new key once the values change', async () => {
    setupWorkspace();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const erro = () =>
      HttpResponse.json({ code: 'ERRO_INTERNO', message: 'Erro interno do servidor.' }, { status: 500 });
    const chaves = servirChamadas([erro]);
    await openWorkspace();
    const user = userEvent.setup();
    const dialog = await registrarLigacao(user, 'Não atendida');
    expect(await screen.findByText('Erro interno do servidor.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Caixa postal' }));
    await enviarDeNovo(user, dialog);
    expect(await screen.findByText('Ligação registrada.')).toBeInTheDocument();
    expect(chaves).toHaveLength(2);
    expect(chaves[1]).toMatch(UUID);
    expect(chaves[1]).not.toBe(chaves[0]);
  });

  it('records once when the form is submitted twice in a row', async () => {
    setupWorkspace();
    const chaves = servirChamadas();
    await openWorkspace();
    const user = userEvent.setup();
    await user.click(acoes().getByRole('button', { name: 'Registrar ligação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar ligação' });
    await user.click(within(dialog).getByRole('radio', { name: 'Atendida' }));
    const form = dialog.querySelector('form');
    if (!form) throw new Error('sem formulário');
    form.requestSubmit();
    form.requestSubmit();
    expect(await screen.findByText('Ligação registrada.')).toBeInTheDocument();
    expect(chaves).toHaveLength(1);
  });

  it('sends a key with a payment too', async () => {
    setupWorkspace();
    const chaves: (string | null)[] = [];
    server.use(
      http.post('/api/operador/clientes/:id/pagamentos', ({ request }) => {
        chaves.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.json({ cliente: clienteDetalhe(), pagamento: {} }, { status: 201 });
      }),
    );
    await openWorkspace();
    const user = userEvent.setup();
    await user.click(acoes().getByRole('button', { name: 'Registrar pagamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pagamento' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Forma de pagamento' }));
    await user.click(await screen.findByRole('option', { name: 'PIX' }));
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pagamento' }));
    await waitFor(() => expect(chaves).toHaveLength(1));
    expect(chaves[0]).toMatch(UUID);
  });
});
