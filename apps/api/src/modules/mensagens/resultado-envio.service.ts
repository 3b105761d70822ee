import type { Db } from '../../db/client.ts';
import type { ResultadoEnvio } from '../canais/canal.ts';
import {
  agendarNovaTentativa,
  type MensagemEnviada,
  type OpcoesResultado,
  registrarEnvioAceito,
  registrarFalha,
  travarMensagem,
} from './saida.repository.ts';
import { proximaTentativaEm } from './tentativas.ts';

/**
 * Records what the channel answered for message `m`: sent, failed for good, or (transient failure
 * with attempts left) back to `pendente` with the next attempt scheduled. Only a `pendente` message
 * takes an answer: one the status webhook already confirmed (it can overtake the answer) stays as it
 * is, counted once; false then.
 */
export const registrarResultadoEnvio = (
  db: Db,
  m: MensagemEnviada,
  resultado: ResultadoEnvio,
  opcoes: OpcoesResultado,
): Promise<boolean> =>
  db.transaction(async (tx) => {
    const row = await travarMensagem(tx, m.id);
    if (row?.status !== 'pendente') return false;
    if (resultado.ok) {
      await registrarEnvioAceito(tx, m, resultado);
      return true;
    }
    const tentativa = row.tentativas + 1;
    const em = proximaTentativaEm(resultado, tentativa, opcoes.agora, opcoes.aleatorio);
    if (em === null) await registrarFalha(tx, m, resultado, opcoes.agora);
    else await agendarNovaTentativa(tx, m, resultado, tentativa, em);
    return true;
  });
