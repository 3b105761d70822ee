import { operadorDashboardResponse } from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors } from '../../lib/route-schemas.ts';
import { escopoDe } from '../clientes/escopo-operador.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { resumoOperadorDashboard } from './operador-dashboard.repository.ts';

/** The operator dashboard (docs/produto.md §5); access comes from the operador group. */
export const operadorDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/operador/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Meus indicadores: clientes, cobranças enviadas no mês, concluídos, aguardando e com falhas',
        response: { 200: operadorDashboardResponse, ...authErrors },
      },
    },
    async (request) => {
      const { tentativas_com_falhas, fuso_horario } = await buscarSistemaSettings(app.db);
      return resumoOperadorDashboard(
        app.db,
        escopoDe(request),
        tentativas_com_falhas,
        new Date(),
        fuso_horario,
      );
    },
  );
};
