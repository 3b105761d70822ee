import {
  errorResponse,
  tarefaIdParam,
  tarefaMorta,
  tarefasResponse,
  validationErrorResponse,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TAREFAS } from '../../fila/tarefas.ts';
import { authErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { painelDeTarefas, repetirTarefa } from './tarefas.service.ts';

const tags = ['super-admin'];

/** The durable queue in the health panel (docs/efeitos-colaterais.md §5; super-admin group). */
export const tarefasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/super-admin/tarefas',
    {
      schema: {
        tags,
        summary: 'Tarefas em segundo plano: por tipo, e as que falharam de vez com o último erro',
        response: { 200: tarefasResponse, ...authErrors },
      },
    },
    async () => painelDeTarefas(app.db, TAREFAS),
  );

  app.post(
    '/api/super-admin/tarefas/:id/repetir',
    {
      schema: {
        tags,
        summary: 'Tentar de novo uma tarefa que falhou de vez',
        params: tarefaIdParam,
        response: { 200: tarefaMorta, 404: errorResponse, 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request) => repetirTarefa(app.db, request.params.id, atorDe(request)),
  );
};
