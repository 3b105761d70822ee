import { z } from 'zod';
import type { DbOrTx } from '../../../../db/client.ts';
import { enfileirar } from '../../../../fila/enfileirar.ts';
import { definirTarefa } from '../../../../fila/tarefa.ts';
import { cobrarParcelasDeAcordo } from '../parcelas-acordo.ts';

// Every agreement instalment carries its own PIX charge (docs/produto.md §21), asked for by this job once
// the agreement commits (after its terms, which take the first one's). Keyed by the agreement: a retry
// creates only the charges still missing, and a charge is never stored twice (parcelas-acordo.ts looks
// again under lock).

export const cobrarParcelas = definirTarefa({
  nome: 'pix.cobrar-parcelas',
  descricao: 'Criar as cobranças PIX das parcelas de um acordo',
  payload: z.object({ negociacao_id: z.number().int().positive() }),
  chave: (p) => String(p.negociacao_id),
  politica: { tentativas: 10, esperaSegundos: 30, limiteSegundos: 120 },
  executar: async (p, { db, appKey }) => {
    const { falhas } = await cobrarParcelasDeAcordo(db, appKey, { negociacaoId: p.negociacao_id });
    if (falhas > 0) throw new Error(`${falhas} parcela(s) sem cobrança: o PSP recusou ou não respondeu`);
  },
});

export const cobrarParcelasAposCommit = (handle: DbOrTx, negociacaoId: number) =>
  enfileirar(handle, cobrarParcelas, { negociacao_id: negociacaoId });
