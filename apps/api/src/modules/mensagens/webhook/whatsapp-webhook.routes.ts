import { errorResponse } from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErroDominio } from '../../../lib/errors.ts';
import {
  buscarWhatsappArmazenado,
  buscarWhatsappCredenciais,
} from '../../canais/whatsapp-settings.repository.ts';
import { assinaturaValida, segredosIguais } from './assinatura.ts';
import { eventosDaNotificacao, notificacaoWhatsapp } from './payload.ts';
import { aplicarEventos } from './whatsapp-webhook.service.ts';

// Meta's callback (docs/produto.md §12, docs/formatos-externos.md §4.6): public routes, authenticated by the verify token (GET)
// and by the HMAC signature of the body (POST). Registered as an encapsulated plugin, so the raw-body
// parser below applies here only and the rest of the API keeps its JSON parser.

const URL_WEBHOOK = '/api/webhooks/whatsapp';
const LIMITE_CORPO = 1024 * 1024;
const tags = ['webhooks'];

const verificacaoQuery = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().optional(),
});
const assinaturaHeaders = z.object({ 'x-hub-signature-256': z.string().optional() });
const recebidoResponse = z.object({ recebido: z.literal(true) });

const ASSINATURA_INVALIDA = 'Assinatura do webhook ausente ou inválida.';

export const whatsappWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // The signature covers the exact bytes Meta sent: JSON is parsed only after it is checked.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: LIMITE_CORPO },
    (_request, corpo, done) => done(null, corpo),
  );

  app.get(
    URL_WEBHOOK,
    {
      config: { access: 'public' },
      // The query string carries the verify token: no per-request info lines, which log the URL.
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Verificação do webhook pela Meta (devolve hub.challenge em texto puro)',
        querystring: verificacaoQuery,
        response: {
          200: {
            description: 'O hub.challenge recebido.',
            content: { 'text/plain': { schema: z.string() } },
          },
          403: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { 'hub.mode': modo, 'hub.verify_token': token, 'hub.challenge': desafio } = request.query;
      const esperado = (await buscarWhatsappArmazenado(app.db)).webhook_verify_token;
      if (modo !== 'subscribe' || !desafio || !token || !esperado || !segredosIguais(token, esperado)) {
        request.log.warn('WhatsApp: verificação do webhook recusada');
        throw new ErroDominio('SEM_PERMISSAO', 'Verificação do webhook recusada.');
      }
      return reply.type('text/plain; charset=utf-8').send(desafio);
    },
  );

  app.post(
    URL_WEBHOOK,
    {
      config: { access: 'public' },
      bodyLimit: LIMITE_CORPO,
      schema: {
        tags,
        summary: 'Notificações da WhatsApp Cloud API: mensagens recebidas e status de entrega',
        headers: assinaturaHeaders,
        response: { 200: recebidoResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, _reply) => {
      const bruto = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { appSecret, phoneNumberId } = await buscarWhatsappCredenciais(app.db, app.appKey);
      if (!appSecret || !assinaturaValida(bruto, request.headers['x-hub-signature-256'], appSecret)) {
        request.log.warn(
          appSecret
            ? 'WhatsApp: assinatura do webhook inválida'
            : 'WhatsApp: webhook recebido sem app secret configurado',
        );
        throw new ErroDominio('NAO_AUTENTICADO', ASSINATURA_INVALIDA);
      }
      const notificacao = notificacaoWhatsapp.safeParse(lerJson(bruto));
      if (!notificacao.success)
        throw new ErroDominio(
          'REQUISICAO_INVALIDA',
          'O corpo não é uma notificação do WhatsApp em JSON válido.',
        );
      const { eventos, ignorados } = eventosDaNotificacao(notificacao.data);
      for (const motivo of ignorados) request.log.info(`WhatsApp: ${motivo}`);
      await aplicarEventos(app.db, request.log, eventos, phoneNumberId);
      return { recebido: true as const };
    },
  );
};

/** The parsed body, or undefined when it is not JSON (the schema then rejects it). */
const lerJson = (bruto: Buffer): unknown => {
  try {
    return JSON.parse(bruto.toString('utf8'));
  } catch {
    return undefined;
  }
};
