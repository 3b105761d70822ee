import {
  atribuicaoCreditoPixResponse,
  atribuirCreditoPixBody,
  creditoPixView,
  idempotencyHeaders,
  idParam,
  paged,
  pageQuery,
  validationErrorResponse,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acaoErrors, authErrors } from '../../../lib/route-schemas.ts';
import { atorDe } from '../../../plugins/access.ts';
import { idempotentDb } from '../../../plugins/idempotency.ts';
import { atribuirCreditoPix, listarCreditos } from './creditos-pix.service.ts';

const tags = ['pix'];

/** Unmatched PIX credits and their assignment to a customer (docs/produto.md §21); access comes from the admin group. */
export const creditosPixRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/pix/creditos',
    {
      schema: {
        tags,
        summary:
          'Créditos PIX a atribuir (PIX sem dívida correspondente ou com sobra), mais recentes primeiro',
        querystring: pageQuery,
        response: { 200: paged(creditoPixView), 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request) => listarCreditos(app.db, request.query.page),
  );

  app.post(
    '/api/admin/pix/creditos/:id/atribuir',
    {
      // Money records: a repeated Idempotency-Key answers the first answer again (decision 012).
      config: { idempotencia: true },
      schema: {
        tags,
        summary:
          'Atribuir um crédito PIX a um cliente: liquida as contas em aberto, mais antigas primeiro; a sobra continua como crédito',
        params: idParam,
        headers: idempotencyHeaders,
        body: atribuirCreditoPixBody,
        // 404: no such PIX; 409: nothing left to assign, or the key still in use; 422: no open debt.
        response: { 200: atribuicaoCreditoPixResponse, ...acaoErrors },
      },
    },
    async (request) =>
      atribuirCreditoPix(
        idempotentDb(request, app.db),
        app.appKey,
        request.params.id,
        request.body,
        atorDe(request),
      ),
  );
};
