import type { DebitoAutomaticoView, NegociacaoView } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server.ts';
import {
  answerWith,
  clienteDetalhe,
  conta,
  openWorkspace,
  setupWorkspace,
} from './workspace.test-fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
});

const debito = (patch: Partial<DebitoAutomaticoView> = {}): DebitoAutomaticoView => ({
  status: 'ativo',
  id_rec: 'RR6070119020261120abcdefghijk',
  jornada: 'JORNADA_3',
  pix_copia_e_cola: null,
  parcelas: [
    {
      numero: 2,
      conta_id: 12,
      vencimento: '2026-12-20',
      txid: 'parcelaRecorrente000000000000002',
      status: 'concluida',
      tentativas: [
        { data: '2026-12-20', tipo: 'AGND', status: 'REJEITADA' },
        { data: '2026-12-21', tipo: 'NTAG', status: 'PAGA' },
      ],
    },
    { numero: 3, conta_id: 13, vencimento: '2027-01-20', txid: null, status: 'pendente', tentativas: [] },
  ],
  ...patch,
});

const acordo = (d: DebitoAutomaticoView | null): NegociacaoView => ({
  id: 7,
  status: 'ativa',
  valor_original: 300,
  encargos: 0,
  desconto: 0,
  encargos_dispensados: 0,
  valor_total: 300,
  parcelas: 3,
  primeiro_vencimento: '2026-11-20',
  intervalo_dias: 30,
  observacao: null,
  created_at: '2026-11-20T13:00:00.000Z',
  contas_ids: [1],
  parcelas_ids: [11, 12, 13],
  debito_automatico: d,
});

const cartao = () => screen.getByRole('region', { name: 'Débito automático (PIX Automático)' });

describe('the automatic debit card', () => {
  it('says where it stands and each debited instalment with its attempts', async () => {
    setupWorkspace(clienteDetalhe({ negociacoes: [acordo(debito())], contas: [conta(12), conta(13)] }));
    await openWorkspace();
    const card = await screen.findByRole('region', { name: 'Débito automático (PIX Automático)' });
    expect(within(card).getByText('Débito automático: ativo')).toBeInTheDocument();
    expect(
      within(card).getByText(
        '2ª parcela · vence 20/12/2026 · debitada (tentativas: recusada em 20/12/2026, paga em 21/12/2026)',
      ),
    ).toBeInTheDocument();
    expect(
      within(card).getByText('3ª parcela · vence 20/01/2027 · a agendar (10 a 2 dias antes do vencimento)'),
    ).toBeInTheDocument();
    expect(
      within(card).queryByRole('button', { name: 'Copiar o PIX de autorização' }),
    ).not.toBeInTheDocument();
  });

  it('offers the authorisation code while the customer has not approved', async () => {
    setupWorkspace(
      clienteDetalhe({
        negociacoes: [
          acordo(debito({ status: 'aguardando_aprovacao', pix_copia_e_cola: '000201…6304ABCD' })),
        ],
      }),
    );
    await openWorkspace();
    await screen.findByRole('region', { name: 'Débito automático (PIX Automático)' });
    expect(within(cartao()).getByText('Débito automático: aguardando aprovação')).toBeInTheDocument();
    expect(within(cartao()).getByRole('button', { name: 'Copiar o PIX de autorização' })).toBeInTheDocument();
  });

  it('cancels after a confirmation, with an Idempotency-Key, and shows the new state', async () => {
    const estado = setupWorkspace(clienteDetalhe({ negociacoes: [acordo(debito())] }));
    const depois = clienteDetalhe({ negociacoes: [acordo(debito({ status: 'cancelado' }))] });
    const chaves: (string | null)[] = [];
    server.use(
      http.post('/api/operador/clientes/:id/negociacoes/:negociacaoId/debito-automatico/cancelar', (info) => {
        chaves.push(info.request.headers.get('idempotency-key'));
        return answerWith(estado, depois, { negociacao: acordo(debito({ status: 'cancelado' })) })(info);
      }),
    );
    await openWorkspace();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancelar débito automático' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Cancelar o débito automático' });
    expect(within(dialogo).getByText(/voltam a ter PIX/)).toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar débito automático' }));
    expect(await screen.findByText('Débito automático: cancelado')).toBeInTheDocument();
    expect(estado.writes.map((w) => w.path)).toEqual([
      '/api/operador/clientes/7/negociacoes/7/debito-automatico/cancelar',
    ]);
    expect(chaves[0]).toMatch(/^[0-9a-f-]{36}$/);
    // The dialog's own button of that name goes with its closing transition.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Cancelar débito automático' })).not.toBeInTheDocument(),
    );
  });

  it("plays the payer's side on the simulator only", async () => {
    const estado = setupWorkspace(
      clienteDetalhe({ negociacoes: [acordo(debito({ status: 'aguardando_aprovacao' }))] }),
    );
    const depois = clienteDetalhe({ negociacoes: [acordo(debito())] });
    server.use(
      http.post(
        '/api/operador/clientes/:id/negociacoes/:negociacaoId/debito-automatico/simular',
        answerWith(estado, depois),
      ),
    );
    await openWorkspace();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Simular: cliente aprova' }));
    expect(await screen.findByText('Débito automático: ativo')).toBeInTheDocument();
    expect(estado.writes).toEqual([
      {
        method: 'POST',
        path: '/api/operador/clientes/7/negociacoes/7/debito-automatico/simular',
        body: { acao: 'aprovar' },
      },
    ]);
    expect(
      screen.getByRole('button', { name: 'Simular: banco debita a próxima parcela' }),
    ).toBeInTheDocument();
  });

  it('offers no simulation with a PSP', async () => {
    const estado = setupWorkspace(clienteDetalhe({ negociacoes: [acordo(debito())] }));
    estado.pix = { provedor: 'api_pix', cobrancas: [] };
    await openWorkspace();
    await screen.findByRole('region', { name: 'Débito automático (PIX Automático)' });
    expect(within(cartao()).queryByRole('button', { name: /^Simular/ })).not.toBeInTheDocument();
  });

  it('is absent when no agreement has automatic debit', async () => {
    setupWorkspace(clienteDetalhe({ negociacoes: [acordo(null)] }));
    await openWorkspace();
    await screen.findByRole('region', { name: 'Histórico' });
    expect(
      screen.queryByRole('region', { name: 'Débito automático (PIX Automático)' }),
    ).not.toBeInTheDocument();
  });
});
