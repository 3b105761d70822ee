import { logAcoesResponse, logEntry, logsQuery, paged, validationErrorResponse } from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors } from '../../lib/route-schemas.ts';
import { listarAcoes } from './logs.repository.ts';
import { listarLogs } from './logs.service.ts';

const tags = ['auditoria'];

/** The audit trail for admins (docs/produto.md §15 Logs); access comes from the admin group. */
export const auditoriaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/logs',
    {
      schema: {
        tags,
        summary:
          'Logs do sistema, mais recentes primeiro (filtros: ação, usuário, período em dias de São Paulo)',
        querystring: logsQuery,
        response: { 200: paged(logEntry), 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request) => listarLogs(app.db, request.query),
  );

  app.get(
    '/api/admin/logs/acoes',
    {
      schema: {
        tags,
        summary: 'Ações registradas no log (para o filtro)',
        response: { 200: logAcoesResponse, ...authErrors },
      },
    },
    async () => listarAcoes(app.db),
  );
};
