import { z } from 'zod';
import { definirTarefa } from '../../../../fila/tarefa.ts';
import { provedorPixAtivo } from '../../../pix/configuracao/provedor-ativo.ts';
import { aplicarCobrancaRecorrente } from '../aplicar-cobranca.ts';

// A PSP's callback about a recurring charge is only a hint (docs/pix-automatico.md §4): the charge is read
// back and what the PSP holds now is applied. Keyed by txid.

export const lerCobrancaRecorrente = definirTarefa({
  nome: 'debito.ler-cobranca',
  descricao: 'Ler no PSP uma cobrança recorrente do PIX Automático notificada',
  payload: z.object({ txid: z.string().regex(/^[A-Za-z0-9]{26,35}$/) }),
  chave: (p) => p.txid,
  politica: { tentativas: 10, esperaSegundos: 30, limiteSegundos: 120 },
  executar: async (p, { db, appKey, log }) => {
    const pix = await provedorPixAtivo(db, appKey);
    const lida = await pix.provedor.recorrencias.consultarCobranca(p.txid);
    if (!lida) {
      log.warn({ txid: p.txid }, 'débito automático: o PSP não conhece a cobrança recorrente notificada');
      return;
    }
    await aplicarCobrancaRecorrente(db, appKey, lida, { pixDe: async () => pix });
  },
});
