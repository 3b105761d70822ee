import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Fila, iniciarFila } from '../fila/fila.ts';
import { agendamentos, TAREFAS } from '../fila/tarefas.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job workers; null when separate workers run them (REGUA_EMBUTIDA=false). */
    fila: Fila | null;
  }
}

export type OpcoesFilaApp =
  | { trabalhar: false }
  | {
      trabalhar: true;
      pixConciliacaoSegundos: number;
      reguaSegundos?: number;
      sondagemMs?: number;
      esperaAoPararMs?: number;
    };

// Inside the close-with-grace window of server.ts (10 s), with room for the database to close.
const ESPERA_AO_PARAR_MS = 8_000;

const plugin = async (app: FastifyInstance, opts: OpcoesFilaApp) => {
  const fila = opts.trabalhar
    ? await iniciarFila({
        database: app.database,
        tarefas: TAREFAS,
        contexto: { db: app.db, appKey: app.appKey, log: app.log },
        agendamentos: agendamentos(opts),
        sondagemMs: opts.sondagemMs,
      })
    : null;
  app.decorate('fila', fila);
  app.addHook('onClose', async () => {
    await fila?.parar(opts.trabalhar ? (opts.esperaAoPararMs ?? ESPERA_AO_PARAR_MS) : 0);
  });
};

export const filaPlugin = fp(plugin, { name: 'fila', dependencies: ['db'] });
