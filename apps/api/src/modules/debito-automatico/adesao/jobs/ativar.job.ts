import { z } from 'zod';
import type { DbOrTx } from '../../../../db/client.ts';
import { enfileirar } from '../../../../fila/enfileirar.ts';
import { definirTarefa } from '../../../../fila/tarefa.ts';
import { cobrarParcelasDeAcordo } from '../../../pix/cobrancas/parcelas-acordo.ts';
import { ativarDebitoAutomatico } from '../ativar-recorrencia.ts';

// An agreement with automatic debit gets its recurrence at the PSP once it commits (docs/pix-automatico.md
// §2): the first instalment's immediate charge, then the recurrence and its composite code, retried with
// backoff while the PSP fails. The terms' job tries the same inline, so the terms carry the code; keyed
// by the agreement, and safe to run twice (ativar-recorrencia.ts).

export const ativarRecorrencia = definirTarefa({
  nome: 'debito.ativar',
  descricao: 'Criar no PSP o débito automático (PIX Automático) de um acordo',
  payload: z.object({ negociacao_id: z.number().int().positive() }),
  chave: (p) => String(p.negociacao_id),
  politica: { tentativas: 10, esperaSegundos: 30, limiteSegundos: 120 },
  executar: async (p, { db, appKey }) => {
    await cobrarParcelasDeAcordo(db, appKey, { negociacaoId: p.negociacao_id, limite: 1 });
    const ativacao = await ativarDebitoAutomatico(db, appKey, p.negociacao_id);
    if (ativacao.situacao === 'sem_cobranca')
      throw new Error('a 1ª parcela ainda não tem a cobrança imediata da jornada 3');
  },
});

export const ativarRecorrenciaAposCommit = (handle: DbOrTx, negociacaoId: number) =>
  enfileirar(handle, ativarRecorrencia, { negociacao_id: negociacaoId });
