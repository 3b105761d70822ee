import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { enfileirar } from '../../../fila/enfileirar.ts';
import { definirTarefa } from '../../../fila/tarefa.ts';
import { canaisAtivos } from '../../canais/canais-ativos.ts';
import { enviarTomada, reservaDa, tomarReservada } from '../despacho.ts';

// Sends a message its creator stored to go at once (a thank-you, a receipt). Keyed by the message: the
// first try takes it from its creator's lease, so no retry sends it a second time (despacho.ts).

export const despacharMensagem = definirTarefa({
  nome: 'mensagens.despachar',
  descricao: 'Enviar um agradecimento ou recibo',
  payload: z.object({ mensagem_id: z.number().int().positive(), prazo: z.string().min(1) }),
  chave: (p) => String(p.mensagem_id),
  // Past its creator's lease (60 s) the outbox sender has the message: retrying longer is pointless.
  politica: { tentativas: 3, esperaSegundos: 5, limiteSegundos: 45 },
  concorrencia: 2,
  executar: async (p, { db, appKey }) => {
    const tomada = await tomarReservada(db, { mensagemId: p.mensagem_id, prazo: p.prazo });
    if (tomada) await enviarTomada(db, appKey, await canaisAtivos(db, appKey), tomada);
  },
});

/** In the creator's transaction: the message goes once that transaction commits. */
export const despacharAposCommit = async (tx: DbOrTx, mensagemId: number): Promise<void> => {
  const { prazo } = await reservaDa(tx, mensagemId);
  await enfileirar(tx, despacharMensagem, { mensagem_id: mensagemId, prazo });
};
