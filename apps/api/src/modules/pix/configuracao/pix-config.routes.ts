import { pixSettingsBody, pixSettingsView, pixStatus, validationErrorResponse } from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors } from '../../../lib/route-schemas.ts';
import { atorDe } from '../../../plugins/access.ts';
import { buscarPixArmazenado } from './pix-settings.repository.ts';
import { atualizarPix, pixView, verificarPix } from './pix-settings.service.ts';

/** The payment provider's settings and connection check (docs/produto.md §21; admin group). */
export const pixConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['pix'];

  app.get(
    '/api/admin/configuracoes/pix',
    {
      schema: {
        tags,
        summary: 'Configuração do provedor PIX (segredos mascarados)',
        response: { 200: pixSettingsView, ...authErrors },
      },
    },
    async () => pixView(await buscarPixArmazenado(app.db), app.appKey),
  );

  app.put(
    '/api/admin/configuracoes/pix',
    {
      schema: {
        tags,
        summary: 'Salvar o provedor PIX (segredo ou certificado omitido mantém o salvo)',
        body: pixSettingsBody,
        response: { 200: pixSettingsView, 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request) =>
      pixView(await atualizarPix(app.db, app.appKey, request.body, atorDe(request)), app.appKey),
  );

  app.post(
    '/api/admin/configuracoes/pix/verificar',
    {
      schema: {
        tags,
        summary: 'Obter um token e registrar o webhook no PSP agora',
        response: { 200: pixStatus, 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request) => verificarPix(app.db, app.appKey, atorDe(request)),
  );
};
