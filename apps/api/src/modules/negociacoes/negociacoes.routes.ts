import {
  errorResponse,
  idParam,
  negociacaoBody,
  negociacaoResponse,
  pagamentoBody,
  pagamentoResponse,
  promessaBody,
  promessaResponse,
  validationErrorResponse,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { criarNegociacao } from './negociacoes.service.ts';
import { registrarPagamento } from './pagamentos.service.ts';
import { registrarPromessa } from './promessas.service.ts';

const tags = ['negociacoes'];
const erros = { 404: errorResponse, 422: validationErrorResponse, ...authErrors };

/** Agreements, payments and promises of a customer (PRODUCT §3–§4); access comes from the operador group. */
export const negociacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/operador/clientes/:id/negociacoes',
    {
      schema: {
        tags,
        summary: 'Criar um acordo sobre contas em aberto',
        params: idParam,
        body: negociacaoBody,
        response: { 201: negociacaoResponse, ...erros },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await criarNegociacao(app.db, request.params.id, request.body, atorDe(request))),
  );

  app.post(
    '/api/operador/clientes/:id/pagamentos',
    {
      schema: {
        tags,
        summary: 'Registrar um pagamento (total ou parcial) de uma conta',
        params: idParam,
        body: pagamentoBody,
        response: { 201: pagamentoResponse, ...erros },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await registrarPagamento(app.db, app.appKey, request.params.id, request.body, atorDe(request))),
  );

  app.post(
    '/api/operador/clientes/:id/promessas',
    {
      schema: {
        tags,
        summary: 'Registrar uma promessa de pagamento',
        params: idParam,
        body: promessaBody,
        response: { 201: promessaResponse, ...erros },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await registrarPromessa(app.db, request.params.id, request.body, atorDe(request))),
  );
};
