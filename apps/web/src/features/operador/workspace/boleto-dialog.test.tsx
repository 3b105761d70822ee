import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server.ts';
import { clienteDetalhe, conta, openWorkspace, setupWorkspace } from './workspace.test-fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const LINHA = '34191.09123 45678.112340 01234.560009 8 16450000035000';

describe("the workspace: a receivable's boleto (docs/conciliacao.md §1)", () => {
  it('an open receivable offers "Informar boleto"; the server’s reasons go under their fields; saved, it shows', async () => {
    const estado = setupWorkspace(clienteDetalhe({ contas: [conta(1, { descricao: 'Duplicata 1' })] }));
    const corpos: unknown[] = [];
    let recusar = true;
    server.use(
      http.put('/api/operador/contas-receber/:id/boleto', async ({ request }) => {
        corpos.push(await request.json());
        if (recusar)
          return HttpResponse.json(
            {
              code: 'DADOS_INVALIDOS',
              message: 'O boleto não confere.',
              errors: {
                linha_digitavel: ['Linha digitável inválida: o dígito do campo 2 é 9, o certo seria 8.'],
              },
            },
            { status: 422 },
          );
        const salva = conta(1, { descricao: 'Duplicata 1', banco: '341', nosso_numero: '12345678' });
        estado.cliente = clienteDetalhe({ contas: [salva] });
        return HttpResponse.json(salva);
      }),
    );
    const user = userEvent.setup();
    await openWorkspace();
    await user.click(screen.getByRole('button', { name: 'Boleto de Duplicata 1' }));
    const dialogo = screen.getByRole('dialog', { name: 'Boleto da conta' });
    await user.type(within(dialogo).getByLabelText('Nosso número'), '12345678');
    await user.type(within(dialogo).getByLabelText('Linha digitável'), LINHA);
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar boleto' }));
    expect(
      await within(dialogo).findByText('Linha digitável inválida: o dígito do campo 2 é 9, o certo seria 8.'),
    ).toBeInTheDocument();
    recusar = false;
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar boleto' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Boleto da conta' })).toBeNull());
    expect(corpos.at(-1)).toEqual({
      banco: '',
      nosso_numero: '12345678',
      linha_digitavel: LINHA,
      codigo_barras: '',
    });
    expect(await screen.findByRole('button', { name: 'Boleto de Duplicata 1' })).toHaveTextContent(
      'Boleto 341 · nº 12345678',
    );
  });
});
