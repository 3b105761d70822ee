import { z } from 'zod';
import type { DbOrTx } from '../../../../db/client.ts';
import { enfileirar } from '../../../../fila/enfileirar.ts';
import { definirTarefa } from '../../../../fila/tarefa.ts';
import { encerrarDebitoDoAcordoQuitado } from '../encerrar-recorrencia.ts';
import { recorrenciaVigente } from '../recorrencias.repository.ts';

// A settled agreement's recurrence is cancelled at the PSP once the payment commits (docs/pix-automatico.md
// §4), retried with backoff while the PSP fails; keyed by the agreement.

export const encerrarRecorrencia = definirTarefa({
  nome: 'debito.encerrar',
  descricao: 'Cancelar no PSP o débito automático de um acordo quitado',
  payload: z.object({ negociacao_id: z.number().int().positive() }),
  chave: (p) => String(p.negociacao_id),
  politica: { tentativas: 10, esperaSegundos: 30, limiteSegundos: 120 },
  executar: async (p, { db, appKey }) => {
    await encerrarDebitoDoAcordoQuitado(db, appKey, p.negociacao_id);
  },
});

/** In the transaction that settles the agreement: its automatic debit, if in force, ends after the commit. */
export const encerrarDebitoAposCommit = async (tx: DbOrTx, negociacaoId: number): Promise<void> => {
  if (await recorrenciaVigente(tx, negociacaoId))
    await enfileirar(tx, encerrarRecorrencia, { negociacao_id: negociacaoId });
};
