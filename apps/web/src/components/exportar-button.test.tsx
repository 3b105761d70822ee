import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession, signInAs, TEST_USERS } from '../test/render-app.tsx';
import { server } from '../test/server.ts';
import { ExportarButton, nomeDoAnexo } from './exportar-button.tsx';
import { initialSnackbarState, useSnackbarStore } from './snackbar/snackbar-store.ts';

const criarUrl = vi.fn(() => 'blob:arquivo');

beforeEach(() => {
  signInAs(TEST_USERS.admin);
  useSnackbarStore.setState(initialSnackbarState);
  URL.createObjectURL = criarUrl;
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  resetSession();
  criarUrl.mockClear();
});

describe('ExportarButton', () => {
  it('downloads the chosen format with the list’s filters, named as the API named it, and is off meanwhile', async () => {
    let pedido: URL | undefined;
    let autorizacao: string | null = null;
    let liberar: () => void = () => {};
    const pronto = new Promise<void>((resolve) => {
      liberar = resolve;
    });
    server.use(
      http.get('/api/admin/logs/exportar', async ({ request }) => {
        pedido = new URL(request.url);
        autorizacao = request.headers.get('Authorization');
        await pronto;
        return new HttpResponse('\uFEFFData e hora;Ação\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="logs-2026-11-20.csv"',
          },
        });
      }),
    );
    const clique = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('logs-2026-11-20.csv');
    });
    const user = userEvent.setup();
    render(
      <ExportarButton
        path="/admin/logs/exportar"
        query={{ page: 3, acao: 'login', usuario_id: undefined }}
      />,
    );

    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await user.click(screen.getByRole('menuitem', { name: 'CSV (Excel)' }));

    expect(await screen.findByRole('button', { name: 'Exportando…' })).toBeDisabled();
    liberar();
    await waitFor(() => expect(clique).toHaveBeenCalledOnce());
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeEnabled();
    // Every row: no page; the filters as the list sends them; the bearer token (a plain link has none).
    expect(pedido?.searchParams.get('page')).toBeNull();
    expect(pedido?.searchParams.get('acao')).toBe('login');
    expect(pedido?.searchParams.get('formato')).toBe('csv');
    expect(autorizacao).toMatch(/^Bearer /);
    expect(criarUrl).toHaveBeenCalledOnce();
    clique.mockRestore();
  });

  it('shows the API’s error in the snackbar and can be used again', async () => {
    server.use(
      http.get('/api/admin/dashboard/exportar', () =>
        HttpResponse.json(
          { code: 'VALIDACAO', message: 'Formato desconhecido. Use: csv, xlsx.', errors: {} },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    render(<ExportarButton path="/admin/dashboard/exportar" />);
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await user.click(screen.getByRole('menuitem', { name: 'XLSX' }));
    await waitFor(() => expect(useSnackbarStore.getState().color).toBe('error'));
    expect(useSnackbarStore.getState().message).toBeTruthy();
    expect(criarUrl).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeEnabled();
  });

  it('reads the file name from Content-Disposition, with a fallback', () => {
    expect(nomeDoAnexo('attachment; filename="clientes-ativos-2026-11-20.xlsx"', 'x.xlsx')).toBe(
      'clientes-ativos-2026-11-20.xlsx',
    );
    expect(nomeDoAnexo(null, 'exportacao.csv')).toBe('exportacao.csv');
  });
});
