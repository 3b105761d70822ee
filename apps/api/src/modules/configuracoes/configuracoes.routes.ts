import { sistemaSettings, validationErrorResponse } from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { buscarSistemaSettings } from './configuracoes.repository.ts';
import { atualizarSistema } from './configuracoes.service.ts';
import { sistemaSettingsBody } from './sistema-validacao.ts';

/** System settings of docs/produto.md §15 (admin group: access comes from the group). */
export const sistemaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/configuracoes/sistema',
    {
      schema: {
        tags: ['configuracoes'],
        summary: 'Configurações do sistema',
        response: { 200: sistemaSettings, ...authErrors },
      },
    },
    async () => buscarSistemaSettings(app.db),
  );

  app.put(
    '/api/admin/configuracoes/sistema',
    {
      schema: {
        tags: ['configuracoes'],
        summary: 'Salvar as configurações do sistema (objeto completo)',
        body: sistemaSettingsBody,
        response: { 200: sistemaSettings, ...authErrors, 422: validationErrorResponse },
      },
    },
    async (request) => atualizarSistema(app.db, request.body, atorDe(request)),
  );
};
