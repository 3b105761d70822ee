import {
  clienteAdmin,
  clienteStatusParam,
  clientesAdminQuery,
  DEFAULT_PAGE_SIZE,
  errorResponse,
  idParam,
  paged,
  reatribuirOperadorBody,
  validationErrorResponse,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { pageOffset, toPaged } from '../../lib/paging.ts';
import { authErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { type FiltroClientesAdmin, listarClientesAdmin } from './clientes-admin.repository.ts';
import { reatribuirOperador } from './clientes-admin.service.ts';

const tags = ['clientes'];
const listResponses = { 200: paged(clienteAdmin), 422: validationErrorResponse, ...authErrors };

const listar = async (db: Db, filtro: FiltroClientesAdmin, page: number) => {
  const pagina = { limit: DEFAULT_PAGE_SIZE, offset: pageOffset(page, DEFAULT_PAGE_SIZE) };
  const { rows, total } = await listarClientesAdmin(db, filtro, pagina);
  return toPaged(rows, total, page, DEFAULT_PAGE_SIZE);
};

/** Every customer for admins (docs/produto.md §15 Customers); access comes from the admin group. */
export const clientesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/clientes',
    {
      schema: {
        tags,
        summary: 'Todos os clientes, por nome (busca por nome ou CPF/CNPJ)',
        querystring: clientesAdminQuery,
        response: listResponses,
      },
    },
    async (request) => listar(app.db, { busca: request.query.busca }, request.query.page),
  );

  app.get(
    '/api/admin/clientes/por-status/:status',
    {
      schema: {
        tags,
        summary: 'Clientes de um status, por nome (busca por nome ou CPF/CNPJ)',
        params: clienteStatusParam,
        querystring: clientesAdminQuery,
        response: listResponses,
      },
    },
    async (request) =>
      listar(app.db, { status: request.params.status, busca: request.query.busca }, request.query.page),
  );

  app.patch(
    '/api/admin/clientes/:id/operador',
    {
      schema: {
        tags,
        summary: 'Reatribuir o cliente a outro operador ativo (null deixa sem operador)',
        params: idParam,
        body: reatribuirOperadorBody,
        response: { 200: clienteAdmin, 404: errorResponse, 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request) =>
      reatribuirOperador(app.db, request.params.id, request.body.operador_id, atorDe(request)),
  );
};
