import {
  cobrancaPixView,
  cobrancasPixResponse,
  errorResponse,
  idempotencyHeaders,
  idParam,
  novaCobrancaPixBody,
  simularPagamentoPixResponse,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acaoErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { idempotentDb } from '../../plugins/idempotency.ts';
import { escopoDe } from '../clientes/escopo-operador.ts';
import { buscarPixArmazenado } from '../pix/pix-settings.repository.ts';
import { criarCobrancaPix, listarCobrancasPix, simularPagamentoPix } from './cobrancas.service.ts';

// A customer's PIX charges (docs/produto.md §21); access comes from the operador group.

const tags = ['pix'];
const txidParam = idParam.extend({
  txid: z.string().regex(/^[A-Za-z0-9]{26,35}$/, 'txid inválido.'),
});

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

  app.post(
    '/api/operador/clientes/:id/cobrancas-pix/:txid/simular-pagamento',
    {
      schema: {
        tags,
        summary: 'Simular o pagamento de uma cobrança (só com o simulador PIX ativo)',
        params: txidParam,
        response: { 200: simularPagamentoPixResponse, ...acaoErrors },
      },
    },
    async (request) =>
      simularPagamentoPix(
        app.db,
        app.appKey,
        escopoDe(request),
        request.params.id,
        request.params.txid,
        atorDe(request),
      ),
  );
};
