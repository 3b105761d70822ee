import {
  errorResponse,
  idParam,
  saidaSimuladaDetalhe,
  saidaSimuladaQuery,
  saidaSimuladaResponse,
  simularDevolucaoBody,
  simularRespostaSaidaBody,
  validationErrorResponse,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { detalharSaidaSimulada, listarSaidaSimulada, simularNaSaida } from './simulador-saida.service.ts';

const tags = ['simulador'];
const respostasAcao = {
  204: z.null(),
  404: errorResponse,
  409: errorResponse,
  422: validationErrorResponse,
  ...authErrors,
};

/** The simulator's outbox (admin): e-mails and SMS "sent", and the answers to simulate (docs/produto.md §12). */
export const simuladorSaidaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/simulador/saida',
    {
      schema: {
        tags,
        summary: 'E-mails e SMS enviados pelo simulador, do mais recente ao mais antigo',
        querystring: saidaSimuladaQuery,
        response: { 200: saidaSimuladaResponse, 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request) => listarSaidaSimulada(app.db, request.query),
  );

  app.get(
    '/api/admin/simulador/saida/:id',
    {
      schema: {
        tags,
        summary: 'Um e-mail ou SMS enviado pelo simulador (o HTML do e-mail como saiu)',
        params: idParam,
        response: { 200: saidaSimuladaDetalhe, 404: errorResponse, ...authErrors },
      },
    },
    async (request) => detalharSaidaSimulada(app.db, request.params.id),
  );

  app.post(
    '/api/admin/simulador/saida/:id/resposta',
    {
      schema: {
        tags,
        summary: 'Simular a resposta do cliente',
        params: idParam,
        body: simularRespostaSaidaBody,
        response: respostasAcao,
      },
    },
    async (request, reply) => {
      await simularNaSaida(
        app.db,
        app.appKey,
        request.params.id,
        { tipo: 'resposta', texto: request.body.texto },
        atorDe(request),
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/simulador/saida/:id/devolucao',
    {
      schema: {
        tags,
        summary: 'Simular uma devolução (e-mail) ou falha de entrega (SMS)',
        params: idParam,
        body: simularDevolucaoBody,
        response: respostasAcao,
      },
    },
    async (request, reply) => {
      await simularNaSaida(
        app.db,
        app.appKey,
        request.params.id,
        { tipo: 'devolucao', permanente: request.body.permanente },
        atorDe(request),
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/simulador/saida/:id/reclamacao',
    {
      schema: {
        tags,
        summary: 'Simular uma reclamação de spam (e-mail)',
        params: idParam,
        response: respostasAcao,
      },
    },
    async (request, reply) => {
      await simularNaSaida(app.db, app.appKey, request.params.id, { tipo: 'reclamacao' }, atorDe(request));
      return reply.code(204).send(null);
    },
  );
};
