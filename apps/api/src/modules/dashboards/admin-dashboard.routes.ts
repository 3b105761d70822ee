import {
  acordosDebitoResponse,
  adminDashboardResponse,
  carteiraAtrasoResponse,
  dashboardOperadoresResponse,
  graficoMensalResponse,
  periodoQuery,
  recuperacaoOperadoresResponse,
  recuperacaoReguaQuery,
  recuperacaoReguaResponse,
  validationErrorResponse,
} from '@cobranca/contracts';
import { hojeNoFuso } from '@cobranca/dominio';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors } from '../../lib/route-schemas.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { graficoMensal, operadoresDoMes, resumoAdminDashboard } from './admin-dashboard.repository.ts';
import {
  acordosPorDebito,
  carteiraPorAtraso,
  recuperacaoPorEtapa,
  recuperacaoPorOperador,
} from './admin-dashboard-gestor.repository.ts';
import { periodoDaQuery } from './dashboard-calculos.ts';

const tags = ['dashboard'];

/** The admin dashboard (docs/produto.md §15); access comes from the admin group. "This month" is in the configured time zone. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const fusoConfigurado = async () => (await buscarSistemaSettings(app.db)).fuso_horario;

  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags,
        summary: 'Indicadores do mês: valores em aberto e cobrados, % cobrado, mensagens e taxa de resposta',
        response: { 200: adminDashboardResponse, ...authErrors },
      },
    },
    async () => resumoAdminDashboard(app.db, new Date(), await fusoConfigurado()),
  );

  app.get(
    '/api/admin/dashboard/operadores',
    {
      schema: {
        tags,
        summary: 'Operadores (ativos e bloqueados) com os contatos do mês, por nome',
        response: { 200: dashboardOperadoresResponse, ...authErrors },
      },
    },
    async () => operadoresDoMes(app.db, new Date(), await fusoConfigurado()),
  );

  app.get(
    '/api/admin/dashboard/grafico-mensal',
    {
      schema: {
        tags,
        summary: 'Últimos 12 meses: mensagens enviadas e recebidas, valor cobrado e valor vencido',
        response: { 200: graficoMensalResponse, ...authErrors },
      },
    },
    async () => graficoMensal(app.db, new Date(), await fusoConfigurado()),
  );

  // The team lead's view (docs/decisions/021-visao-do-gestor.md): de/ate are calendar days in the
  // configured zone, both included; without them, this month.
  app.get(
    '/api/admin/dashboard/carteira-atraso',
    {
      schema: {
        tags,
        summary: 'Contas em aberto hoje por dias de atraso (0–30, 31–60, 61–90, 90+): quantidade e principal',
        response: { 200: carteiraAtrasoResponse, ...authErrors },
      },
    },
    async () => carteiraPorAtraso(app.db, hojeNoFuso(new Date(), await fusoConfigurado())),
  );

  app.get(
    '/api/admin/dashboard/recuperacao-operadores',
    {
      schema: {
        tags,
        summary: 'Recuperação por operador no período: valor cobrado, clientes concluídos, promessas',
        querystring: periodoQuery,
        response: { 200: recuperacaoOperadoresResponse, 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request) =>
      recuperacaoPorOperador(app.db, periodoDaQuery(request.query, new Date(), await fusoConfigurado())),
  );

  app.get(
    '/api/admin/dashboard/recuperacao-regua',
    {
      schema: {
        tags,
        summary:
          'Recuperação por etapa da régua e modelo: mensagens enviadas no período e pagamentos em até N dias',
        querystring: recuperacaoReguaQuery,
        response: { 200: recuperacaoReguaResponse, 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request) => {
      const fuso = await fusoConfigurado();
      return recuperacaoPorEtapa(
        app.db,
        periodoDaQuery(request.query, new Date(), fuso),
        request.query.dias,
        fuso,
      );
    },
  );

  app.get(
    '/api/admin/dashboard/acordos',
    {
      schema: {
        tags,
        summary:
          'Acordos de 2 ou mais parcelas feitos no período: mantidos e quebrados, com e sem débito automático',
        querystring: periodoQuery,
        response: { 200: acordosDebitoResponse, 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request) => {
      const fuso = await fusoConfigurado();
      const agora = new Date();
      return acordosPorDebito(app.db, periodoDaQuery(request.query, agora, fuso), hojeNoFuso(agora, fuso));
    },
  );
};
