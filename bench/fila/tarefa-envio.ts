import { z } from 'zod';
import { definirTarefa } from '../../apps/api/src/fila/tarefa.ts';
import { type CanalDriver, soWhatsapp } from '../../apps/api/src/modules/canais/canal.ts';
import { enviarTomada, tomarReservada } from '../../apps/api/src/modules/mensagens/despacho.ts';

// The régua's sending as queue jobs (decision 031, "sending both ways"): one job per message, the same
// steps as `mensagens.despachar` (take the message from its lease, send, record) with the channel given.

export const tarefaDeEnvio = (canal: CanalDriver, concorrencia: number) =>
  definirTarefa({
    nome: 'bench.enviar-regua',
    descricao: 'Enviar uma mensagem da régua (medida)',
    payload: z.object({ mensagem_id: z.number().int().positive(), prazo: z.string().min(1) }),
    chave: (p) => String(p.mensagem_id),
    politica: { tentativas: 3, esperaSegundos: 5, limiteSegundos: 45 },
    concorrencia,
    executar: async (p, { db, appKey }) => {
      const tomada = await tomarReservada(db, { mensagemId: p.mensagem_id, prazo: p.prazo });
      if (tomada) await enviarTomada(db, appKey, soWhatsapp(canal), tomada);
    },
  });
