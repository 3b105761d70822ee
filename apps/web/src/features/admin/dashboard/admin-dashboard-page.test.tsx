import type { AdminDashboard, DashboardOperador, GraficoMensalItem, LogEntry } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const RESUMO: AdminDashboard = {
  valores_em_aberto: 1234.56,
  valores_cobrados: 98765.4,
  valores_cobrados_pix_automatico: 61234.4,
  valores_cobrados_manual: 37531,
  percentual_cobrancas_mes: 12.5,
  mensagens_enviadas: 1234,
  mensagens_recebidas: 87,
  taxa_resposta: 33.333,
};
const OPERADORES: DashboardOperador[] = [
  { id: 10, name: 'Olívia Santos', email: 'olivia@empresa.com.br', status: 'Ativo', contatos_mes: 1520 },
  { id: 11, name: 'Bruno Lima', email: 'bruno@empresa.com.br', status: 'Bloqueado', contatos_mes: 3 },
];
const GRAFICO: GraficoMensalItem[] = [
  { mes: '2026-10', enviadas: 120, recebidas: 40, valor_cobrado: 1500, valor_vencido: 3000.5 },
  { mes: '2026-11', enviadas: 1300, recebidas: 90, valor_cobrado: 2500.75, valor_vencido: 1000 },
];
const log = (id: number): LogEntry => ({
  id,
  created_at: '2026-11-20T13:05:00.000Z',
  acao: 'login',
  descricao: `Entrada no sistema ${id}`,
  usuario: { id: 2, name: 'Alberto Admin' },
  ip: '10.0.0.1',
  entidade: null,
  entidade_id: null,
  detalhes: null,
});
const logsPage = (data: LogEntry[]) => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page: 20,
  total: data.length,
});

const ZERO = {
  valor_cobrado: 0,
  pagamentos: 0,
  clientes_concluidos: 0,
  promessas_cumpridas: 0,
  promessas_quebradas: 0,
};
const RECUPERACAO_VAZIA = {
  periodo: { de: '2026-11-01', ate: '2026-11-30' },
  operadores: [],
  sem_operador: ZERO,
  total: ZERO,
};

type Answers = { resumo: unknown; operadores: unknown; grafico: unknown; logs: unknown };
let answers: Answers;
let logsUrls: string[];
const fail = () =>
  HttpResponse.json({ code: 'ERRO_INTERNO', message: 'Erro interno do servidor.' }, { status: 500 });
const answer = (value: unknown) => (value === 'falha' ? fail() : HttpResponse.json(value as object));

beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.admin);
  logsUrls = [];
  answers = {
    resumo: RESUMO,
    operadores: OPERADORES,
    grafico: GRAFICO,
    logs: logsPage(Array.from({ length: 12 }, (_, i) => log(100 - i))),
  };
  server.use(
    http.get('/api/admin/dashboard', () => answer(answers.resumo)),
    http.get('/api/admin/dashboard/operadores', () => answer(answers.operadores)),
    http.get('/api/admin/dashboard/grafico-mensal', () => answer(answers.grafico)),
    http.get('/api/admin/logs', ({ request }) => {
      logsUrls.push(request.url);
      return answer(answers.logs);
    }),
    // The team lead's view has its own tests (visao-gestor.test.tsx): empty here.
    http.get('/api/admin/dashboard/carteira-atraso', () =>
      HttpResponse.json({
        hoje: '2026-11-20',
        faixas: [],
        total_contas: 0,
        total_valor: 0,
        prescritas: { contas: 0, clientes: 0, valor: 0 },
      }),
    ),
    http.get('/api/admin/dashboard/recuperacao-operadores', () => HttpResponse.json(RECUPERACAO_VAZIA)),
    http.get('/api/admin/dashboard/recuperacao-regua', () =>
      HttpResponse.json({
        periodo: RECUPERACAO_VAZIA.periodo,
        dias: 7,
        etapas: [],
        total: { mensagens: 0, clientes_pagaram: 0, valor_pago: 0 },
      }),
    ),
    http.get('/api/admin/dashboard/acordos', () =>
      HttpResponse.json({
        periodo: RECUPERACAO_VAZIA.periodo,
        hoje: '2026-11-20',
        acordos: { com_debito: { mantidos: 0, quebrados: 0 }, sem_debito: { mantidos: 0, quebrados: 0 } },
      }),
    ),
  );
  // The API client logs 5xx answers; the failure tests expect them.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

// The first render loads the signed-in shell and the admin chunk.

const figure = (label: string) =>
  screen.getByRole('heading', { name: label }).closest('article') as HTMLElement;

