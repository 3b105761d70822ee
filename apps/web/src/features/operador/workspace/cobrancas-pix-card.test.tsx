import type { CobrancaPixView } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server.ts';
import { MOBILE, setViewportWidth } from '../../../test/viewport.ts';
import { clienteDetalhe, conta, mensagem, openWorkspace, setupWorkspace } from './workspace.test-fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CODIGO =
  '00020101021226880014br.gov.bcb.pix2566qrcodes.psp.example/v2/cobv/9d36b84fc70b478fb95c12729b90ca255204000053039865802BR5913EMPRESA LTDA6009SAO PAULO62070503***6304ABCD';

const cobranca = (txid: string, patch: Partial<CobrancaPixView> = {}): CobrancaPixView => ({
  txid,
  tipo: 'cobv',
  valor: 123.45,
  vencimento: '2026-11-25',
  valida_ate: '2026-12-25T02:59:59.000Z',
  status: 'ativa',
  origem: 'operador',
  pix_copia_e_cola: CODIGO,
  contas_ids: [1, 2],
  created_at: '2026-11-20T13:00:00.000Z',
  paga_em: null,
  ...patch,
});

const ativa = cobranca('7f3c9a1e5b2d4c6e8a0b1c2d3e4f5a6b');
const paga = cobranca('2b8e4f6a1c3d5e7f9a0b2c4d6e8f0a1c', {
  tipo: 'cob',
  valor: 50,
  vencimento: null,
  status: 'paga',
  created_at: '2026-11-18T12:00:00.000Z',
  paga_em: '2026-11-18T12:30:00.000Z',
});
const expirada = cobranca('9d1f3b5c7e9a2c4e6f8b0d2f4a6c8e0b', {
  tipo: 'cob',
  valor: 10,
  vencimento: null,
  status: 'expirada',
  created_at: '2026-11-01T12:00:00.000Z',
});

const cartao = () => screen.getByRole('region', { name: 'Cobranças PIX' });
const itens = () => within(cartao()).getAllByRole('listitem');

/** The workspace with `cobrancas` (simulator unless said otherwise), its customer and receivables. */
const abrir = async (cobrancas: CobrancaPixView[], extra: Parameters<typeof clienteDetalhe>[0] = {}) => {
  const estado = setupWorkspace(clienteDetalhe(extra));
  estado.pix = { provedor: 'simulador', cobrancas };
  await openWorkspace();
  if (cobrancas.length) await within(cartao()).findAllByRole('listitem');
  else await within(cartao()).findByText('Nenhuma cobrança PIX gerada.');
  return estado;
};

