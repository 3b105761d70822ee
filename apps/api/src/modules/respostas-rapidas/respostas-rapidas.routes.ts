import {
  errorResponse,
  idParam,
  respostaRapidaBody,
  respostaRapidaView,
  respostasRapidasRenderizadasResponse,
  respostasRapidasResponse,
  validationErrorResponse,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { escopoDe } from '../clientes/escopo-operador.ts';
import {
  atualizarResposta,
  criarResposta,
  excluirResposta,
  listarRespostas,
  respostasParaCliente,
} from './respostas-rapidas.service.ts';

const tags = ['respostas-rapidas'];
const URL = '/api/admin/configuracoes/mensagens/respostas-rapidas';

/** Quick replies in "Config. Mensagens" (docs/produto.md §13); access comes from the admin group. */
export const respostasRapidasAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    URL,
    {
      schema: {
        tags,
        summary: 'Respostas rápidas do composer, por atalho',
        response: { 200: respostasRapidasResponse, ...authErrors },
      },
    },
    async () => listarRespostas(app.db),
  );

  app.post(
    URL,
    {
      schema: {
        tags,
        summary: 'Criar resposta rápida (atalho único; marcadores como nos templates)',
        body: respostaRapidaBody,
        response: { 201: respostaRapidaView, 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await criarResposta(app.db, request.body, atorDe(request))),
  );

  app.put(
    `${URL}/:id`,
    {
      schema: {
        tags,
        summary: 'Alterar atalho e texto de uma resposta rápida',
        params: idParam,
        body: respostaRapidaBody,
        response: {
          200: respostaRapidaView,
          404: errorResponse,
          422: validationErrorResponse,
          ...authErrors,
        },
      },
    },
    async (request) => atualizarResposta(app.db, request.params.id, request.body, atorDe(request)),
  );

  app.delete(
    `${URL}/:id`,
    {
      schema: {
        tags,
        summary: 'Excluir resposta rápida',
        params: idParam,
        response: { 204: z.null(), 404: errorResponse, 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      await excluirResposta(app.db, request.params.id, atorDe(request));
      return reply.code(204).send(null);
    },
  );
};

/** The operator's quick replies, filled for one customer (access from the operador group, scope from the repository). */
export const respostasRapidasOperadorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/operador/clientes/:id/respostas-rapidas',
    {
      schema: {
        tags,
        summary: 'Respostas rápidas com os marcadores preenchidos para o cliente',
        params: idParam,
        response: {
          200: respostasRapidasRenderizadasResponse,
          404: errorResponse,
          422: validationErrorResponse,
          ...authErrors,
        },
      },
    },
    async (request) => respostasParaCliente(app.db, escopoDe(request), request.params.id),
  );
};
