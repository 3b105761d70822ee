import type { Db } from '../../db/client.ts';
import { enfileirar } from '../../fila/enfileirar.ts';
import { buscarEmailConfigurado } from '../canais/email/email-settings.repository.ts';
import { vigiarCaixa } from '../canais/email/entrada/caixa-imap.ts';
import { lerCaixaDeEmail } from './jobs/ler-caixa.job.ts';

// The inbox's IDLE watch (docs/produto.md §12): when the server announces new mail, the inbox job is
// enqueued at once, so a reply reaches the operator in seconds; the job itself stays the only reader (the
// queue keeps it durable and single), and its schedule is the fallback when IDLE drops silently.

export type VigiaCaixa = { parar(): Promise<void> };

const RELER_CONFIGURACAO_MS = 60_000;

type Log = { warn(obj: object, msg: string): void };

/** Watches the configured mailbox; follows the admin's changes to it within a minute. */
export const iniciarVigiaDaCaixa = (db: Db, appKey: Buffer, log: Log): VigiaCaixa => {
  const controle = new AbortController();
  const laco = (async () => {
    while (!controle.signal.aborted) {
      const cfg = (await buscarEmailConfigurado(db, appKey).catch(() => null))?.imap;
      const rodada = new AbortController();
      const fim = setTimeout(() => rodada.abort(), RELER_CONFIGURACAO_MS);
      const parar = () => rodada.abort();
      controle.signal.addEventListener('abort', parar, { once: true });
      if (cfg)
        await vigiarCaixa(
          cfg,
          async () => {
            await enfileirar(db, lerCaixaDeEmail, {});
          },
          {
            sinal: rodada.signal,
            intervaloPollingMs: RELER_CONFIGURACAO_MS,
            intervaloMinimoMs: 5_000,
            aoFalhar: (err) => log.warn({ err }, 'e-mail: a vigia da caixa de entrada perdeu a conexão'),
          },
        );
      else await new Promise((resolve) => rodada.signal.addEventListener('abort', resolve, { once: true }));
      clearTimeout(fim);
      controle.signal.removeEventListener('abort', parar);
    }
  })();
  return {
    parar: async () => {
      controle.abort();
      await laco;
    },
  };
};
