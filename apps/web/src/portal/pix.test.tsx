import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../test/server.ts';
import { comSessao, entrar, falha, pix, resumo, TXID } from './portal.test-fixtures.tsx';

const definirVisibilidade = (estado: DocumentVisibilityState) => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => estado });
  document.dispatchEvent(new Event('visibilitychange'));
};

afterEach(() => {
  // Back to jsdom's own getter.
  delete (document as { visibilityState?: unknown }).visibilityState;
});

const espera = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('portal: pay with PIX', () => {
  it('shows the QR code and the code, copies it, and turns to "Pagamento recebido" once paid', async () => {
    let gerados = 0;
    let consultas = 0;
    let resumos = 0;
    let pago = false;
    server.use(
      http.post(
        '/api/portal/pix',
        comSessao(() => {
          gerados += 1;
          return HttpResponse.json({ pix: pix() });
        }),
      ),
      http.get(
        '/api/portal/pix/:txid',
        comSessao((request) => {
          consultas += 1;
          expect(new URL(request.url).pathname).toBe(`/api/portal/pix/${TXID}`);
          return HttpResponse.json({ pix: pix({ status: pago ? 'paga' : 'ativa' }) });
        }),
      ),
    );
    const user = await entrar();
    server.use(
      http.get(
        '/api/portal/resumo',
        comSessao(() => {
          resumos += 1;
          return HttpResponse.json(resumo({ contas: [], total: 0 }));
        }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Pagar com PIX' }));

    const qr = await screen.findByRole('img', { name: 'QR Code do PIX' });
    expect(qr.getAttribute('src')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(pix().qr_svg)}`,
    );
    expect(screen.getByText('R$ 1.234,56')).toBeInTheDocument();
    expect(screen.getByText(/^Válido até \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/)).toBeInTheDocument();
    const codigo = screen.getByLabelText('PIX copia e cola');
    expect(codigo).toHaveValue(pix().pix_copia_e_cola);
    expect(codigo).toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: 'Copiar código' }));
    expect(await navigator.clipboard.readText()).toBe(pix().pix_copia_e_cola);
    expect(await screen.findByText('Código copiado')).toHaveAttribute('role', 'status');

    // Checked while open; the bank pays.
    await waitFor(() => expect(consultas).toBeGreaterThan(1));
    pago = true;

    expect(await screen.findByRole('heading', { name: 'Pagamento recebido' })).toBeInTheDocument();
    expect(screen.getByText('Obrigado! Recebemos o seu pagamento de R$ 1.234,56.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'QR Code do PIX' })).not.toBeInTheDocument();
    // The summary is read again in the background; polling stops once paid.
    await waitFor(() => expect(resumos).toBe(1));
    const feitas = consultas;
    await act(() => espera(100));
    expect(consultas).toBe(feitas);
    expect(gerados).toBe(1);
  });

  it('a failed copy selects the code and says so', async () => {
    server.use(
      http.post(
        '/api/portal/pix',
        comSessao(() => HttpResponse.json({ pix: pix() })),
      ),
    );
    server.use(
      http.get(
        '/api/portal/pix/:txid',
        comSessao(() => HttpResponse.json({ pix: pix() })),
      ),
    );
    const user = await entrar();
    await user.click(screen.getByRole('button', { name: 'Pagar com PIX' }));
    await screen.findByRole('img', { name: 'QR Code do PIX' });
    const original = navigator.clipboard.writeText;
    navigator.clipboard.writeText = () => Promise.reject(new Error('negado'));
    try {
      await user.click(screen.getByRole('button', { name: 'Copiar código' }));
    } finally {
      navigator.clipboard.writeText = original;
    }
    // The announcement is set after the refused write settles, a render later than the click.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/Não foi possível copiar/));
    const codigo = screen.getByLabelText<HTMLTextAreaElement>('PIX copia e cola');
    expect(codigo).toHaveFocus();
    expect([codigo.selectionStart, codigo.selectionEnd]).toEqual([0, codigo.value.length]);
  });

  it('stops checking while the page is hidden and checks at once when it is visible again', async () => {
    let consultas = 0;
    server.use(
      http.post(
        '/api/portal/pix',
        comSessao(() => HttpResponse.json({ pix: pix() })),
      ),
      http.get(
        '/api/portal/pix/:txid',
        comSessao(() => {
          consultas += 1;
          return HttpResponse.json({ pix: pix() });
        }),
      ),
    );
    const user = await entrar();
    await user.click(screen.getByRole('button', { name: 'Pagar com PIX' }));
    await screen.findByRole('img', { name: 'QR Code do PIX' });
    await waitFor(() => expect(consultas).toBeGreaterThan(0));

    act(() => definirVisibilidade('hidden'));
    await act(() => espera(60));
    const escondida = consultas;
    await act(() => espera(150));
    expect(consultas).toBe(escondida);

    act(() => definirVisibilidade('visible'));
    await waitFor(() => expect(consultas).toBeGreaterThan(escondida));
  });

  it('an expired code offers a new one', async () => {
    let gerados = 0;
    server.use(
      http.post(
        '/api/portal/pix',
        comSessao(() => {
          gerados += 1;
          return HttpResponse.json({ pix: pix({ txid: `${TXID.slice(0, -1)}${gerados}` }) });
        }),
      ),
      http.get(
        '/api/portal/pix/:txid',
        comSessao(({ url }) =>
          HttpResponse.json({
            pix: pix({ txid: url.split('/').at(-1), status: url.endsWith('1') ? 'expirada' : 'ativa' }),
          }),
        ),
      ),
    );
    const user = await entrar();
    await user.click(screen.getByRole('button', { name: 'Pagar com PIX' }));
    expect(await screen.findByRole('heading', { name: 'Este código expirou' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gerar novo código' }));
    expect(await screen.findByRole('img', { name: 'QR Code do PIX' })).toBeInTheDocument();
    expect(gerados).toBe(2);
  });

  it('502 from the PSP: a pt-BR message and a retry', async () => {
    let tentativas = 0;
    server.use(
      http.post(
        '/api/portal/pix',
        comSessao(() => {
          tentativas += 1;
          return tentativas === 1
            ? falha(502, 'PSP_INDISPONIVEL', 'O PSP respondeu 503.')
            : HttpResponse.json({ pix: pix() });
        }),
      ),
      http.get(
        '/api/portal/pix/:txid',
        comSessao(() => HttpResponse.json({ pix: pix() })),
      ),
    );
    const user = await entrar();
    await user.click(screen.getByRole('button', { name: 'Pagar com PIX' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível gerar o PIX agora. Tente de novo em instantes.',
    );
    expect(screen.queryByText(/PSP_INDISPONIVEL|503/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('img', { name: 'QR Code do PIX' })).toBeInTheDocument();
  });

  it('with an agreement it pays the next instalment', async () => {
    server.use(
      http.post(
        '/api/portal/pix',
        comSessao(() => HttpResponse.json({ pix: pix({ valor: 350.25 }) })),
      ),
      http.get(
        '/api/portal/pix/:txid',
        comSessao(() => HttpResponse.json({ pix: pix({ valor: 350.25 }) })),
      ),
    );
    const user = await entrar(
      resumo({
        contas: [],
        total: 0,
        acordo: {
          id: 4,
          parcelas: [
            { numero: 1, vencimento: '2026-11-10', valor: 350.5, paga: true },
            { numero: 2, vencimento: '2026-12-10', valor: 350.25, paga: false },
          ],
        },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Pagar com PIX' }));
    await screen.findByRole('img', { name: 'QR Code do PIX' });
    expect(screen.getByText('2ª parcela do acordo').parentElement).toHaveTextContent('R$ 350,25');
  });
});
