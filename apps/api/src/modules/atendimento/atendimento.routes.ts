import {
  canalPreferidoBody,
  chamadaBody,
  chamadaResponse,
  clienteDetalhe,
  clienteResponse,
  errorResponse,
  idempotencyHeaders,
  idParam,
  pausarBody,
  validationErrorResponse,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acaoErrors, authErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { idempotentDb } from '../../plugins/idempotency.ts';
import { escopoDe } from '../clientes/escopo-operador.ts';
import { assumirCliente, pausarCliente, reativarCliente, registrarChamada } from './atendimento.service.ts';
import { definirCanalPreferido } from './canal-preferido.service.ts';
import { ClienteDetalheRepository } from './cliente-detalhe.repository.ts';

const tags = ['atendimento'];
// 409: an invalid status change, or a customer still in the shared queue (take it over first).
const acaoResponses = {
  200: clienteResponse,
  ...acaoErrors,
};

/** The customer workspace of the operator area (docs/produto.md §5); access comes from the operador group. */
export const atendimentoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/operador/clientes/:id',
    {
      schema: {
        tags,
        summary: 'Cliente com contas, acordos, pagamentos, promessas e ligações',
        params: idParam,
        response: { 200: clienteDetalhe, 404: errorResponse, 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request) =>
      new ClienteDetalheRepository(app.db, escopoDe(request)).buscarOrThrow(request.params.id),
  );

  app.post(
    '/api/operador/clientes/:id/assumir',
    {
      schema: {
        tags,
        summary: 'Assumir um cliente aguardando atendimento',
        params: idParam,
        response: acaoResponses,
      },
    },
    async (request) => ({
      cliente: await assumirCliente(app.db, escopoDe(request), request.params.id, atorDe(request)),
    }),
  );

  app.patch(
    '/api/operador/clientes/:id/pausar',
    {
      schema: {
        tags,
        summary: 'Pausar a cobrança com um motivo',
        params: idParam,
        body: pausarBody,
        response: acaoResponses,
      },
    },
    async (request) => ({
      cliente: await pausarCliente(
        app.db,
        escopoDe(request),
        request.params.id,
        request.body.motivo,
        atorDe(request),
      ),
    }),
  );

  app.put(
    '/api/operador/clientes/:id/canal-preferido',
    {
      schema: {
        tags,
        summary: 'Definir o canal tentado primeiro (null: a ordem da régua)',
        params: idParam,
        body: canalPreferidoBody,
        response: acaoResponses,
      },
    },
    async (request) => ({
      cliente: await definirCanalPreferido(
        app.db,
        escopoDe(request),
        request.params.id,
        request.body.canal,
        atorDe(request),
      ),
    }),
  );

  app.patch(
    '/api/operador/clientes/:id/reativar',
    {
      schema: { tags, summary: 'Reativar a cobrança automática', params: idParam, response: acaoResponses },
    },
    async (request) => ({
      cliente: await reativarCliente(app.db, escopoDe(request), request.params.id, atorDe(request)),
    }),
  );

  app.post(
    '/api/operador/clientes/:id/chamadas',
    {
      // A repeated Idempotency-Key answers the first answer again (decision 012).
      config: { idempotencia: true },
      schema: {
        tags,
        summary: 'Registrar uma ligação',
        params: idParam,
        headers: idempotencyHeaders,
        body: chamadaBody,
        response: {
          201: chamadaResponse,
          ...acaoErrors,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await registrarChamada(
            idempotentDb(request, app.db),
            escopoDe(request),
            request.params.id,
            request.body,
            atorDe(request),
          ),
        ),
  );
};
