import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server.ts';
import { answerWith, clienteDetalhe, openWorkspace, setupWorkspace } from './workspace.test-fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const contato = () => within(screen.getByRole('region', { name: 'Contato' }));
const REVOGAR = '/api/operador/clientes/:id/portal/revogar';
// 02:30 UTC is still the day before in São Paulo: the date is the customer's business day.
const VALIDO = { valido_ate: '2026-12-20T02:30:00.000Z', revogado_em: null };
const REVOGADO = { valido_ate: null, revogado_em: '2026-11-20T14:45:00.000Z' };

describe('ClienteWorkspacePage — portal link', () => {
  it('shows a valid link with its last day and offers to revoke it', async () => {
    setupWorkspace(clienteDetalhe({ portal: VALIDO }));
    await openWorkspace();
    expect(contato().getByText('Link do portal válido até 19/12/2026')).toBeInTheDocument();
    expect(contato().getByRole('button', { name: 'Revogar link' })).toBeInTheDocument();
  });

  it('shows when the link was revoked, with nothing to revoke', async () => {
    setupWorkspace(clienteDetalhe({ portal: REVOGADO }));
    await openWorkspace();
    expect(contato().getByText('Link do portal revogado em 20/11/2026 11:45')).toBeInTheDocument();
    expect(contato().queryByRole('button', { name: 'Revogar link' })).toBeNull();
  });

  it('prefers a newer valid link to an older revoked one', async () => {
    setupWorkspace(clienteDetalhe({ portal: { ...VALIDO, revogado_em: REVOGADO.revogado_em } }));
    await openWorkspace();
    expect(contato().getByText('Link do portal válido até 19/12/2026')).toBeInTheDocument();
    expect(contato().queryByText(/revogado/)).toBeNull();
  });

  it('says there is no active link', async () => {
    setupWorkspace();
    await openWorkspace();
    expect(contato().getByText('Sem link do portal ativo')).toBeInTheDocument();
    expect(contato().queryByRole('button', { name: 'Revogar link' })).toBeNull();
  });

  it('revokes only after confirmation, then shows the revoked link', async () => {
    const estado = setupWorkspace(clienteDetalhe({ portal: VALIDO }));
    server.use(http.post(REVOGAR, answerWith(estado, clienteDetalhe({ portal: REVOGADO }))));
    await openWorkspace();
    const user = userEvent.setup();

    await user.click(contato().getByRole('button', { name: 'Revogar link' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revogar o link do portal?' });
    expect(dialog).toHaveAccessibleDescription(
      'O cliente não poderá mais usá-lo; a próxima mensagem leva um link novo.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(estado.writes).toEqual([]);

    await user.click(contato().getByRole('button', { name: 'Revogar link' }));
    dialog = await screen.findByRole('dialog', { name: 'Revogar o link do portal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revogar' }));
    expect(await screen.findByText('Link do portal revogado.')).toBeInTheDocument();
    expect(estado.writes).toEqual([
      { method: 'POST', path: '/api/operador/clientes/7/portal/revogar', body: null },
    ]);
    expect(await contato().findByText('Link do portal revogado em 20/11/2026 11:45')).toBeInTheDocument();
    expect(contato().queryByRole('button', { name: 'Revogar link' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says why the revocation failed and keeps the link as it was', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setupWorkspace(clienteDetalhe({ portal: VALIDO }));
    server.use(
      http.post(REVOGAR, () =>
        HttpResponse.json({ code: 'ERRO_INTERNO', message: 'Erro interno do servidor.' }, { status: 500 }),
      ),
    );
    await openWorkspace();
    const user = userEvent.setup();
    await user.click(contato().getByRole('button', { name: 'Revogar link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revogar o link do portal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revogar' }));
    expect(await screen.findByText('Erro interno do servidor.')).toBeInTheDocument();
    expect(screen.queryByText('Link do portal revogado.')).toBeNull();
    // The dialog stays open for another try.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(contato().getByText('Link do portal válido até 19/12/2026')).toBeInTheDocument();
  });
});

describe('ClienteWorkspacePage — opt-out channel', () => {
  it('says the customer opted out through the portal', async () => {
    setupWorkspace(
      clienteDetalhe({ opt_out: { em: '2026-11-15T13:00:00.000Z', mensagem: null, canal: 'portal' } }),
    );
    await openWorkspace();
    expect(
      screen.getByText('Cliente pediu para não receber mensagens em 15/11/2026, pelo portal do cliente.'),
    ).toBeInTheDocument();
  });

  it('reads an opt-out of unknown channel (before the portal) as a message', async () => {
    setupWorkspace(
      clienteDetalhe({ opt_out: { em: '2026-11-15T13:00:00.000Z', mensagem: 'PARAR', canal: null } }),
    );
    await openWorkspace();
    expect(
      screen.getByText(
        "Cliente pediu para não receber mensagens em 15/11/2026, por mensagem (WhatsApp): 'PARAR'",
      ),
    ).toBeInTheDocument();
  });
});
