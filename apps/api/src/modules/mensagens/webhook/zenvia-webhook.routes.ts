import { errorResponse } from '@cobranca/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErroDominio } from '../../../lib/errors.ts';
import { buscarSmsArmazenado } from '../../canais/sms/sms-settings.repository.ts';
import { lerEventoZenvia } from '../../canais/sms/zenvia-webhook.ts';
import { segredosIguais } from './assinatura.ts';
import { aplicarEventoZenvia } from './zenvia-webhook.service.ts';

// Zenvia posts delivery reports and replies to the URL the admin subscribed, which carries a secret
// segment (Zenvia signs nothing): a wrong one is a 404, as if nothing were there. A body that is not a
// Zenvia event is answered 200 and logged, or Zenvia would post it again 30 times.

const EVENTOS_POR_MINUTO = 600;

export const zenviaWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/webhooks/zenvia/:segredo',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: EVENTOS_POR_MINUTO,
          timeWindow: 60_000,
          keyGenerator: (r: FastifyRequest) => `webhook-zenvia:${r.ip}`,
        },
      },
      // The path carries the secret segment: no per-request info lines, which log the URL.
      logLevel: 'warn',
      schema: {
        tags: ['webhooks'],
        summary: 'Relatórios de entrega e respostas de SMS (Zenvia)',
        params: z.object({ segredo: z.string().max(200) }),
        body: z.unknown(),
        response: { 200: z.object({ recebido: z.literal(true) }), 404: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const armazenado = await buscarSmsArmazenado(app.db);
      if (
        armazenado.provedor !== 'zenvia' ||
        !armazenado.webhook_segredo ||
        !segredosIguais(request.params.segredo, armazenado.webhook_segredo)
      ) {
        request.log.warn('SMS: evento em endereço de webhook desconhecido');
        throw new ErroDominio('ROTA_NAO_ENCONTRADA', 'Rota não encontrada.');
      }
      const leitura = lerEventoZenvia(request.body);
      if (leitura.resultado === 'evento') await aplicarEventoZenvia(app.db, request.log, leitura.evento);
      else request.log.info({ motivo: leitura.motivo }, `SMS: evento ${leitura.resultado}`);
      return { recebido: true as const };
    },
  );
};
