import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cobrancasPix, recorrenciasPix } from '../../../db/schema/index.ts';
import { enfileirar } from '../../../fila/enfileirar.ts';
import { conferirSegredo, opcoesDoWebhookPix } from '../../pix/liquidacao/webhook-pix.routes.ts';
import { lerCobrancaRecorrente } from './jobs/ler-cobranca.job.ts';
import { lerRecorrencia } from './jobs/ler-recorrencia.job.ts';

// The PSP's PIX Automático callbacks (docs/formatos-externos.md §7): `POST {webhookUrl}/rec` with
// `{"recs": […]}` and `POST {webhookUrl}/cobr` with `{"cobsr": […]}`, under the same secret segment as
// `/pix`. Answered at once; each recurrence or charge we know is read back by a job before anything
// changes (docs/pix-automatico.md §3). Unknown ids are dropped.

const MAX_POR_NOTIFICACAO = 1_000;
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
  app.post(
    '/api/webhooks/pix/:segredo/rec',
    opcoesDoWebhookPix('Notificações de recorrências do PIX Automático, lidas depois no PSP', notificacaoRec),
    async (request) => {
      await conferirSegredo(app, request, request.params.segredo);
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
    opcoesDoWebhookPix(
      'Notificações de cobranças recorrentes do PIX Automático, lidas depois no PSP',
      notificacaoCobr,
    ),
    async (request) => {
      await conferirSegredo(app, request, request.params.segredo);
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
