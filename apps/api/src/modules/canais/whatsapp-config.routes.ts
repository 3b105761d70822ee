import {
  validationErrorResponse,
  whatsappSettingsBody,
  whatsappSettingsView,
  whatsappStatus,
} from '@cobranca/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { buscarWhatsappArmazenado, buscarWhatsappStatus } from './whatsapp-settings.repository.ts';
import { atualizarWhatsapp, verificarWhatsapp, whatsappView } from './whatsapp-settings.service.ts';

// The callback URL the admin registers at Meta, as this server is reached (proxy headers with trustProxy).
const webhookUrl = (request: FastifyRequest) => `${request.protocol}://${request.host}/api/webhooks/whatsapp`;

/** WhatsApp channel settings and connection check (docs/produto.md §15; admin group). */
export const whatsappConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['whatsapp'];

  app.get(
    '/api/admin/configuracoes/whatsapp',
    {
      schema: {
        tags,
        summary: 'Configuração do canal (segredos mascarados)',
        response: { 200: whatsappSettingsView, ...authErrors },
      },
    },
    async (request) => whatsappView(await buscarWhatsappArmazenado(app.db), app.appKey, webhookUrl(request)),
  );

  app.put(
    '/api/admin/configuracoes/whatsapp',
    {
      schema: {
        tags,
        summary: 'Salvar a configuração do canal (segredo omitido mantém o salvo)',
        body: whatsappSettingsBody,
        response: { 200: whatsappSettingsView, ...authErrors, 422: validationErrorResponse },
      },
    },
    async (request) => {
      const salvo = await atualizarWhatsapp(app.db, app.appKey, request.body, atorDe(request));
      return whatsappView(salvo, app.appKey, webhookUrl(request));
    },
  );

  app.get(
    '/api/admin/configuracoes/whatsapp/status',
    {
      schema: {
        tags,
        summary: 'Último estado conhecido da conexão',
        response: { 200: whatsappStatus, ...authErrors },
      },
    },
    async () => buscarWhatsappStatus(app.db),
  );

  app.post(
    '/api/admin/configuracoes/whatsapp/verificar',
    {
      schema: {
        tags,
        summary: 'Verificar a conexão agora (consulta o número na Cloud API)',
        // No body is read, but one sent as malformed JSON is still parsed and refused.
        response: { 200: whatsappStatus, 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request) => verificarWhatsapp(app.db, app.appKey, atorDe(request)),
  );
};
