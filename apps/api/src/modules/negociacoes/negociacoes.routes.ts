import {
  idempotencyHeaders,
  idParam,
  negociacaoBody,
  negociacaoResponse,
  pagamentoBody,
  pagamentoResponse,
  promessaBody,
  promessaResponse,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acaoErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { idempotentDb } from '../../plugins/idempotency.ts';
import { escopoDe } from '../clientes/escopo-operador.ts';
import { criarNegociacao } from './negociacoes.service.ts';
import { registrarPagamento } from './pagamentos.service.ts';
import { registrarPromessa } from './promessas.service.ts';

const tags = ['negociacoes'];
// 409: the customer is still in the shared queue and must be taken over first; an Idempotency-Key still
// being processed (decision 012); a second pending promise for the same date.
// Money records: a repeated Idempotency-Key answers the first answer again (decision 012).
const config = { idempotencia: true };

/** Agreements, payments and promises of a customer (docs/produto.md §8–§10); access comes from the operador group. */
export const negociacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/operador/clientes/:id/negociacoes',
    {
      config,
      schema: {
        tags,
        summary: 'Criar um acordo sobre contas em aberto',
        params: idParam,
        headers: idempotencyHeaders,
        body: negociacaoBody,
        response: { 201: negociacaoResponse, ...acaoErrors },
      },
    },
    // The terms with the first instalment's PIX, then each instalment's charge, are jobs the agreement's
    // transaction enqueues (docs/produto.md §8, §21): a slow PSP never holds the operator.
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await criarNegociacao(
            idempotentDb(request, app.db),
            app.appKey,
            escopoDe(request),
            request.params.id,
            request.body,
            atorDe(request),
          ),
        ),
  );

  app.post(
    '/api/operador/clientes/:id/pagamentos',
    {
      config,
      schema: {
        tags,
        summary: 'Registrar um pagamento (total ou parcial) de uma conta',
        params: idParam,
        headers: idempotencyHeaders,
        body: pagamentoBody,
        response: { 201: pagamentoResponse, ...acaoErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await registrarPagamento(
            idempotentDb(request, app.db),
            app.appKey,
            escopoDe(request),
            request.params.id,
            request.body,
            atorDe(request),
          ),
        ),
  );

  app.post(
    '/api/operador/clientes/:id/promessas',
    {
      config,
      schema: {
        tags,
        summary: 'Registrar uma promessa de pagamento',
        params: idParam,
        headers: idempotencyHeaders,
        body: promessaBody,
        response: { 201: promessaResponse, ...acaoErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await registrarPromessa(
            idempotentDb(request, app.db),
            escopoDe(request),
            request.params.id,
            request.body,
            atorDe(request),
          ),
        ),
  );
};
