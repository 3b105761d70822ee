import type { ComprovanteView } from '@cobranca/contracts';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/server.ts';
import {
  abrirPortal,
  ateResumo,
  comSessao,
  confirmarDocumento,
  entrar,
  falha,
} from './portal.test-fixtures.tsx';

// The portal's payments and their printable comprovantes (docs/produto.md §22).

afterEach(() => vi.restoreAllMocks());

const comprovante: ComprovanteView = {
  id: 12,
  valor: 447.04,
  forma: 'pix',
  forma_rotulo: 'PIX',
  data: '2026-11-19',
  horario: '2026-11-19T17:03:00.000Z',
  horario_local: '19/11/2026 às 14:03',
  pagador: { nome: 'Maria Portal Silva', documento: '529.982.247-25' },
  credor: { nome: 'Empresa Demonstração Ltda', documento: '11.222.333/0001-81' },
  end_to_end_id: 'E00000000202611191703ABCDEF12345',
  observacao: null,
  itens: [
    {
      conta_id: 3,
      descricao: 'Acordo #7 — parcela 1/3',
      vencimento: '2026-11-20',
      valor: 447.04,
      principal: 447.04,
      multa: 0,
      juros: 0,
    },
  ],
};

const comPagamentos = () =>
  server.use(
    http.get(
      '/api/portal/comprovantes',
      comSessao(() =>
        HttpResponse.json({
          data: [{ id: 12, valor: 447.04, forma: 'pix', data: '2026-11-19', horario: comprovante.horario }],
          current_page: 1,
          last_page: 1,
          per_page: 20,
          total: 1,
        }),
      ),
    ),
    http.get(
      '/api/portal/comprovantes/:id',
      comSessao((request) =>
        request.url.endsWith('/12')
          ? HttpResponse.json(comprovante)
          : falha(404, 'COMPROVANTE_NAO_ENCONTRADO', 'Comprovante não encontrado.'),
      ),
    ),
  );

describe('portal: payments and comprovantes', () => {
  it('shows nothing before the first payment', async () => {
    await entrar();
    expect(screen.queryByRole('heading', { name: 'Seus pagamentos' })).not.toBeInTheDocument();
  });

  it('lists the payments and opens one comprovante, printable, and back', async () => {
    ateResumo();
    comPagamentos();
    const user = abrirPortal();
    await confirmarDocumento(user);
    const secao = await screen.findByRole('region', { name: 'Seus pagamentos' });
    expect(secao).toHaveTextContent('1 pagamento recebido');
    expect(secao).toHaveTextContent('R$ 447,04 em 19/11/2026');
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await user.click(within(secao).getByRole('button', { name: 'Ver comprovante de R$ 447,04' }));
    const doc = await screen.findByRole('article', { name: 'Comprovante de pagamento' });
    expect(doc).toHaveTextContent('PagadorMaria Portal Silva');
    expect(doc).toHaveTextContent('CPF/CNPJ529.982.247-25');
    expect(doc).toHaveTextContent('Data do pagamento19/11/2026Pago em19/11/2026 às 14:03');
    expect(doc).toHaveTextContent('Identificador PIX (E2E)E00000000202611191703ABCDEF12345');
    expect(within(doc).getByRole('row', { name: /Acordo #7 — parcela 1\/3/ })).toHaveTextContent(
      '20/11/2026R$ 447,04',
    );
    await user.click(screen.getByRole('button', { name: 'Imprimir ou salvar em PDF' }));
    expect(print).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Voltar aos pagamentos' }));
    expect(await screen.findByRole('region', { name: 'Seus pagamentos' })).toBeInTheDocument();
  });
});
