import { z } from 'zod';
import { definirTarefa } from '../../../../fila/tarefa.ts';
import { conciliarPix } from '../conciliacao-pix.ts';

// Catches a lost notification (docs/produto.md §21): scheduled once per PIX_CONCILIACAO_SEGUNDOS across
// every process; what it finds goes through the same settlement job as a notification.

export const conciliarComPsp = definirTarefa({
  nome: 'pix.conciliar',
  descricao: 'Conciliar com o PSP os PIX recebidos',
  payload: z.object({}),
  chave: () => 'pix.conciliar',
  politica: { tentativas: 3, esperaSegundos: 60, limiteSegundos: 300 },
  executar: async (_p, { db, appKey, log }) => {
    const recuperados = await conciliarPix(db, appKey);
    if (recuperados > 0) log.info({ recuperados }, 'PIX: conciliação encontrou PIX sem notificação');
  },
});
