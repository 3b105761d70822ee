import {
  adminDashboardResponse,
  dashboardOperadoresResponse,
  graficoMensalResponse,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors } from '../../lib/route-schemas.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { graficoMensal, operadoresDoMes, resumoAdminDashboard } from './admin-dashboard.repository.ts';

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
};
