import type {
  AcordosDebito,
  CarteiraAtraso,
  RecuperacaoOperadores,
  RecuperacaoRegua,
} from '@cobranca/contracts';
import { hojeNoFuso } from '@cobranca/dominio';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';
import { MOBILE, setViewportWidth } from '../../../test/viewport.ts';
import { periodoDoPreset } from './periodo-gestor.ts';

const CARTEIRA: CarteiraAtraso = {
  hoje: '2026-11-20',
  faixas: [
    { faixa: '0-30', contas: 2, clientes: 1, valor: 250 },
    { faixa: '31-60', contas: 1, clientes: 1, valor: 300 },
    { faixa: '61-90', contas: 1, clientes: 1, valor: 400 },
    { faixa: '90+', contas: 1, clientes: 1, valor: 550.5 },
  ],
  total_contas: 5,
  total_valor: 1500.5,
  prescritas: { contas: 3, clientes: 1, valor: 1041.84 },
};
const linha = (
  valor_cobrado: number,
  pagamentos: number,
  extra: Partial<RecuperacaoOperadores['total']> = {},
) => ({
  valor_cobrado,
  pagamentos,
  clientes_concluidos: 0,
  promessas_cumpridas: 0,
  promessas_quebradas: 0,
  ...extra,
});
const OPERADORES: RecuperacaoOperadores = {
  periodo: { de: '2026-11-01', ate: '2026-11-30' },
  operadores: [
    {
      id: 1,
      name: 'Ana Operadora',
      status: 'Ativo',
      ...linha(264.56, 4, { clientes_concluidos: 1, promessas_cumpridas: 3 }),
    },
    { id: 2, name: 'Bruno Operador', status: 'Bloqueado', ...linha(70.55, 2, { promessas_quebradas: 1 }) },
  ],
  sem_operador: linha(77.77, 1, { clientes_concluidos: 1 }),
  total: linha(412.88, 7, { clientes_concluidos: 2, promessas_cumpridas: 3, promessas_quebradas: 1 }),
};
const REGUA: RecuperacaoRegua = {
  periodo: { de: '2026-11-01', ate: '2026-11-30' },
  dias: 7,
  etapas: [
    { etapa_dias: -3, template_tipo: 'lembrete', mensagens: 1200, clientes_pagaram: 1, valor_pago: 10 },
    { etapa_dias: 1, template_tipo: 'atraso', mensagens: 3, clientes_pagaram: 2, valor_pago: 50 },
  ],
  total: { mensagens: 1203, clientes_pagaram: 3, valor_pago: 60 },
};

const ACORDOS: AcordosDebito = {
  periodo: { de: '2026-11-01', ate: '2026-11-30' },
  hoje: '2026-11-20',
  acordos: {
    com_debito: { mantidos: 1230, quebrados: 270 },
    sem_debito: { mantidos: 2, quebrados: 1 },
  },
};

type Answers = { carteira: unknown; operadores: unknown; regua: unknown; acordos: unknown };
let answers: Answers;
let urls: { operadores: URL[]; regua: URL[]; acordos: URL[] };
const fail = () =>
  HttpResponse.json({ code: 'ERRO_INTERNO', message: 'Erro interno do servidor.' }, { status: 500 });
const answer = (value: unknown) => (value === 'falha' ? fail() : HttpResponse.json(value as object));

beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.admin);
  answers = { carteira: CARTEIRA, operadores: OPERADORES, regua: REGUA, acordos: ACORDOS };
  urls = { operadores: [], regua: [], acordos: [] };
  server.use(
    // The rest of the dashboard is covered by admin-dashboard-page.test.tsx; here it just fails quietly.
    http.get('/api/admin/dashboard', fail),
    http.get('/api/admin/dashboard/operadores', () => HttpResponse.json([])),
    http.get('/api/admin/dashboard/grafico-mensal', () => HttpResponse.json([])),
    http.get('/api/admin/logs', () =>
      HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 }),
    ),
    http.get('/api/admin/dashboard/carteira-atraso', () => answer(answers.carteira)),
    http.get('/api/admin/dashboard/recuperacao-operadores', ({ request }) => {
      urls.operadores.push(new URL(request.url));
      return answer(answers.operadores);
    }),
    http.get('/api/admin/dashboard/recuperacao-regua', ({ request }) => {
      urls.regua.push(new URL(request.url));
      return answer(answers.regua);
    }),
    http.get('/api/admin/dashboard/acordos', ({ request }) => {
      urls.acordos.push(new URL(request.url));
      return answer(answers.acordos);
    }),
  );
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const bloco = (titulo: string) =>
  screen.getByRole('heading', { name: titulo }).closest('section') as HTMLElement;
const params = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? []);

