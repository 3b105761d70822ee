import { errorResponse, validationErrorResponse } from '@cobranca/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErroDominio } from '../../../lib/errors.ts';
import { segredosIguais } from '../../mensagens/webhook/assinatura.ts';
import { abrirSegredoPix, buscarPixArmazenado } from '../configuracao/pix-settings.repository.ts';
import { guardarNotificacoes } from './notificacoes-pix.service.ts';

// The PSP's callback (API Pix: it POSTs `{"pix": [...]}` to `{webhookUrl}/pix`; docs/produto.md §21).
// The URL we registered carries a secret segment; a wrong one is a 404, as if nothing were there. The
// notification is stored and answered at once; one job confirms its PIX with the PSP. A PSP sends a few
// PIX at a time: past MAX_PIX_POR_NOTIFICACAO, or past the per-address rate, the sender is not one
// (issue 31: 5 000 forged ids in one POST each cost a PSP look-up).

const tags = ['webhooks'];

const MAX_PIX_POR_NOTIFICACAO = 1_000;
/**
 * Notifications a minute per address (one node's count). A PSP may post each PIX on its own: the design's
 * peak is 1 000 in a minute (README.md § Performance), so a flood is bounded at three times that, never a
 * busy PSP (120 refused nine in ten of that peak; docs/decisions/053-limite-do-webhook-pix.md).
 */
export const NOTIFICACOES_PIX_POR_MINUTO = 3_000;

const notificacaoPix = z.object({
  pix: z
    .array(
      z.looseObject({
        endToEndId: z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'endToEndId inválido.'),
        txid: z.string().max(64).optional(),
      }),
    )
    .max(
      MAX_PIX_POR_NOTIFICACAO,
      `Uma notificação traz no máximo ${MAX_PIX_POR_NOTIFICACAO.toLocaleString('pt-BR')} PIX.`,
    ),
});

const NAO_ENCONTRADA = 'Rota não encontrada.';

/**
 * A callback of the PSP under our webhook address (`/pix`, and PIX Automático's `/rec` and `/cobr`):
 * public, rate-limited per address, answered `{recebido: true}`; its secret segment is checked by
 * `conferirSegredo` before anything else.
 */
export const opcoesDoWebhookPix = <B extends z.ZodType>(summary: string, body: B) => ({
  config: {
    access: 'public' as const,
    rateLimit: {
      max: NOTIFICACOES_PIX_POR_MINUTO,
      timeWindow: 60_000,
      keyGenerator: (r: FastifyRequest) => `webhook-pix:${r.ip}`,
    },
  },
  // The path carries the secret segment: no per-request info lines, which log the URL.
  logLevel: 'warn' as const,
  schema: {
    tags,
    summary,
    params: z.object({ segredo: z.string().max(200) }),
    body,
    response: {
      200: z.object({ recebido: z.literal(true) }),
      404: errorResponse,
      422: validationErrorResponse,
      429: errorResponse,
    },
  },
});

/** A wrong secret segment (or no API Pix) is a 404, as if nothing were there. */
export const conferirSegredo = async (
  app: FastifyInstance,
  request: FastifyRequest,
  segredoRecebido: string,
) => {
  const armazenado = await buscarPixArmazenado(app.db);
  const segredo = abrirSegredoPix(app.appKey, armazenado, 'webhook_segredo');
  if (
    armazenado.provedor !== 'api_pix' ||
    segredo.estado !== 'ok' ||
    !segredosIguais(segredoRecebido, segredo.valor)
  ) {
    request.log.warn('PIX: notificação em endereço de webhook desconhecido');
    throw new ErroDominio('ROTA_NAO_ENCONTRADA', NAO_ENCONTRADA);
  }
};

export const webhookPixRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/webhooks/pix/:segredo/pix',
    opcoesDoWebhookPix(
      'Notificações de PIX recebidos (API Pix do Banco Central), confirmadas depois no PSP',
      notificacaoPix,
    ),
    async (request) => {
      await conferirSegredo(app, request, request.params.segredo);
      await guardarNotificacoes(
        app.db,
        request.body.pix.map((p) => ({ endToEndId: p.endToEndId, txid: p.txid ?? null })),
      );
      return { recebido: true as const };
    },
  );
};
