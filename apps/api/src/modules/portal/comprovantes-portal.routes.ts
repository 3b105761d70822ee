import {
  comprovantesResponse,
  comprovanteView,
  errorResponse,
  idParam,
  pageQuery,
  validationErrorResponse,
} from '@cobranca/contracts';
import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portalSessionOf } from '../../plugins/access.ts';
import { ESCOPO_SISTEMA } from '../clientes/escopo-operador.ts';
import { buscarComprovante, listarComprovantes } from '../negociacoes/recibos/comprovantes.service.ts';

// The portal's comprovantes (docs/produto.md §22): its session's customer's payments only; another
// customer's payment id is a 404. Registered inside portalRoutes, under its headers and session limit.

const tags = ['portal'];
const erros = { 401: errorResponse, 404: errorResponse, 422: validationErrorResponse, 429: errorResponse };

export const comprovantesPortalRoutes: FastifyPluginAsyncZod<{ config: FastifyContextConfig }> = async (
  app,
  { config },
) => {
  app.get(
    '/api/portal/comprovantes',
    {
      config,
      schema: {
        tags,
        summary: 'Comprovantes dos pagamentos do cliente da sessão',
        querystring: pageQuery,
        response: { 200: comprovantesResponse, ...erros },
      },
    },
    async (request) =>
      listarComprovantes(app.db, ESCOPO_SISTEMA, portalSessionOf(request).clienteId, request.query.page),
  );
  app.get(
    '/api/portal/comprovantes/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Um comprovante de pagamento do cliente da sessão',
        params: idParam,
        response: { 200: comprovanteView, ...erros },
      },
    },
    async (request) =>
      buscarComprovante(app.db, ESCOPO_SISTEMA, portalSessionOf(request).clienteId, request.params.id),
  );
};