describe('AdminDashboardPage', () => {
  it('shows the six figures in pt-BR formats', async () => {
    renderApp('/admin/dashboard');
    expect(await screen.findByText('R$ 1.234,56')).toBeInTheDocument();
    expect(figure('Valores em aberto')).toHaveTextContent('R$ 1.234,56');
    expect(figure('Valores cobrados')).toHaveTextContent('R$ 98.765,40');
    expect(figure('Cobranças do mês')).toHaveTextContent('12,5%');
    expect(figure('Mensagens enviadas')).toHaveTextContent('1.234');
    expect(figure('Mensagens recebidas')).toHaveTextContent('87');
    expect(figure('Taxa de resposta')).toHaveTextContent('33,3%');
    expect(document.title).toBe('Dashboard · Sistema de Cobrança Automática');
  });

  it('splits the collected amount into PIX recorded automatically and payments registered by hand', async () => {
    renderApp('/admin/dashboard');
    await screen.findByText('R$ 98.765,40');
    const cobrados = figure('Valores cobrados');
    expect(within(cobrados).getByText('Recebido por PIX automático: R$ 61.234,40')).toBeInTheDocument();
    expect(within(cobrados).getByText('Registrado manualmente: R$ 37.531,00')).toBeInTheDocument();
    expect(cobrados).toHaveTextContent(
      'Valores cobradosR$ 98.765,40Recebido por PIX automático: R$ 61.234,40Registrado manualmente: R$ 37.531,00Pagamentos recebidos neste mês',
    );
    // Only the collected figure is broken down; still six cards.
    expect(figure('Valores em aberto')).not.toHaveTextContent(/PIX|manualmente/);
    expect(within(screen.getByRole('region', { name: 'Indicadores' })).getAllByRole('article')).toHaveLength(
      6,
    );
  });

  it('shows a month with no PIX as all registered by hand', async () => {
    answers = {
      ...answers,
      resumo: { ...RESUMO, valores_cobrados_pix_automatico: 0, valores_cobrados_manual: 98765.4 },
    };
    renderApp('/admin/dashboard');
    await screen.findByText('R$ 98.765,40');
    expect(figure('Valores cobrados')).toHaveTextContent('Recebido por PIX automático: R$ 0,00');
    expect(figure('Valores cobrados')).toHaveTextContent('Registrado manualmente: R$ 98.765,40');
  });

  it('lists the operators with status and contacts this month', async () => {
    renderApp('/admin/dashboard');
    const table = await screen.findByRole('table', { name: 'Operadores e contatos no mês' });
    const olivia = (await within(table).findByText('Olívia Santos')).closest('tr') as HTMLElement;
    expect(olivia).toHaveTextContent('olivia@empresa.com.br');
    expect(olivia).toHaveTextContent('Ativo');
    expect(olivia).toHaveTextContent('1.520');
    expect(within(table).getByText('Bruno Lima').closest('tr')).toHaveTextContent('Bloqueado');
  });

  it('labels the chart and gives screen readers its numbers as a table', async () => {
    renderApp('/admin/dashboard');
    expect(
      await screen.findByRole('figure', { name: /Gráfico mensal dos últimos 12 meses/ }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Dados do gráfico mensal' });
    const novembro = within(table).getByRole('rowheader', { name: 'novembro de 2026' }).closest('tr');
    expect(novembro).toHaveTextContent('1.300');
    expect(novembro).toHaveTextContent('R$ 2.500,75');
    expect(within(table).getByText('R$ 3.000,50')).toBeInTheDocument();
  });

  it('shows the 10 newest log entries from the first page and links to the logs', async () => {
    const app = renderApp('/admin/dashboard');
    const list = await screen.findByRole('list', { name: 'Registros recentes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getByText('Entrada no sistema 100')).toBeInTheDocument();
    expect(within(list).queryByText('Entrada no sistema 90')).toBeNull();
    expect(within(list).getAllByText(/20\/11\/2026 10:05/)).toHaveLength(10);
    expect(new URL(logsUrls[0] ?? '').searchParams.get('page')).toBe('1');
    await userEvent.click(screen.getByRole('link', { name: 'Ver todos os logs' }));
    await waitFor(() => expect(app.pathname()).toBe('/admin/logs'));
  });

  it('shows skeletons while loading', async () => {
    server.use(
      http.get('/api/admin/dashboard', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderApp('/admin/dashboard');
    const indicadores = await screen.findByRole('region', { name: 'Indicadores' });
    expect(indicadores).toHaveAttribute('aria-busy', 'true');
    expect(within(indicadores).getAllByLabelText('Carregando')).toHaveLength(6);
    // The other blocks do not wait for the figures.
    expect(await screen.findByText('Olívia Santos')).toBeInTheDocument();
  });

  it('shows the empty states', async () => {
    answers = { ...answers, operadores: [], grafico: [], logs: logsPage([]) };
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Nenhum operador cadastrado ainda.')).toBeInTheDocument();
    expect(await screen.findByText('Ainda não há movimento nos últimos 12 meses.')).toBeInTheDocument();
    expect(await screen.findByText('Nenhum registro ainda.')).toBeInTheDocument();
  });

  it('fails block by block and retries only the failed one', async () => {
    answers = { ...answers, resumo: 'falha', grafico: 'falha' };
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Olívia Santos')).toBeInTheDocument();
    expect(await screen.findByText('Entrada no sistema 100')).toBeInTheDocument();
    // 5xx answers get one retry before the block gives up.
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    for (const alert of screen.getAllByRole('alert'))
      expect(alert).toHaveTextContent('Erro interno do servidor.');

    answers = { ...answers, resumo: RESUMO };
    const indicadores = screen.getByRole('region', { name: 'Indicadores' });
    await userEvent.click(within(indicadores).getByRole('button', { name: 'Tentar de novo' }));
    expect(await within(indicadores).findByText('R$ 1.234,56')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
