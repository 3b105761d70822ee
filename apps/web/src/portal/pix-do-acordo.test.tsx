import type { PortalAcordoPixResponse } from '@cobranca/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FalhaPortal } from './api.ts';
import { PixDoAcordo } from './pix-do-acordo.tsx';
import { pix } from './portal.test-fixtures.tsx';

// The agreement's first PIX comes from a job after the answer: the page asks until it is there.

const montar = (inicial: PortalAcordoPixResponse, respostas: (() => Promise<unknown>)[]) => {
  const api = vi.fn(async (caminho: string) => {
    if (caminho !== '/api/portal/acordo/pix') return { pix: pix() };
    const proxima = respostas.shift();
    if (!proxima) throw new Error('chamada a mais');
    return proxima();
  });
  render(
    <PixDoAcordo
      api={api as never}
      inicial={inicial}
      intervaloPix={60_000}
      aoPagar={() => {}}
      intervalo={10}
    />,
  );
  return api;
};

describe('PixDoAcordo', () => {
  it('says the PIX is being made, asks again, and shows it once the job made it', async () => {
    const api = montar({ gerando: true }, [
      async () => ({ gerando: true }),
      async () => ({ pix: pix(), gerando: false }),
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Gerando o código PIX da 1ª parcela…');
    expect(await screen.findByRole('img', { name: 'QR Code do PIX' })).toBeInTheDocument();
    expect(api.mock.calls.filter(([c]) => c === '/api/portal/acordo/pix')).toHaveLength(2);
  });

  it('a lost answer is asked again', async () => {
    montar({ gerando: true }, [
      async () => {
        throw new FalhaPortal(0, undefined, undefined);
      },
      async () => ({ pix: pix(), gerando: false }),
    ]);
    expect(await screen.findByRole('img', { name: 'QR Code do PIX' })).toBeInTheDocument();
  });

  it('nothing being made and no PIX: the code comes by message, and it stops asking', async () => {
    const api = montar({ gerando: true }, [async () => ({ gerando: false })]);
    expect(
      await screen.findByText('O código PIX da primeira parcela será enviado pelo WhatsApp.'),
    ).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('shows the PIX the answer already brought without asking', () => {
    const api = montar({ pix: pix(), gerando: false }, []);
    expect(screen.getByRole('img', { name: 'QR Code do PIX' })).toBeInTheDocument();
    expect(api.mock.calls.filter(([c]) => c === '/api/portal/acordo/pix')).toHaveLength(0);
  });
});
