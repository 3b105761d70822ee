import {
  adminDashboardResponse,
  dashboardOperadoresResponse,
  graficoMensalResponse,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors } from '../../lib/route-schemas.ts';
import { graficoMensal, operadoresDoMes, resumoAdminDashboard } from './admin-dashboard.repository.ts';

const tags = ['dashboard'];

/** The admin dashboard (PRODUCT §7); access comes from the admin group. "This month" is São Paulo's. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags,
        summary: 'Indicadores do mês: valores em aberto e cobrados, % cobrado, mensagens e taxa de resposta',
        response: { 200: adminDashboardResponse, ...authErrors },
      },
    },
    async () => resumoAdminDashboard(app.db, new Date()),
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
    async () => operadoresDoMes(app.db, new Date()),
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
    async () => graficoMensal(app.db, new Date()),
  );
};
