import { z } from 'zod';
import { definirTarefa } from '../../../../fila/tarefa.ts';
import { provedorPixAtivo } from '../../../pix/configuracao/provedor-ativo.ts';
import { aplicarRecorrencia } from '../aplicar-recorrencia.ts';

// A PSP's callback about a recurrence is only a hint (docs/pix-automatico.md §3): the recurrence is read
// back and what the PSP says now is applied. Keyed by the recurrence: callbacks arriving while one waits
// add nothing; a retry reads again.

export const lerRecorrencia = definirTarefa({
  nome: 'debito.ler-recorrencia',
  descricao: 'Ler no PSP uma recorrência do PIX Automático notificada',
  payload: z.object({ id_rec: z.string().regex(/^[A-Za-z0-9]{29}$/) }),
  chave: (p) => p.id_rec,
  politica: { tentativas: 10, esperaSegundos: 30, limiteSegundos: 60 },
  executar: async (p, { db, appKey, log }) => {
    const { provedor } = await provedorPixAtivo(db, appKey);
    const lida = await provedor.recorrencias.consultarRecorrencia(p.id_rec);
    if (!lida) {
      log.warn({ id_rec: p.id_rec }, 'débito automático: o PSP não conhece a recorrência notificada');
      return;
    }
    await aplicarRecorrencia(db, lida);
  },
});
