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
    const api = montar({ gerando: true, debito_automatico: null }, [
      async () => ({ gerando: true, debito_automatico: null }),
      async () => ({ pix: pix(), gerando: false, debito_automatico: null }),
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Gerando o código PIX da 1ª parcela…');
    expect(await screen.findByRole('img', { name: 'QR Code do PIX' })).toBeInTheDocument();
    expect(api.mock.calls.filter(([c]) => c === '/api/portal/acordo/pix')).toHaveLength(2);
  });

  it('a lost answer is asked again', async () => {
    montar({ gerando: true, debito_automatico: null }, [
      async () => {
        throw new FalhaPortal(0, undefined, undefined);
      },
      async () => ({ pix: pix(), gerando: false, debito_automatico: null }),
    ]);
    expect(await screen.findByRole('img', { name: 'QR Code do PIX' })).toBeInTheDocument();
  });

  it('nothing being made and no PIX: the code comes by message, and it stops asking', async () => {
    const api = montar({ gerando: true, debito_automatico: null }, [
      async () => ({ gerando: false, debito_automatico: null }),
    ]);
    expect(
      await screen.findByText('O código PIX da primeira parcela será enviado pelo WhatsApp.'),
    ).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('with automatic debit: waits for the composite code, then says it also authorises the debit', async () => {
    // The charge's code with the recurrence's location in field 80 (journey 3).
    const COMPOSTO = `${pix().pix_copia_e_cola.slice(0, -8)}80530014br.gov.bcb.pix2531simulador.pix.invalid/v2/rec/ab6304ABCD`;
    const debito = { status: 'aguardando_aprovacao' as const, pix_copia_e_cola: null };
    montar({ gerando: true, debito_automatico: debito }, [
      async () => ({
        pix: pix({ pix_copia_e_cola: COMPOSTO, autoriza_debito_automatico: true }),
        gerando: false,
        debito_automatico: { ...debito, pix_copia_e_cola: COMPOSTO },
      }),
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Gerando o código PIX da 1ª parcela e do débito automático…',
    );
    expect(
      await screen.findByText('Este PIX paga a 1ª parcela e autoriza o débito automático das demais.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'PIX copia e cola' })).toHaveValue(COMPOSTO);
  });

  it('shows the PIX the answer already brought without asking', () => {
    const api = montar({ pix: pix(), gerando: false, debito_automatico: null }, []);
    expect(screen.getByRole('img', { name: 'QR Code do PIX' })).toBeInTheDocument();
    expect(screen.queryByText(/autoriza o débito automático/)).not.toBeInTheDocument();
    expect(api.mock.calls.filter(([c]) => c === '/api/portal/acordo/pix')).toHaveLength(0);
  });
});
