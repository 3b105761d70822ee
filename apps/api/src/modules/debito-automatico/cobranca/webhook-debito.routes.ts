import { errorResponse, validationErrorResponse } from '@cobranca/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cobrancasPix, recorrenciasPix } from '../../../db/schema/index.ts';
import { enfileirar } from '../../../fila/enfileirar.ts';
import { ErroDominio } from '../../../lib/errors.ts';
import { segredosIguais } from '../../mensagens/webhook/assinatura.ts';
import { abrirSegredoPix, buscarPixArmazenado } from '../../pix/configuracao/pix-settings.repository.ts';
import { lerCobrancaRecorrente } from './jobs/ler-cobranca.job.ts';
import { lerRecorrencia } from './jobs/ler-recorrencia.job.ts';

// The PSP's PIX Automático callbacks (docs/formatos-externos.md §7): `POST {webhookUrl}/rec` with
// `{"recs": […]}` and `POST {webhookUrl}/cobr` with `{"cobsr": […]}`, under the same secret segment as `/pix`. Answered at once; each recurrence we know is
// read back by a job before anything changes (docs/pix-automatico.md §3). Unknown ids are dropped.

const tags = ['webhooks'];
const MAX_POR_NOTIFICACAO = 1_000;
const NOTIFICACOES_POR_MINUTO = 120;
const ID_REC = /^[A-Za-z0-9]{29}$/;

const notificacaoRec = z.object({
  recs: z
    .array(z.looseObject({ idRec: z.string().regex(ID_REC, 'idRec inválido.') }))
    .max(
      MAX_POR_NOTIFICACAO,
      `Uma notificação traz no máximo ${MAX_POR_NOTIFICACAO.toLocaleString('pt-BR')} recorrências.`,
    ),
});

const notificacaoCobr = z.object({
  cobsr: z
    .array(z.looseObject({ txid: z.string().regex(/^[A-Za-z0-9]{26,35}$/, 'txid inválido.') }))
    .max(
      MAX_POR_NOTIFICACAO,
      `Uma notificação traz no máximo ${MAX_POR_NOTIFICACAO.toLocaleString('pt-BR')} cobranças.`,
    ),
});

export const webhookDebitoRoutes: FastifyPluginAsyncZod = async (app) => {
  const segredoConfere = async (request: FastifyRequest<{ Params: { segredo: string } }>) => {
    const armazenado = await buscarPixArmazenado(app.db);
    const segredo = abrirSegredoPix(app.appKey, armazenado, 'webhook_segredo');
    if (
      armazenado.provedor !== 'api_pix' ||
      segredo.estado !== 'ok' ||
      !segredosIguais(request.params.segredo, segredo.valor)
    ) {
      request.log.warn('PIX Automático: notificação em endereço de webhook desconhecido');
      throw new ErroDominio('ROTA_NAO_ENCONTRADA', 'Rota não encontrada.');
    }
  };
  const config = {
    access: 'public' as const,
    rateLimit: {
      max: NOTIFICACOES_POR_MINUTO,
      timeWindow: 60_000,
      keyGenerator: (r: FastifyRequest) => `webhook-pix:${r.ip}`,
    },
  };

  app.post(
    '/api/webhooks/pix/:segredo/rec',
    {
      config,
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Notificações de recorrências do PIX Automático, lidas depois no PSP',
        params: z.object({ segredo: z.string().max(200) }),
        body: notificacaoRec,
        response: {
          200: z.object({ recebido: z.literal(true) }),
          404: errorResponse,
          422: validationErrorResponse,
          429: errorResponse,
        },
      },
    },
    async (request) => {
      await segredoConfere(request);
      const ids = [...new Set(request.body.recs.map((r) => r.idRec))];
      await app.db.transaction(async (tx) => {
        const conhecidas = ids.length
          ? await tx
              .select({ idRec: recorrenciasPix.idRec })
              .from(recorrenciasPix)
              .where(inArray(recorrenciasPix.idRec, ids))
          : [];
        for (const { idRec } of conhecidas)
          if (idRec) await enfileirar(tx, lerRecorrencia, { id_rec: idRec });
      });
      return { recebido: true as const };
    },
  );

  app.post(
    '/api/webhooks/pix/:segredo/cobr',
    {
      config,
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Notificações de cobranças recorrentes do PIX Automático, lidas depois no PSP',
        params: z.object({ segredo: z.string().max(200) }),
        body: notificacaoCobr,
        response: {
          200: z.object({ recebido: z.literal(true) }),
          404: errorResponse,
          422: validationErrorResponse,
          429: errorResponse,
        },
      },
    },
    async (request) => {
      await segredoConfere(request);
      const txids = [...new Set(request.body.cobsr.map((c) => c.txid))];
      await app.db.transaction(async (tx) => {
        const conhecidas = txids.length
          ? await tx
              .select({ txid: cobrancasPix.txid })
              .from(cobrancasPix)
              .where(and(inArray(cobrancasPix.txid, txids), eq(cobrancasPix.tipo, 'cobr')))
          : [];
        for (const { txid } of conhecidas) await enfileirar(tx, lerCobrancaRecorrente, { txid });
      });
      return { recebido: true as const };
    },
  );
};
