import {
  cobrancaPixView,
  cobrancasPixResponse,
  errorResponse,
  idempotencyHeaders,
  idParam,
  novaCobrancaPixBody,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acaoErrors } from '../../../lib/route-schemas.ts';
import { atorDe } from '../../../plugins/access.ts';
import { idempotentDb } from '../../../plugins/idempotency.ts';
import { escopoDe } from '../../clientes/escopo-operador.ts';
import { buscarPixArmazenado } from '../configuracao/pix-settings.repository.ts';
import { criarCobrancaPix, listarCobrancasPix } from './cobrancas.service.ts';

// A customer's PIX charges (docs/produto.md §21); access comes from the operador group.

const tags = ['pix'];
export const cobrancasPixRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/operador/clientes/:id/cobrancas-pix',
    {
      schema: {
        tags,
        summary: 'Cobranças PIX do cliente, mais recentes primeiro',
        params: idParam,
        response: { 200: cobrancasPixResponse, ...acaoErrors },
      },
    },
    async (request) => {
      const cobrancas = await listarCobrancasPix(app.db, escopoDe(request), request.params.id);
      return { provedor: (await buscarPixArmazenado(app.db)).provedor, cobrancas };
    },
  );

  app.post(
    '/api/operador/clientes/:id/cobrancas-pix',
    {
      // A repeated Idempotency-Key answers the first charge again (decision 012).
      config: { idempotencia: true },
      schema: {
        tags,
        summary: 'Criar uma cobrança PIX do saldo atualizado (todas as contas em aberto, ou as escolhidas)',
        params: idParam,
        headers: idempotencyHeaders,
        body: novaCobrancaPixBody.nullish(),
        response: { 201: cobrancaPixView, 502: errorResponse, ...acaoErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await criarCobrancaPix(
            app.db,
            app.appKey,
            escopoDe(request),
            request.params.id,
            request.body?.conta_ids,
            atorDe(request),
            { gravacao: idempotentDb(request, app.db) },
          ),
        ),
  );
};
