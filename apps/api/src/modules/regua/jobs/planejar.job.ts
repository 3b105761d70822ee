import { z } from 'zod';
import { definirTarefa } from '../../../fila/tarefa.ts';
import { depsDoProcesso } from '../deps-processo.ts';
import { algoAconteceu, executarPassada } from '../motor.ts';

// The régua's planning half (docs/produto.md §11): broken promises back to collection, imports left
// running by a dead process, and the messages due today. Scheduled once per REGUA_INTERVALO_SEGUNDOS
// across every process; what it plans goes out through each process's paced sending loop.

export const planejarRegua = definirTarefa({
  nome: 'regua.planejar',
  descricao: 'Planejar as mensagens da régua',
  payload: z.object({}),
  chave: () => 'regua.planejar',
  // A missed period is made up by the next one; a pass over a million customers takes seconds.
  politica: { tentativas: 2, esperaSegundos: 30, limiteSegundos: 900 },
  executar: async (_p, { db, appKey, log }) => {
    const contagens = await executarPassada(depsDoProcesso(db, appKey, 'fila', log), undefined, {
      planejar: true,
      enviar: false,
    });
    if (algoAconteceu(contagens)) log.info({ regua: contagens }, 'régua: planejamento concluído');
  },
});