describe("the team lead's view on the admin dashboard", () => {
  it('shows the portfolio by days overdue as a captioned table, with the total and how it is computed', async () => {
    renderApp('/admin/dashboard');
    const tabela = await screen.findByRole('table', { name: 'Carteira em aberto por dias de atraso' });
    const noventa = within(tabela).getByRole('rowheader', { name: 'Mais de 90 dias' }).closest('tr');
    expect(noventa).toHaveTextContent('R$ 550,50');
    expect(noventa).toHaveTextContent('37%'); // 550,50 ÷ 1.500,50
    expect(within(tabela).getByRole('rowheader', { name: 'Total' }).closest('tr')).toHaveTextContent(
      '5—R$ 1.500,50',
    );
    expect(
      within(tabela)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Dias de atraso', 'Contas', 'Clientes', 'Principal em aberto', 'Parte do total']);
    expect(tabela).toHaveAccessibleDescription(/principal em aberto \(valor − já pago\), sem multa e juros/);
    // Prescribed debts apart, outside the buckets and the total (issue 31).
    expect(
      screen.getByText(
        'Prescritas (mais de 5 anos vencidas, fora da cobrança): 3 contas de 1 cliente, R$ 1.041,84.',
      ),
    ).toBeInTheDocument();
  });

  it('shows recovery per operator for this month by default, reconciling with the total', async () => {
    renderApp('/admin/dashboard');
    const tabela = await screen.findByRole('table', { name: /Recuperação por operador de/ });
    const hoje = hojeNoFuso(new Date());
    expect(params(urls.operadores[0])).toEqual(periodoDoPreset('este_mes', hoje));
    const ana = within(tabela).getByRole('rowheader', { name: 'Ana Operadora' }).closest('tr') as HTMLElement;
    expect(ana).toHaveTextContent('R$ 264,56');
    expect(within(tabela).getByText('Bloqueado')).toBeInTheDocument();
    expect(within(tabela).getByRole('rowheader', { name: 'Sem operador' }).closest('tr')).toHaveTextContent(
      'R$ 77,77',
    );
    expect(within(tabela).getByRole('rowheader', { name: 'Total' }).closest('tr')).toHaveTextContent(
      'R$ 412,88',
    );
    const secao = bloco('Recuperação por operador');
    expect(secao).toHaveTextContent('Total cobrado no período: R$ 412,88');
    expect(tabela).toHaveAccessibleDescription(/atribuídos ao operador do cliente no momento do pagamento/);
  });

  it('shows recovery per régua step and template with plural step names and the caption', async () => {
    renderApp('/admin/dashboard');
    const tabela = await screen.findByRole('table', { name: /Recuperação por etapa da régua/ });
    expect(
      within(tabela).getByRole('rowheader', { name: '3 dias antes do vencimento · Lembrete' }).closest('tr'),
    ).toHaveTextContent('1.200');
    expect(
      within(tabela).getByRole('rowheader', { name: '1 dia após o vencimento · Atraso' }),
    ).toBeInTheDocument();
    expect(within(tabela).getByRole('rowheader', { name: 'Total' }).closest('tr')).toHaveTextContent(
      '1.2033R$ 60,00',
    );
    expect(tabela).toHaveAccessibleDescription(/até 7 dias depois/);
    expect(params(urls.regua[0]).dias).toBe('7');
  });

  it('changing the period or the window changes the queries', async () => {
    renderApp('/admin/dashboard');
    await screen.findByRole('table', { name: /Recuperação por operador de/ });
    const hoje = hojeNoFuso(new Date());
    await userEvent.click(screen.getByRole('combobox', { name: 'Período' }));
    await userEvent.click(screen.getByRole('option', { name: 'Últimos 90 dias' }));
    const esperado = periodoDoPreset('ultimos_90', hoje);
    await waitFor(() => expect(params(urls.operadores.at(-1))).toEqual(esperado));
    await waitFor(() => expect(params(urls.regua.at(-1))).toEqual({ ...esperado, dias: '7' }));
    await waitFor(() => expect(params(urls.acordos.at(-1))).toEqual(esperado));

    await userEvent.click(screen.getByRole('combobox', { name: 'Pagamentos em até' }));
    await userEvent.click(screen.getByRole('option', { name: '15 dias' }));
    await waitFor(() => expect(params(urls.regua.at(-1))).toEqual({ ...esperado, dias: '15' }));
    expect(await screen.findByText(/até 15 dias depois/)).toBeInTheDocument();
  });

  it('a custom range starts from the shown period and an inverted one is explained, not queried', async () => {
    renderApp('/admin/dashboard');
    await screen.findByRole('table', { name: /Recuperação por operador de/ });
    await userEvent.click(screen.getByRole('combobox', { name: 'Período' }));
    await userEvent.click(screen.getByRole('option', { name: 'Personalizado' }));
    expect(screen.getAllByRole('group', { name: 'De' }).length).toBeGreaterThan(0);
    // Typing a start after the end: the sections of the date field take the digits in order.
    const de = screen.getAllByRole('group', { name: 'De' })[0] as HTMLElement;
    await userEvent.click(within(de).getAllByRole('spinbutton')[0] as HTMLElement);
    await userEvent.keyboard('01012099');
    expect(await screen.findByText('A data inicial deve ser anterior ou igual à final.')).toBeInTheDocument();
    // Intermediate whole dates may be queried while typing; the inverted range never is.
    expect(urls.operadores.map((u) => u.searchParams.get('de'))).not.toContain('2099-01-01');
    // The heading and the three ranged blocks say why nothing is shown.
    expect(screen.getAllByText('Escolha um período válido.')).toHaveLength(4);
  });

  it('shows the empty states', async () => {
    answers = {
      carteira: {
        ...CARTEIRA,
        faixas: CARTEIRA.faixas.map((f) => ({ ...f, contas: 0, clientes: 0, valor: 0 })),
        total_contas: 0,
        total_valor: 0,
      },
      operadores: { ...OPERADORES, operadores: [], sem_operador: linha(0, 0), total: linha(0, 0) },
      regua: { ...REGUA, etapas: [], total: { mensagens: 0, clientes_pagaram: 0, valor_pago: 0 } },
      acordos: {
        ...ACORDOS,
        acordos: { com_debito: { mantidos: 0, quebrados: 0 }, sem_debito: { mantidos: 0, quebrados: 0 } },
      },
    };
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Nenhuma conta em aberto hoje.')).toBeInTheDocument();
    expect(
      await screen.findByText('Nenhum pagamento, cliente concluído ou promessa resolvida no período.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('A régua não enviou mensagens no período.')).toBeInTheDocument();
    expect(await screen.findByText('Nenhum acordo no período.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Acordos mantidos e quebrados/ })).toBeNull();
  });

  it('shows agreements kept and broken with and without automatic debit, for the period, with plurals', async () => {
    renderApp('/admin/dashboard');
    const lista = await screen.findByRole('list', { name: /Acordos mantidos e quebrados de/ });
    expect(params(urls.acordos[0])).toEqual(periodoDoPreset('este_mes', hojeNoFuso(new Date())));
    const [com, sem] = within(lista).getAllByRole('listitem') as HTMLElement[];
    expect(com).toHaveTextContent(
      'Com débito automático (PIX Automático)82% mantidos — 1.230 de 1.500 acordos270 quebrados',
    );
    // 2 of 3 is 66.67%: tenths rounded down, singular "1 quebrado".
    expect(sem).toHaveTextContent('Sem débito automático66,6% mantidos — 2 de 3 acordos1 quebrado');
    expect(bloco('Acordos: cumpridos × quebrados')).toBeInTheDocument();
    expect(lista).toHaveAccessibleDescription(/parcela em aberto há 30 dias ou mais do vencimento/);
  });

  it('agreements: one group without any says so; a single agreement is singular; a broken one is never 100%', async () => {
    answers = {
      ...answers,
      acordos: {
        ...ACORDOS,
        acordos: { com_debito: { mantidos: 999, quebrados: 1 }, sem_debito: { mantidos: 0, quebrados: 0 } },
      },
    };
    renderApp('/admin/dashboard');
    const lista = await screen.findByRole('list', { name: /Acordos mantidos e quebrados de/ });
    const [com, sem] = within(lista).getAllByRole('listitem') as HTMLElement[];
    expect(com).toHaveTextContent('99,9% mantidos — 999 de 1.000 acordos1 quebrado');
    expect(sem).toHaveTextContent('Sem débito automáticoNenhum acordo no período');

    answers = {
      ...answers,
      acordos: {
        ...ACORDOS,
        acordos: { com_debito: { mantidos: 1, quebrados: 0 }, sem_debito: { mantidos: 0, quebrados: 1 } },
      },
    };
    // Last month never shares its days with this month (the last 30 days do, on the 30th of November).
    await userEvent.click(screen.getByRole('combobox', { name: 'Período' }));
    await userEvent.click(screen.getByRole('option', { name: 'Mês passado' }));
    expect(
      await within(bloco('Acordos: cumpridos × quebrados')).findByText(/1 de 1 acordo$/),
    ).toBeInTheDocument();
    expect(bloco('Acordos: cumpridos × quebrados')).toHaveTextContent(
      '0% mantidos — 0 de 1 acordo1 quebrado',
    );
  });

  it('shows skeletons while loading, then fails block by block with a retry', async () => {
    answers = { ...answers, operadores: 'falha' };
    renderApp('/admin/dashboard');
    expect(await screen.findByLabelText('Carregando a recuperação por operador')).toBeInTheDocument();
    const secao = () => bloco('Recuperação por operador');
    await waitFor(
      () => expect(within(secao()).getByRole('alert')).toHaveTextContent('Erro interno do servidor.'),
      {
        timeout: 10_000,
      },
    );
    // The other blocks do not depend on it.
    expect(screen.getByRole('table', { name: /Recuperação por etapa da régua/ })).toBeInTheDocument();
    answers = { ...answers, operadores: OPERADORES };
    await userEvent.click(within(secao()).getByRole('button', { name: 'Tentar de novo' }));
    expect(await within(secao()).findByText('R$ 264,56')).toBeInTheDocument();
  });

  it('stacks every row as a card on a phone: no tables, labelled values', async () => {
    setViewportWidth(MOBILE);
    renderApp('/admin/dashboard');
    const lista = await screen.findByRole('list', { name: /Recuperação por operador de/ });
    expect(screen.queryByRole('table', { name: /Recuperação por operador/ })).toBeNull();
    const cartoes = within(lista).getAllByRole('listitem');
    expect(cartoes).toHaveLength(4); // Ana, Bruno, sem operador, total
    expect(cartoes[0]).toHaveTextContent('Ana OperadoraValor cobradoR$ 264,56Pagamentos4');
    expect(within(cartoes[0] as HTMLElement).getByText('Valor cobrado').tagName).toBe('DT');
    expect(
      await screen.findByRole('list', { name: 'Carteira em aberto por dias de atraso' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: /Recuperação por etapa da régua/ })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: /Acordos mantidos e quebrados de/ })).toBeInTheDocument();
  });
});
