import {
  templateBody,
  templatesResponse,
  templateTipoParam,
  templateView,
  validationErrorResponse,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { buscarWhatsappStatus } from '../canais/whatsapp-settings.repository.ts';
import { listarTemplates, salvarTemplate } from './templates.service.ts';

/** Message templates of docs/produto.md §13 (admin group: access comes from the group). */
export const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/configuracoes/mensagens/templates',
    {
      schema: {
        tags: ['mensagens'],
        summary: 'Templates de mensagem com avisos, estatísticas e o estado do canal',
        response: { 200: templatesResponse, ...authErrors },
      },
    },
    async () => {
      const [mensagens, whatsapp] = await Promise.all([
        listarTemplates(app.db),
        buscarWhatsappStatus(app.db),
      ]);
      return { mensagens, whatsapp };
    },
  );

  app.put(
    '/api/admin/configuracoes/mensagens/:tipo',
    {
      schema: {
        tags: ['mensagens'],
        summary: 'Salvar o texto de um template',
        params: templateTipoParam,
        body: templateBody,
        response: { 200: templateView, ...authErrors, 422: validationErrorResponse },
      },
    },
    async (request) => salvarTemplate(app.db, request.params.tipo, request.body, atorDe(request)),
  );
};
