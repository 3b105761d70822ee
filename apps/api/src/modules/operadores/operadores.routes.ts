import { idParam, usuarioCreateBody, usuarioUpdateBody } from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { atorDe } from '../../plugins/access.ts';
import {
  contaCreateResponses,
  contaResponses,
  contaStatusResponses,
  contasListQuery,
  contasListResponses,
} from '../usuarios/contas.http.ts';
import {
  atualizarConta,
  bloquearConta,
  criarConta,
  findContaOrThrow,
  listarContas,
  OPERADORES,
  reativarConta,
  toUsuarioConta,
} from '../usuarios/contas.service.ts';

const tags = ['operadores'];

/** Operator management for admins (docs/produto.md §15); access comes from the admin group. */
export const operadoresRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/operadores',
    {
      schema: {
        tags,
        summary: 'Listar operadores (busca por nome ou e-mail, filtro por status)',
        querystring: contasListQuery,
        response: contasListResponses,
      },
    },
    async (request) => listarContas(app.db, OPERADORES, request.query),
  );

  app.post(
    '/api/admin/operadores',
    {
      schema: { tags, summary: 'Criar operador', body: usuarioCreateBody, response: contaCreateResponses },
    },
    async (request, reply) => {
      const conta = await criarConta(app.db, OPERADORES, request.body, atorDe(request));
      return reply.code(201).send(conta);
    },
  );

  app.get(
    '/api/admin/operadores/:id',
    { schema: { tags, summary: 'Ver operador', params: idParam, response: contaResponses } },
    async (request) => toUsuarioConta(await findContaOrThrow(app.db, OPERADORES, request.params.id)),
  );

  app.put(
    '/api/admin/operadores/:id',
    {
      schema: {
        tags,
        summary: 'Alterar nome, e-mail ou senha do operador (nova senha encerra as sessões dele)',
        params: idParam,
        body: usuarioUpdateBody,
        response: contaResponses,
      },
    },
    async (request) => atualizarConta(app.db, OPERADORES, request.params.id, request.body, atorDe(request)),
  );

  app.patch(
    '/api/admin/operadores/:id/bloquear',
    {
      schema: {
        tags,
        summary: 'Bloquear operador (encerra as sessões dele)',
        params: idParam,
        response: contaStatusResponses,
      },
    },
    async (request) => bloquearConta(app.db, OPERADORES, request.params.id, atorDe(request)),
  );

  app.patch(
    '/api/admin/operadores/:id/reativar',
    { schema: { tags, summary: 'Reativar operador', params: idParam, response: contaStatusResponses } },
    async (request) => reativarConta(app.db, OPERADORES, request.params.id, atorDe(request)),
  );
};
