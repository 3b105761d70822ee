import type { ClienteAdmin, ContaReceber, LinhaDoTempoItem, LinhaDoTempoResponse } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialSnackbarState, useSnackbarStore } from '../../../components/snackbar/snackbar-store.ts';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

// The admin's customer detail (docs/produto.md §15): the timeline the operators see, with "Excluir
// nota" on every note (no 15-minute rule for an admin), behind a confirmation.

const MARIA: ClienteAdmin = {
  id: 1,
  nome: 'Maria Souza',
  documento: '52998224725',
  telefone: '+5511987654321',
  status: 'em_atendimento',
  numero_chamadas: 2,
  total_em_aberto: 1234.56,
  operador: { id: 10, name: 'Olívia Santos' },
};
const OLIVIA = { id: 10, name: 'Olívia Santos' };
const nota = (id: number, em: string, texto: string): LinhaDoTempoItem => ({
  chave: `${em}~nota~${id}`,
  id,
  em,
  autor: OLIVIA,
  tipo: 'nota',
  texto,
  // Written days ago by an operator: the author's deadline is long gone, the admin may still delete.
  excluivel_ate: null,
});
const NOTA_ANTIGA = nota(9, '2026-11-01T14:00:00.000000Z', 'CPF da mãe: 123.456.789-00');
const NOTA_OUTRA = nota(7, '2026-10-20T14:00:00.000000Z', 'Prefere ligação à tarde');
const MENSAGEM: LinhaDoTempoItem = {
  chave: '2026-10-25T13:00:00.000000Z~mensagem~2',
  id: 2,
  em: '2026-10-25T13:00:00.000000Z',
  autor: null,
  tipo: 'mensagem',
  direcao: 'entrada',
  origem: 'cliente',
  status: 'recebida',
  canal: 'whatsapp',
  conteudo: 'Posso pagar semana que vem',
  erro: null,
  proxima_tentativa_em: null,
};

const PRESCRITA: ContaReceber = {
  id: 5,
  cliente_id: 1,
  origem: 'nfe',
  chave_nfe: null,
  numero_parcela: '001',
  descricao: 'NF-e 47428 série 1, parcela 47428/1-1',
  valor: 347.28,
  valor_pago: 0,
  saldo: 347.28,
  multa: 6.95,
  juros: 349.25,
  valor_atualizado: 703.48,
  vencimento: '2018-08-24',
  status: 'prescrita',
  pago_em: null,
  dias_atraso: 0,
  negociacao_id: null,
  banco: null,
  nosso_numero: null,
  linha_digitavel: null,
  codigo_barras: null,
};
let prescritas: ContaReceber[];
let itens: LinhaDoTempoItem[];
let leituras: URL[];
let exclusoes: string[];
let falhaExclusao: { status: number; code: string; message: string } | null;

beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.admin);
  useSnackbarStore.setState(initialSnackbarState);
  itens = [NOTA_ANTIGA, MENSAGEM, NOTA_OUTRA];
  prescritas = [];
  leituras = [];
  exclusoes = [];
  falhaExclusao = null;
  server.use(
    http.get('/api/admin/clientes', () =>
      HttpResponse.json({ data: [MARIA], current_page: 1, last_page: 1, per_page: 20, total: 1 }),
    ),
    http.get('/api/admin/dashboard/operadores', () => HttpResponse.json([])),
    http.get('/api/admin/clientes/:id/contas-prescritas', () => HttpResponse.json(prescritas)),
    http.get('/api/admin/clientes/:id/linha-do-tempo', ({ request }) => {
      leituras.push(new URL(request.url));
      return HttpResponse.json({ itens, proximo: null } satisfies LinhaDoTempoResponse);
    }),
    http.delete('/api/admin/clientes/:id/notas/:notaId', ({ request, params }) => {
      exclusoes.push(new URL(request.url).pathname);
      if (falhaExclusao)
        return HttpResponse.json(
          { code: falhaExclusao.code, message: falhaExclusao.message },
          { status: falhaExclusao.status },
        );
      itens = itens.filter((i) => !(i.tipo === 'nota' && i.id === Number(params.notaId)));
      return new HttpResponse(null, { status: 204 });
    }),
  );
});
afterEach(() => vi.restoreAllMocks());

