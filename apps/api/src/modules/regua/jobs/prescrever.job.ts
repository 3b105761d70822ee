import { z } from 'zod';
import { definirTarefa } from '../../../fila/tarefa.ts';
import { prescreverVencidas } from '../prescricao.service.ts';

// Receivables crossing the five-year line turn prescrita by themselves (decision 036): scheduled at every
// start and each hour across every process, so each day's change in the configured zone, whatever the
// zone and its daylight saving, is taken within the hour; a run that finds nothing writes nothing.

export const PERIODO_PRESCRICAO_SEGUNDOS = 3600;

export const prescreverContas = definirTarefa({
  nome: 'contas.prescrever',
  descricao: 'Marcar como prescritas as contas vencidas há mais de 5 anos',
  payload: z.object({}),
  chave: () => 'contas.prescrever',
  politica: { tentativas: 3, esperaSegundos: 60, limiteSegundos: 600 },
  executar: async (_p, { db, log }) => {
    const prescricao = await prescreverVencidas(db);
    if (prescricao.contas > 0) log.info({ prescricao }, 'contas: prescritas as vencidas há mais de 5 anos');
  },
});
