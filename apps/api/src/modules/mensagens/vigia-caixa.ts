import { setTimeout as esperar } from 'node:timers/promises';
import type { Db } from '../../db/client.ts';
import { enfileirar } from '../../fila/enfileirar.ts';
import { buscarEmailConfigurado, type ImapConfigurado } from '../canais/email/email-settings.repository.ts';
import { vigiarCaixa } from '../canais/email/entrada/caixa-imap.ts';
import { lerCaixaDeEmail } from './jobs/ler-caixa.job.ts';

// The inbox's IDLE watch (docs/produto.md §12): when the server announces new mail, the inbox job is
// enqueued at once, so a reply reaches the operator in seconds; the job itself stays the only reader (the
// queue keeps it durable and single), and its schedule is the fallback when IDLE drops silently.

export type VigiaCaixa = { parar(): Promise<void> };

const RELER_CONFIGURACAO_MS = 60_000;

type Log = { warn(obj: object, msg: string): void };

/** Watches the configured mailbox; a change to it (read every minute) reconnects, nothing else does. */
export const iniciarVigiaDaCaixa = (db: Db, appKey: Buffer, log: Log): VigiaCaixa => {
  const controle = new AbortController();
  let atual: { chave: string; rodada: AbortController; fim: Promise<void> } | null = null;
  const encerrarAtual = async () => {
    atual?.rodada.abort();
    await atual?.fim;
    atual = null;
  };
  const vigiar = async (cfg: ImapConfigurado | null) => {
    const chave = cfg ? JSON.stringify(cfg) : '';
    if ((atual?.chave ?? '') === chave) return;
    await encerrarAtual();
    if (!cfg) return;
    const rodada = new AbortController();
    const fim = vigiarCaixa(
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
    atual = { chave, rodada, fim };
  };
  const laco = (async () => {
    while (!controle.signal.aborted) {
      // Unreadable settings (the database away for a moment) keep the watch as it is.
      const lida = await buscarEmailConfigurado(db, appKey).then(
        (cfg) => ({ imap: cfg.imap }),
        () => null,
      );
      if (lida) await vigiar(lida.imap);
      await esperar(RELER_CONFIGURACAO_MS, undefined, { signal: controle.signal }).catch(() => undefined);
    }
    await encerrarAtual();
  })();
  return {
    parar: async () => {
      controle.abort();
      await laco;
    },
  };
};
