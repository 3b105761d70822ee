import {
  errorResponse,
  idParam,
  mensagemBody,
  mensagemView,
  mensagensResponse,
  validationErrorResponse,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acaoErrors, authErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { escopoDe } from '../clientes/escopo-operador.ts';
import { enviarMensagemOperador, listarMensagens } from './mensagens.service.ts';

const tags = ['mensagens'];

/** The customer's message thread in the operator workspace (docs/produto.md §12); access comes from the operador group. */
export const mensagensRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/operador/clientes/:id/mensagens',
    {
      schema: {
        tags,
        summary: 'Conversa com o cliente (as 500 mais recentes, da mais antiga à mais nova)',
        params: idParam,
        response: { 200: mensagensResponse, 404: errorResponse, 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request) => listarMensagens(app.db, escopoDe(request), request.params.id),
  );

  app.post(
    '/api/operador/clientes/:id/mensagens',
    {
      schema: {
        tags,
        summary: 'Enviar uma mensagem ao cliente pelo canal ativo',
        params: idParam,
        body: mensagemBody,
        response: {
          201: mensagemView,
          ...acaoErrors,
        },
      },
    },
    async (request, reply) => {
      const ator = atorDe(request);
      return reply
        .code(201)
        .send(
          await enviarMensagemOperador(
            app.db,
            app.appKey,
            escopoDe(request),
            request.params.id,
            request.body.conteudo,
            ator,
            request.body.canal,
          ),
        );
    },
  );
};