describe('CobrancasPixCard (docs/produto.md §21)', () => {
  it('lists the charges with value, type, status and dates, with the QR Code of the active one', async () => {
    await abrir([ativa, paga, expirada]);
    const [primeira, segunda, terceira] = itens() as [HTMLElement, HTMLElement, HTMLElement];
    expect(primeira).toHaveTextContent('R$ 123,45');
    expect(primeira).toHaveTextContent(
      'Com vencimento · vence em 25/11/2026 · criada em 20/11/2026 10:00 · válida até 24/12/2026 23:59',
    );
    expect(segunda).toHaveTextContent('R$ 50,00');
    expect(within(segunda).getByText('Paga')).toBeInTheDocument();
    expect(segunda).toHaveTextContent('Imediata · paga em 18/11/2026 09:30');
    expect(within(terceira).getByText('Expirada')).toBeInTheDocument();

    const qr = await within(primeira).findByRole('img', { name: 'QR Code PIX de R$ 123,45' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(primeira).getByRole('textbox', { name: 'PIX copia e cola' })).toHaveValue(CODIGO);
    // Only the active charge can be paid: the others show no code.
    expect(within(segunda).queryByRole('img')).toBeNull();
    expect(within(segunda).queryByRole('button', { name: 'Copiar código' })).toBeNull();
  });

  it('says when there is no charge yet', async () => {
    await abrir([]);
    expect(within(cartao()).getByText('Nenhuma cobrança PIX gerada.')).toBeInTheDocument();
  });

  it('copies the copia e cola code', async () => {
    await abrir([ativa]);
    const user = userEvent.setup();
    await user.click(within(cartao()).getByRole('button', { name: 'Copiar código' }));
    expect(await screen.findByText('Código PIX copiado.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(CODIGO);
  });

  it('generates a charge of the picked receivables, else of all open ones, with an Idempotency-Key', async () => {
    const estado = await abrir([]);
    const posts: { key: string | null; body: string }[] = [];
    server.use(
      http.post('/api/operador/clientes/:id/cobrancas-pix', async ({ request }) => {
        posts.push({ key: request.headers.get('Idempotency-Key'), body: await request.text() });
        const nova = cobranca(`novacobranca0000000000000000000${posts.length}`, { valor: 60.5 });
        estado.pix = { ...estado.pix, cobrancas: [nova, ...estado.pix.cobrancas] };
        return HttpResponse.json(nova, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: /Selecionar NF-e 1234 parcela 2/ }));
    await user.click(within(cartao()).getByRole('button', { name: 'Gerar cobrança PIX (1)' }));
    expect(await screen.findByText('Cobrança PIX de R$ 60,50 gerada.')).toBeInTheDocument();
    expect(await within(cartao()).findByText('R$ 60,50')).toBeInTheDocument();
    expect(posts[0]?.key).toMatch(UUID);
    expect(JSON.parse(posts[0]?.body ?? '')).toEqual({ conta_ids: [2] });

    await user.click(screen.getByRole('checkbox', { name: /Selecionar NF-e 1234 parcela 2/ }));
    await user.click(within(cartao()).getByRole('button', { name: 'Gerar cobrança PIX' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]?.body).toBe('');
    expect(posts[1]?.key).toMatch(UUID);
    expect(posts[1]?.key).not.toBe(posts[0]?.key);
  });

  it('cannot generate a charge when nothing is open', async () => {
    await abrir([], { contas: [conta(3, { status: 'paga', saldo: 0, valor_pago: 50, dias_atraso: 0 })] });
    const botao = within(cartao()).getByRole('button', { name: 'Gerar cobrança PIX' });
    expect(botao).toBeDisabled();
    expect(botao).toHaveAttribute('title', 'Nenhuma conta em aberto para cobrar.');
  });

  it('simulates the payment after a confirmation, then refreshes the workspace', async () => {
    const estado = await abrir([ativa]);
    const pagos: string[] = [];
    const depois = clienteDetalhe({ total_em_aberto: 0, contas: [] });
    server.use(
      http.post('/api/operador/clientes/:id/cobrancas-pix/:txid/simular-pagamento', ({ params }) => {
        pagos.push(String(params.txid));
        estado.cliente = depois;
        estado.pix = {
          ...estado.pix,
          cobrancas: [{ ...ativa, status: 'paga', paga_em: '2026-11-20T15:00:00.000Z' }],
        };
        return HttpResponse.json({ cobranca: estado.pix.cobrancas[0], cliente: depois });
      }),
    );
    const user = userEvent.setup();
    const cargas = estado.detalheLoads;
    await user.click(within(cartao()).getByRole('button', { name: 'Simular pagamento PIX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Simular pagamento PIX' });
    expect(dialog).toHaveTextContent(
      'Simular o pagamento de R$ 123,45? O sistema registra o pagamento como se o PSP o tivesse confirmado.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(pagos).toHaveLength(0);

    await user.click(within(cartao()).getByRole('button', { name: 'Simular pagamento PIX' }));
    const again = await screen.findByRole('dialog', { name: 'Simular pagamento PIX' });
    await user.click(within(again).getByRole('button', { name: 'Simular pagamento' }));
    expect(await screen.findByText('Pagamento PIX de R$ 123,45 registrado.')).toBeInTheDocument();
    expect(pagos).toEqual(['7f3c9a1e5b2d4c6e8a0b1c2d3e4f5a6b']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(cartao()).findByText('Paga')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Contas a receber' })).toHaveTextContent(
      'Nenhuma conta a receber.',
    );
    await waitFor(() => expect(estado.detalheLoads).toBeGreaterThan(cargas));
  });

  it('offers no simulated payment with a real PSP', async () => {
    const estado = setupWorkspace();
    estado.pix = { provedor: 'api_pix', cobrancas: [ativa] };
    await openWorkspace();
    expect(await within(cartao()).findByRole('button', { name: 'Copiar código' })).toBeInTheDocument();
    expect(within(cartao()).queryByRole('button', { name: 'Simular pagamento PIX' })).toBeNull();
  });

  it('sends the code in the conversation', async () => {
    const estado = await abrir([ativa]);
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/operador/clientes/:id/mensagens', async ({ request }) => {
        const body = (await request.json()) as { conteudo: string };
        bodies.push(body);
        const salva = mensagem(5, { status: 'enviada', conteudo: body.conteudo });
        estado.mensagens = [...estado.mensagens, salva];
        return HttpResponse.json(salva, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await user.click(within(cartao()).getByRole('button', { name: 'Enviar no chat' }));
    expect(await screen.findByText('Código PIX enviado no chat.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { conteudo: `Para pagar pelo PIX, use o código abaixo (copia e cola):\n${CODIGO}` },
    ]);
    expect(
      within(screen.getByRole('log', { name: 'Mensagens' })).getByText(/Para pagar pelo PIX/),
    ).toBeInTheDocument();
  });

  it('does not send in the chat for a customer in the shared queue, saying why', async () => {
    await abrir([ativa], { status: 'aguardando_atendimento', operador: null });
    const botao = within(cartao()).getByRole('button', { name: 'Enviar no chat' });
    expect(botao).toBeDisabled();
    expect(
      within(cartao()).getByText('Assuma o atendimento para responder a este cliente.'),
    ).toBeInTheDocument();
    expect(within(cartao()).getByRole('button', { name: /Gerar cobrança PIX/ })).toBeDisabled();
  });

  it('shows why the charges could not be loaded', async () => {
    const estado = setupWorkspace();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/operador/clientes/:id/cobrancas-pix', () =>
        HttpResponse.json({ code: 'ERRO_INTERNO', message: 'Erro interno do servidor.' }, { status: 500 }),
      ),
    );
    await openWorkspace();
    expect(await within(cartao()).findByText('Erro interno do servidor.')).toBeInTheDocument();
    expect(within(cartao()).getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
    expect(estado.writes).toHaveLength(0);
  });

  it('fits a 390 px phone: the QR Code and the code stack in one column', async () => {
    setViewportWidth(MOBILE);
    await abrir([ativa]);
    const qr = await within(cartao()).findByRole('img', { name: 'QR Code PIX de R$ 123,45' });
    expect(qr).toHaveStyle({ width: '100%', maxWidth: '180px' });
    expect(within(cartao()).getByRole('textbox', { name: 'PIX copia e cola' })).toBeInTheDocument();
  });
});
