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
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { pageOffset, toPaged } from '../../lib/paging.ts';
import { authErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { type FiltroClientesAdmin, listarClientesAdmin } from './clientes-admin.repository.ts';
import { reatribuirOperador } from './clientes-admin.service.ts';
import { filtrosDaQuery } from './clientes-lista-sql.ts';

const tags = ['clientes'];
const listResponses = { 200: paged(clienteAdmin), 422: validationErrorResponse, ...authErrors };

type AdminQuery = z.infer<typeof clientesAdminQuery>;

/** The repository filter of a list query; the list and its export share it (docs/decisions/020-exportacao.md). */
export const filtroClientesAdmin = (
  status: FiltroClientesAdmin['status'],
  query: Omit<AdminQuery, 'page'>,
): FiltroClientesAdmin => ({
  status,
  busca: query.busca,
  filtros: { ...filtrosDaQuery(query), operadorId: query.operador_id },
  ordem: query.ordem ? { chave: query.ordem, sentido: query.sentido ?? 'asc' } : undefined,
});

const listar = async (db: Db, status: FiltroClientesAdmin['status'], query: AdminQuery) => {
  const pagina = { limit: DEFAULT_PAGE_SIZE, offset: pageOffset(query.page, DEFAULT_PAGE_SIZE) };
  const { rows, total } = await listarClientesAdmin(db, filtroClientesAdmin(status, query), pagina);
  return toPaged(rows, total, query.page, DEFAULT_PAGE_SIZE);
};

/** Every customer for admins (docs/produto.md §15 Customers); access comes from the admin group. */
export const clientesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/clientes',
    {
      schema: {
        tags,
        summary: 'Todos os clientes, por nome (busca por nome, CPF/CNPJ ou telefone; ordem e filtros)',
        querystring: clientesAdminQuery,
        response: listResponses,
      },
    },
    async (request) => listar(app.db, undefined, request.query),
  );

  app.get(
    '/api/admin/clientes/por-status/:status',
    {
      schema: {
        tags,
        summary: 'Clientes de um status, por nome (busca por nome, CPF/CNPJ ou telefone; ordem e filtros)',
        params: clienteStatusParam,
        querystring: clientesAdminQuery,
        response: listResponses,
      },
    },
    async (request) => listar(app.db, request.params.status, request.query),
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
