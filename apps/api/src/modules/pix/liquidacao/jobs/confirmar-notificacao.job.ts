import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { pixNotificacoes } from '../../../../db/schema/index.ts';
import { enfileirar } from '../../../../fila/enfileirar.ts';
import { definirTarefa } from '../../../../fila/tarefa.ts';
import { registrarAuditoria } from '../../../auditoria/auditoria.repository.ts';
import { provedorPixAtivo } from '../../configuracao/provedor-ativo.ts';
import { liquidarPix, pixParaLiquidar } from './liquidar-pix.job.ts';

// A PSP's notification is only a hint (docs/produto.md §21): each endToEndId is read back from the PSP,
// and only what the PSP confirms is settled, with the PSP's amount. One job per notification: each of
// its PIX is looked up once, and what the PSP does not know is audited in one entry for the whole
// notification (issue 31: a forged flood cost one audit row per id). A PSP that is down fails the try;
// the queue retries with backoff (what was settled stays settled), and the reconciliation lists what a
// dead job left behind.

const item = z.object({ end_to_end_id: z.string().min(1).max(64), txid: z.string().max(64).nullable() });

export const confirmarNotificacaoPix = definirTarefa({
  nome: 'pix.confirmar-notificacao',
  descricao: 'Confirmar no PSP os PIX de uma notificação',
  // A job enqueued before notifications were batched carries one PIX.
  payload: z.union([z.object({ itens: z.array(item).min(1) }), item.transform((p) => ({ itens: [p] }))]),
  // Each endToEndId is stored once, so the first one names the notification.
  chave: (p) => p.itens[0]?.end_to_end_id ?? '',
  // One look-up after the other: a full notification (webhook-pix.routes.ts bounds it) at a slow PSP
  // (~0,5 s each) fits in the limit.
  politica: { tentativas: 10, esperaSegundos: 30, limiteSegundos: 600 },
  concorrencia: 4,
  executar: async (p, { db, appKey }) => {
    const { provedor } = await provedorPixAtivo(db, appKey);
    // A retry asks again only for what an earlier try left pending.
    const pendentes = await db
      .select({ id: pixNotificacoes.id, endToEndId: pixNotificacoes.endToEndId, txid: pixNotificacoes.txid })
      .from(pixNotificacoes)
      .where(
        and(
          inArray(
            pixNotificacoes.endToEndId,
            p.itens.map((i) => i.end_to_end_id),
          ),
          eq(pixNotificacoes.status, 'pendente'),
        ),
      )
      .orderBy(pixNotificacoes.id);
    const desconhecidas: typeof pendentes = [];
    for (const notificacao of pendentes) {
      const pix = await provedor.consultarPix(notificacao.endToEndId);
      if (!pix) {
        desconhecidas.push(notificacao);
        continue;
      }
      await db.transaction(async (tx) => {
        // Only the first try that gets an answer acts on it.
        const [aberta] = await tx
          .update(pixNotificacoes)
          .set({ status: 'processada', processadaEm: new Date(), erro: null })
          .where(and(eq(pixNotificacoes.id, notificacao.id), eq(pixNotificacoes.status, 'pendente')))
          .returning({ id: pixNotificacoes.id });
        if (aberta) await enfileirar(tx, liquidarPix, pixParaLiquidar(pix, 'webhook'));
      });
    }
    if (desconhecidas.length === 0) return;
    await db.transaction(async (tx) => {
      const fechadas = await tx
        .update(pixNotificacoes)
        .set({ status: 'processada', processadaEm: new Date(), erro: 'não confirmado pelo PSP' })
        .where(
          and(
            inArray(
              pixNotificacoes.id,
              desconhecidas.map((n) => n.id),
            ),
            eq(pixNotificacoes.status, 'pendente'),
          ),
        )
        .returning({
          id: pixNotificacoes.id,
          endToEndId: pixNotificacoes.endToEndId,
          txid: pixNotificacoes.txid,
        });
      const [primeira] = fechadas;
      if (!primeira) return;
      await registrarAuditoria(tx, {
        usuarioId: null,
        acao: 'pix.nao_confirmado',
        descricao:
          fechadas.length === 1
            ? 'Notificação de PIX que o PSP não confirma: nada registrado'
            : `Notificação com ${fechadas.length} PIX que o PSP não confirma: nada registrado`,
        entidade: 'pix_notificacao',
        entidadeId: primeira.id,
        detalhes: {
          quantidade: fechadas.length,
          pix: fechadas.map((n) => ({ end_to_end_id: n.endToEndId, txid: n.txid })),
        },
      });
    });
  },
});
