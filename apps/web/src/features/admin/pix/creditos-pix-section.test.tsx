import type {
  AtribuicaoCreditoPixResponse,
  ClienteAdmin,
  CreditoPixView,
  PixSettingsView,
} from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialSnackbarState, useSnackbarStore } from '../../../components/snackbar/snackbar-store.ts';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';
import { MOBILE, setViewportWidth } from '../../../test/viewport.ts';

const LISTA = '/api/admin/pix/creditos';

const SETTINGS: PixSettingsView = {
  provedor: 'simulador',
  chave: '12345678000195',
  base_url: null,
  token_url: null,
  client_id: null,
  client_secret: null,
  certificado: null,
  webhook_url: null,
  validade_apos_vencimento_dias: 30,
  conta_recebedor: null,
  status: {
    provedor: 'simulador',
    status: 'conectado',
    mensagem: null,
    verificado_em: null,
    recorrencias: true,
  },
};

const SOLTO: CreditoPixView = {
  id: 7,
  end_to_end_id: 'E12345678202611231305ABCDEF12345',
  txid: 'X00000000000000000000000000001',
  valor: 150,
  credito: 150,
  horario: '2026-11-23T13:05:00.000Z',
  pagador: { nome: 'Paula Pagadora', documento: '52998224725' },
  cliente: null,
  situacao: 'sem_correspondencia',
};
const SOBRA: CreditoPixView = {
  id: 8,
  end_to_end_id: 'E12345678202611220900SOBRA000001',
  txid: 'T00000000000000000000000000002',
  valor: 25,
  credito: 5,
  horario: '2026-11-22T12:00:00.000Z',
  pagador: null,
  cliente: { id: 3, nome: 'Sobra Silva' },
  situacao: 'conciliado',
};

const CARLA: ClienteAdmin = {
  id: 31,
  nome: 'Carla Credora',
  documento: '39053344705',
  telefone: null,
  status: 'ativo',
  numero_chamadas: 0,
  total_em_aberto: 130.5,
  operador: null,
};
const QUITADO: ClienteAdmin = {
  ...CARLA,
  id: 32,
  nome: 'Carla Quitada',
  status: 'concluido',
  total_em_aberto: 0,
};

const paged = <T,>(data: T[], page = 1, total = data.length) => ({
  data,
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / 20)),
  per_page: 20,
  total,
});

let listas: URL[];
let creditos: unknown;
let buscas: URL[];
let envios: { body: unknown; chave: string | null }[];
let resposta: () => Response;

const ATRIBUIDO: AtribuicaoCreditoPixResponse = {
  credito: { ...SOLTO, credito: 19.5, cliente: { id: CARLA.id, nome: CARLA.nome } },
  aplicado: 130.5,
  pagamentos: [
    { conta_id: 1, valor: 105.5, principal: 100, multa: 2, juros: 3.5, quitada: true },
    { conta_id: 2, valor: 25, principal: 25, multa: 0, juros: 0, quitada: true },
  ],
  cliente_concluido: true,
};

beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.admin);
  useSnackbarStore.setState(initialSnackbarState);
  listas = [];
  buscas = [];
  envios = [];
  creditos = paged([SOLTO, SOBRA]);
  resposta = () => HttpResponse.json(ATRIBUIDO);
  server.use(
    http.get('/api/admin/configuracoes/pix', () => HttpResponse.json(SETTINGS)),
    http.get(LISTA, ({ request }) => {
      listas.push(new URL(request.url));
      return HttpResponse.json(creditos as object);
    }),
    http.get('/api/admin/clientes', ({ request }) => {
      buscas.push(new URL(request.url));
      return HttpResponse.json(paged([CARLA, QUITADO]));
    }),
    http.post(`${LISTA}/:id/atribuir`, async ({ request }) => {
      envios.push({ body: await request.json(), chave: request.headers.get('idempotency-key') });
      return resposta();
    }),
  );
});
afterEach(() => vi.restoreAllMocks());

const tabela = () => screen.findByRole('table', { name: 'Créditos PIX a atribuir' });
/** The table once its rows came (the header row first). */
const linhas = async () => {
  const table = await tabela();
  await waitFor(() =>
    expect(within(table).getAllByRole('button', { name: /^Atribuir crédito/ })).not.toHaveLength(0),
  );
  return within(table).getAllByRole('row');
};
const secao = () => screen.getByRole('region', { name: 'Créditos PIX a atribuir' });

/** Opens the dialog of the first credit and picks Carla in the search. */
const escolherCarla = async (user: ReturnType<typeof userEvent.setup>) => {
  renderApp('/admin/pix');
  await user.click(
    await within(await tabela()).findByRole('button', { name: 'Atribuir crédito de R$ 150,00' }),
  );
  const dialogo = screen.getByRole('dialog', { name: 'Atribuir crédito PIX' });
  await user.type(within(dialogo).getByLabelText('Buscar cliente'), 'Carla');
  const resultados = await within(dialogo).findByRole('list', { name: 'Clientes encontrados' });
  await user.click(within(resultados).getByRole('button', { name: /Carla Credora/ }));
  await user.click(within(dialogo).getByRole('button', { name: 'Continuar' }));
  return screen.getByRole('dialog', { name: 'Confirmar atribuição' });
};