/** Opens Maria's detail from her row and waits for the timeline. */
const abrirDetalhe = async () => {
  const user = userEvent.setup();
  renderApp('/admin/clientes');
  await user.click(await screen.findByRole('button', { name: 'Detalhes e linha do tempo de Maria Souza' }));
  const dialogo = await screen.findByRole('dialog', { name: 'Maria Souza' });
  const secao = within(within(dialogo).getByRole('region', { name: 'Linha do tempo' }));
  await secao.findByRole('list', { name: 'Eventos do cliente' });
  return { user, dialogo, secao };
};

const itemCom = (secao: ReturnType<typeof within>, texto: string) =>
  secao.getByText(texto).closest('li') as HTMLElement;

describe('Admin customer detail: prescribed receivables (issue 31)', () => {
  it('lists them apart, with what is still owed', async () => {
    prescritas = [PRESCRITA];
    const { dialogo } = await abrirDetalhe();
    const secao = await within(dialogo).findByRole('region', { name: 'Prescritas (1 conta)' });
    expect(secao).toHaveTextContent(
      'NF-e 47428 série 1, parcela 47428/1-1, vencida em 24/08/2018: saldo R$ 347,28, atualizado R$ 703,48',
    );
  });

  it("records a debtor's spontaneous payment, its amount starting at what is owed today", async () => {
    prescritas = [PRESCRITA];
    const pedidos: { body: unknown; chave: string | null }[] = [];
    server.use(
      http.post('/api/admin/clientes/:id/pagamentos', async ({ request }) => {
        pedidos.push({ body: await request.json(), chave: request.headers.get('Idempotency-Key') });
        prescritas = [];
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const { user, dialogo } = await abrirDetalhe();
    const secao = await within(dialogo).findByRole('region', { name: 'Prescritas (1 conta)' });
    await user.click(within(secao).getByRole('button', { name: 'Registrar pagamento espontâneo' }));
    const form = within(secao).getByRole('form', { name: `Pagamento espontâneo de ${PRESCRITA.descricao}` });
    expect(within(form).getByLabelText('Valor (R$)')).toHaveValue('703,48');
    await user.click(within(form).getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(pedidos).toHaveLength(1));
    expect(pedidos[0]?.body).toEqual({
      conta_id: PRESCRITA.id,
      valor: 703.48,
      data: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      forma: 'pix',
    });
    expect(pedidos[0]?.chave).toEqual(expect.any(String));
    // Paid: the list is read again and the section goes away.
    await waitFor(() => expect(within(dialogo).queryByRole('region', { name: /Prescritas/ })).toBeNull());
  });
});

describe('Admin customer detail: timeline and note deletion', () => {
  it('shows the customer and the whole timeline, with "Excluir nota" on every note and nothing else', async () => {
    const { dialogo, secao } = await abrirDetalhe();
    expect(dialogo).toHaveTextContent('529.982.247-25');
    expect(dialogo).toHaveTextContent('(11) 98765-4321');
    expect(dialogo).toHaveTextContent('Em atendimento');
    expect(dialogo).toHaveTextContent('Olívia Santos');
    expect(dialogo).toHaveTextContent('R$ 1.234,56');
    expect(leituras[0]?.pathname).toBe('/api/admin/clientes/1/linha-do-tempo');
    expect(leituras[0]?.searchParams.get('limite')).toBe('50');

    expect(secao.getAllByRole('listitem')).toHaveLength(3);
    expect(secao.getAllByRole('button', { name: 'Excluir nota' })).toHaveLength(2);
    expect(within(itemCom(secao, 'CPF da mãe: 123.456.789-00')).getByRole('button')).toHaveAccessibleName(
      'Excluir nota',
    );
    expect(within(itemCom(secao, 'Posso pagar semana que vem')).queryByRole('button')).toBeNull();
    // The admin's timeline names the channel as the operator's does.
    expect(
      within(itemCom(secao, 'Posso pagar semana que vem')).getByRole('img', { name: 'Via WhatsApp' }),
    ).toBeInTheDocument();
    // Admins write no notes: no composer here.
    expect(secao.queryByRole('textbox')).toBeNull();
  });

  it('asks first: the confirmation says the note goes and the deletion is audited; Cancelar does nothing', async () => {
    const { user, secao } = await abrirDetalhe();
    await user.click(
      within(itemCom(secao, 'CPF da mãe: 123.456.789-00')).getByRole('button', { name: 'Excluir nota' }),
    );
    const confirmacao = await screen.findByRole('dialog', { name: 'Excluir nota?' });
    expect(confirmacao).toHaveTextContent('A nota será removida da linha do tempo do cliente.');
    expect(confirmacao).toHaveTextContent('A exclusão fica registrada no log de auditoria');
    await user.click(within(confirmacao).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Excluir nota?' })).toBeNull());
    expect(exclusoes).toEqual([]);
    expect(secao.getByText('CPF da mãe: 123.456.789-00')).toBeInTheDocument();
    // The customer's dialog stays open.
    expect(screen.getByRole('dialog', { name: 'Maria Souza' })).toBeInTheDocument();
  });

  it('Excluir calls the admin route, and the refreshed timeline no longer has the note', async () => {
    const { user, secao } = await abrirDetalhe();
    await user.click(
      within(itemCom(secao, 'CPF da mãe: 123.456.789-00')).getByRole('button', { name: 'Excluir nota' }),
    );
    const confirmacao = await screen.findByRole('dialog', { name: 'Excluir nota?' });
    await user.click(within(confirmacao).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(secao.queryByText('CPF da mãe: 123.456.789-00')).toBeNull());
    expect(exclusoes).toEqual(['/api/admin/clientes/1/notas/9']);
    expect(leituras.length).toBeGreaterThanOrEqual(2);
    expect(await screen.findByText('Nota excluída.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Excluir nota?' })).toBeNull());
    expect(secao.getByText('Prefere ligação à tarde')).toBeInTheDocument();
    expect(secao.getAllByRole('button', { name: 'Excluir nota' })).toHaveLength(1);
  });

  it('says why in pt-BR when the deletion fails, and keeps the note', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    falhaExclusao = {
      status: 503,
      code: 'BANCO_INDISPONIVEL',
      message: 'Serviço indisponível. Tente de novo.',
    };
    const { user, secao } = await abrirDetalhe();
    await user.click(
      within(itemCom(secao, 'Prefere ligação à tarde')).getByRole('button', { name: 'Excluir nota' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Excluir nota?' })).getByRole('button', {
        name: 'Excluir',
      }),
    );
    expect(await screen.findByText('Serviço indisponível. Tente de novo.')).toBeInTheDocument();
    expect(exclusoes).toEqual(['/api/admin/clientes/1/notas/7']);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Excluir nota?' })).toBeNull());
    expect(secao.getByText('Prefere ligação à tarde')).toBeInTheDocument();
  });

  it('a note someone else already deleted: the message says so and the timeline refreshes without it', async () => {
    falhaExclusao = { status: 404, code: 'NOTA_NAO_ENCONTRADA', message: 'Nota não encontrada.' };
    const { user, secao } = await abrirDetalhe();
    await user.click(
      within(itemCom(secao, 'Prefere ligação à tarde')).getByRole('button', { name: 'Excluir nota' }),
    );
    itens = itens.filter((i) => i.id !== NOTA_OUTRA.id);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Excluir nota?' })).getByRole('button', {
        name: 'Excluir',
      }),
    );
    expect(await screen.findByText('Nota não encontrada.')).toBeInTheDocument();
    await waitFor(() => expect(secao.queryByText('Prefere ligação à tarde')).toBeNull());
  });

  it('shows the timeline’s load error with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let falhar = true;
    server.use(
      http.get('/api/admin/clientes/:id/linha-do-tempo', () =>
        falhar
          ? HttpResponse.json(
              { code: 'CLIENTE_NAO_ENCONTRADO', message: 'Cliente não encontrado.' },
              { status: 404 },
            )
          : HttpResponse.json({ itens: [MENSAGEM], proximo: null }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/admin/clientes');
    await user.click(await screen.findByRole('button', { name: 'Detalhes e linha do tempo de Maria Souza' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Maria Souza' });
    expect(await within(dialogo).findByText('Cliente não encontrado.')).toBeInTheDocument();
    falhar = false;
    await user.click(within(dialogo).getByRole('button', { name: 'Tentar de novo' }));
    expect(await within(dialogo).findByText('Posso pagar semana que vem')).toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Maria Souza' })).toBeNull());
  });
});
