import type { Db } from '../../db/client.ts';
import type { Relogio } from '../../lib/relogio.ts';
import { type EnvioAceito, registrarEnviosAceitos } from '../mensagens/envios-aceitos.repository.ts';
import { registrarResultadoEnvio } from '../mensagens/resultado-envio.service.ts';

// The channel's acceptances a sender collects for a few milliseconds and records in one statement
// (docs/decisions/047-registro-de-envios-em-lote.md): at hundreds of messages a second, one transaction
// and one read-model fold per message was most of the database's work.

/** How long the first answer of a batch waits for others. A crash meanwhile leaves them in doubt, as an
 * answer lost in transit does: the status webhook settles them (decision 009). */
export const ESPERA_DO_LOTE_MS = 20;
const MAXIMO_POR_LOTE = 50;

type Aguardando = EnvioAceito & { resolver: (gravada: boolean) => void; rejeitar: (erro: unknown) => void };

/**
 * Answers a function that records one acceptance and resolves once its batch is written: true when
 * the message took it, false when it was no longer pending (a webhook confirmed it first).
 */
export const criarRegistroEmLote = (db: Db, relogio: Relogio) => {
  let lote: Aguardando[] = [];
  const gravar = async () => {
    const atual = lote;
    lote = [];
    if (atual.length === 0) return;
    try {
      const gravadas = await registrarEnviosAceitos(db, atual);
      for (const a of atual) a.resolver(gravadas.has(a.m.id));
    } catch {
      // Two senders' batches sharing customers can deadlock; one at a time, as without batches.
      for (const a of atual)
        registrarResultadoEnvio(db, a.m, a.r, { agora: relogio.agora() }).then(a.resolver, a.rejeitar);
    }
  };
  return (aceito: EnvioAceito): Promise<boolean> =>
    new Promise((resolver, rejeitar) => {
      lote.push({ ...aceito, resolver, rejeitar });
      if (lote.length >= MAXIMO_POR_LOTE) void gravar();
      else if (lote.length === 1) {
        // A batch that filled up was written already: its timer must not cut the next one short.
        const deste = lote;
        void relogio.esperar(ESPERA_DO_LOTE_MS).then(() => (lote === deste ? gravar() : undefined));
      }
    });
};