describe('Créditos PIX a atribuir (/admin/pix, docs/produto.md §21)', () => {
  it('lists each credit with its São Paulo time, payer, amounts, txid and customer, paged', async () => {
    creditos = paged([SOLTO, SOBRA], 1, 25);
    const user = userEvent.setup();
    renderApp('/admin/pix');
    const [, primeira, segunda] = await linhas();
    expect(primeira).toHaveTextContent('23/11/2026 10:05');
    expect(primeira).toHaveTextContent('Paula Pagadora');
    expect(primeira).toHaveTextContent('529.982.247-25');
    expect(primeira).toHaveTextContent('R$ 150,00');
    expect(primeira).toHaveTextContent('X00000000000000000000000000001');
    expect(primeira).toHaveTextContent('Desconhecido');
    expect(segunda).toHaveTextContent('22/11/2026 09:00');
    expect(segunda).toHaveTextContent('Não informado');
    expect(segunda).toHaveTextContent('R$ 25,00');
    expect(segunda).toHaveTextContent('R$ 5,00');
    expect(segunda).toHaveTextContent('Sobra Silva');
    expect(secao()).toHaveTextContent('25 créditos aguardando atribuição.');

    await user.click(within(secao()).getByRole('button', { name: /próxima página/i }));
    await waitFor(() => expect(listas.at(-1)?.searchParams.get('page')).toBe('2'));
  });

  it('says “1 crédito” in the singular', async () => {
    creditos = paged([SOLTO]);
    renderApp('/admin/pix');
    await tabela();
    expect(await within(secao()).findByText('1 crédito aguardando atribuição.')).toBeInTheDocument();
  });

  it('shows the empty state when nothing waits', async () => {
    creditos = paged([]);
    renderApp('/admin/pix');
    expect(await within(await tabela()).findByText('Nenhum crédito a atribuir.')).toBeInTheDocument();
  });

  it('shows the API’s message and a retry when the list fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(LISTA, () =>
        HttpResponse.json({ code: 'ERRO_INTERNO', message: 'Erro interno do servidor.' }, { status: 500 }),
      ),
    );
    renderApp('/admin/pix');
    const table = await tabela();
    expect(await within(table).findByText('Erro interno do servidor.')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
  });

  it('picks a customer, confirms the amount and assigns with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const confirmacao = await escolherCarla(user);
    expect(buscas.at(-1)?.searchParams.get('busca')).toBe('Carla');
    expect(confirmacao).toHaveTextContent('Atribuir R$ 150,00 a Carla Credora (390.533.447-05)?');
    const antes = listas.length;
    await user.click(within(confirmacao).getByRole('button', { name: 'Confirmar atribuição' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(envios).toEqual([
      { body: { cliente_id: CARLA.id }, chave: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    expect(useSnackbarStore.getState().message).toBe(
      'R$ 130,50 atribuídos a Carla Credora (2 contas). Restam R$ 19,50 de crédito a atribuir. Todas as contas do cliente foram quitadas.',
    );
    await waitFor(() => expect(listas.length).toBeGreaterThan(antes));
  });

  it('offers no customer without open debt', async () => {
    const user = userEvent.setup();
    renderApp('/admin/pix');
    await user.click(
      await within(await tabela()).findByRole('button', { name: 'Atribuir crédito de R$ 150,00' }),
    );
    const dialogo = screen.getByRole('dialog', { name: 'Atribuir crédito PIX' });
    expect(within(dialogo).getByRole('button', { name: 'Continuar' })).toBeDisabled();
    await user.type(within(dialogo).getByLabelText('Buscar cliente'), 'Carla');
    const resultados = await within(dialogo).findByRole('list', { name: 'Clientes encontrados' });
    expect(within(resultados).getByRole('button', { name: /Carla Quitada/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(resultados).toHaveTextContent('sem contas em aberto');
  });

  it('shows the API’s pt-BR error and retries with the same key', async () => {
    resposta = () =>
      HttpResponse.json(
        {
          code: 'CREDITO_PIX_ESGOTADO',
          message: 'Este PIX não tem mais crédito a atribuir: ele já foi todo atribuído.',
        },
        { status: 409 },
      );
    const user = userEvent.setup();
    const confirmacao = await escolherCarla(user);
    await user.click(within(confirmacao).getByRole('button', { name: 'Confirmar atribuição' }));
    expect(
      await within(confirmacao).findByText(
        'Este PIX não tem mais crédito a atribuir: ele já foi todo atribuído.',
      ),
    ).toBeInTheDocument();
    resposta = () => HttpResponse.json(ATRIBUIDO);
    await user.click(within(confirmacao).getByRole('button', { name: 'Confirmar atribuição' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(envios).toHaveLength(2);
    expect(envios[1]?.chave).toBe(envios[0]?.chave);
  });

  it('fits a 390 px phone: one card per credit, each with its action', async () => {
    setViewportWidth(MOBILE);
    const user = userEvent.setup();
    renderApp('/admin/pix');
    const lista = await screen.findByRole('list', { name: 'Créditos PIX a atribuir' });
    expect(screen.queryByRole('table')).toBeNull();
    const primeira = await within(lista).findByText(/PIX de R\$ 150,00/);
    const cartao = primeira.closest('li') as HTMLElement;
    await user.click(within(cartao).getByRole('button', { name: 'Atribuir crédito de R$ 150,00' }));
    expect(screen.getByRole('dialog', { name: 'Atribuir crédito PIX' })).toBeInTheDocument();
  });
});
