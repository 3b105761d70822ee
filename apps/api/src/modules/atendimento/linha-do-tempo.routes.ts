import {
  errorResponse,
  etiquetasBody,
  etiquetasResponse,
  idParam,
  linhaDoTempoQuery,
  linhaDoTempoResponse,
  notaBody,
  notaParams,
  notaResponse,
  validationErrorResponse,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acaoErrors, authErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { buscarClienteAdminOrThrow } from '../clientes/clientes-admin.repository.ts';
import { ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import { escopoDe } from '../clientes/escopo-operador.ts';
import { LinhaDoTempoDoOperador, linhaDoTempoParaAdmin } from './linha-do-tempo.repository.ts';
import { criarNota, definirEtiquetas, excluirNota } from './notas-etiquetas.service.ts';

const tags = ['atendimento'];

/** What both timeline reads take and answer: the operator's and the admin's. */
const esquemaLinhaDoTempo = {
  params: idParam,
  querystring: linhaDoTempoQuery,
  response: {
    200: linhaDoTempoResponse,
    404: errorResponse,
    422: validationErrorResponse,
    ...authErrors,
  },
};

/** The customer timeline, its internal notes and tags (docs/produto.md §5, decision 022). */
export const linhaDoTempoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/operador/clientes/:id/linha-do-tempo',
    {
      schema: {
        tags,
        summary: 'Linha do tempo do cliente (mais recentes primeiro, paginada por cursor)',
        ...esquemaLinhaDoTempo,
      },
    },
    async (request) => {
      const escopo = escopoDe(request);
      // A 404 for a customer out of scope, rather than an empty timeline that would confirm nothing exists.
      await new ClientesDoOperador(app.db, escopo).buscarVisivelOrThrow(request.params.id);
      return new LinhaDoTempoDoOperador(app.db, escopo).pagina(request.params.id, request.query);
    },
  );

  app.post(
    '/api/operador/clientes/:id/notas',
    {
      schema: {
        tags,
        summary: 'Registrar uma nota interna (não é enviada ao cliente)',
        params: idParam,
        body: notaBody,
        response: { 201: notaResponse, ...acaoErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        nota: await criarNota(
          app.db,
          escopoDe(request),
          request.params.id,
          request.body.texto,
          atorDe(request),
        ),
      }),
  );

  app.delete(
    '/api/operador/clientes/:id/notas/:notaId',
    {
      schema: {
        tags,
        summary: 'Excluir uma nota interna (pelo autor, até 15 minutos depois de escrita)',
        params: notaParams,
        response: { 204: z.null(), ...acaoErrors },
      },
    },
    async (request, reply) => {
      await excluirNota(
        app.db,
        { por: 'autor', escopo: escopoDe(request) },
        request.params.id,
        request.params.notaId,
        atorDe(request),
      );
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/operador/clientes/:id/etiquetas',
    {
      schema: {
        tags,
        summary: 'Definir as etiquetas do cliente',
        params: idParam,
        body: etiquetasBody,
        response: { 200: etiquetasResponse, ...acaoErrors },
      },
    },
    async (request) => ({
      etiquetas: await definirEtiquetas(
        app.db,
        escopoDe(request),
        request.params.id,
        request.body.etiquetas,
        atorDe(request),
      ),
    }),
  );
};

/**
 * An admin reads any customer's timeline and removes any note at any time (docs/produto.md §5, §15);
 * the deletion is audited like the author's.
 */
export const notasAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/clientes/:id/linha-do-tempo',
    {
      schema: {
        tags: ['clientes'],
        summary: 'Linha do tempo de qualquer cliente (mais recentes primeiro, paginada por cursor)',
        ...esquemaLinhaDoTempo,
      },
    },
    async (request) => {
      // A 404 for a missing customer, as the operator's route answers, not an empty timeline.
      await buscarClienteAdminOrThrow(app.db, request.params.id);
      return linhaDoTempoParaAdmin(app.db, request.params.id, request.query);
    },
  );

  app.delete(
    '/api/admin/clientes/:id/notas/:notaId',
    {
      schema: {
        tags: ['clientes'],
        summary: 'Excluir uma nota interna de um cliente',
        params: notaParams,
        response: { 204: z.null(), 404: errorResponse, 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      await excluirNota(app.db, { por: 'admin' }, request.params.id, request.params.notaId, atorDe(request));
      return reply.code(204).send(null);
    },
  );
};
