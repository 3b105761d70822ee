import { z } from 'zod';
import { definirTarefa } from '../../../../fila/tarefa.ts';
import { provedorPixAtivo } from '../../configuracao/provedor-ativo.ts';
import { ErroApiPix } from '../../psp/api-pix-erros.ts';
import { marcarRemovidaNoPsp } from '../cobrancas.repository.ts';

// A PSP's charge whose debt went away (paid, renegotiated, withdrawn) is removed there too, so the
// customer cannot pay an amount no longer owed (docs/produto.md §21). Keyed by txid: removing twice is
// harmless, and the PSP's 400/404 (already paid or removed) ends it as done. A recurring charge (`cobr`)
// is cancelled instead, so the payer's bank does not debit it (docs/pix-automatico.md §4).

export const removerCobrancaNoPsp = definirTarefa({
  nome: 'pix.remover-cobranca',
  descricao: 'Remover no PSP uma cobrança sem dívida',
  payload: z.object({
    cobranca_id: z.number().int().positive(),
    tipo: z.enum(['cob', 'cobv', 'cobr']),
    txid: z.string().min(1).max(35),
  }),
  chave: (p) => p.txid,
  politica: { tentativas: 10, esperaSegundos: 30, limiteSegundos: 60 },
  executar: async (p, { db, appKey }) => {
    const { provedor } = await provedorPixAtivo(db, appKey);
    try {
      if (p.tipo === 'cobr') await provedor.recorrencias.cancelarCobranca(p.txid);
      else await provedor.removerCobranca(p.tipo, p.txid);
    } catch (error) {
      if (!(error instanceof ErroApiPix) || (error.status !== 400 && error.status !== 404)) throw error;
    }
    await marcarRemovidaNoPsp(db, p.cobranca_id);
  },
});
