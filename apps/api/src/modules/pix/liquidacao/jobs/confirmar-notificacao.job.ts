import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { pixNotificacoes } from '../../../../db/schema/index.ts';
import { enfileirar } from '../../../../fila/enfileirar.ts';
import { definirTarefa } from '../../../../fila/tarefa.ts';
import { registrarAuditoria } from '../../../auditoria/auditoria.repository.ts';
import { provedorPixAtivo } from '../../configuracao/provedor-ativo.ts';
import { liquidarPix, pixParaLiquidar } from './liquidar-pix.job.ts';

// A PSP's notification is only a hint (docs/produto.md §21): each endToEndId is read back from the PSP,
// and only what the PSP confirms is settled, with the PSP's amount. A PSP that is down fails the try;
// the queue retries with backoff, and the reconciliation lists what a dead job left behind.

export const confirmarNotificacaoPix = definirTarefa({
  nome: 'pix.confirmar-notificacao',
  descricao: 'Confirmar no PSP um PIX notificado',
  payload: z.object({ end_to_end_id: z.string().min(1).max(64), txid: z.string().max(64).nullable() }),
  chave: (p) => p.end_to_end_id,
  politica: { tentativas: 10, esperaSegundos: 30, limiteSegundos: 60 },
  concorrencia: 4,
  executar: async (p, { db, appKey }) => {
    const { provedor } = await provedorPixAtivo(db, appKey);
    const pix = await provedor.consultarPix(p.end_to_end_id);
    await db.transaction(async (tx) => {
      // Only the first try that gets an answer acts on it.
      const [aberta] = await tx
        .update(pixNotificacoes)
        .set({ status: 'processada', processadaEm: new Date(), erro: pix ? null : 'não confirmado pelo PSP' })
        .where(and(eq(pixNotificacoes.endToEndId, p.end_to_end_id), eq(pixNotificacoes.status, 'pendente')))
        .returning({ id: pixNotificacoes.id });
      if (!aberta) return;
      if (pix) {
        await enfileirar(tx, liquidarPix, pixParaLiquidar(pix, 'webhook'));
        return;
      }
      await registrarAuditoria(tx, {
        usuarioId: null,
        acao: 'pix.nao_confirmado',
        descricao: 'Notificação de PIX que o PSP não confirma: nada registrado',
        entidade: 'pix_notificacao',
        entidadeId: aberta.id,
        detalhes: { end_to_end_id: p.end_to_end_id, txid: p.txid },
      });
    });
  },
});
