import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs work that talks to an outside service after the answer; errors are logged, close waits for it. */
    emSegundoPlano: (descricao: string, tarefa: () => Promise<unknown>) => void;
    /** Resolves once nothing started by `emSegundoPlano` is running (close, and tests that compare states). */
    segundoPlanoConcluido: () => Promise<void>;
  }
}

// A PSP call must not hold the operator's answer, and a closing app (a test's teardown, a SIGTERM) must
// not drop the database under work still running: what is started here is awaited on close.
const plugin = async (app: FastifyInstance) => {
  const emCurso = new Set<Promise<void>>();
  app.decorate('emSegundoPlano', (descricao: string, tarefa: () => Promise<unknown>) => {
    const execucao: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(tarefa)
      .then(
        () => undefined,
        (err: unknown) => app.log.error({ err }, descricao),
      )
      .finally(() => emCurso.delete(execucao));
    emCurso.add(execucao);
  });
  const concluido = async () => {
    // A task may start another while the first ones finish.
    while (emCurso.size > 0) await Promise.all(emCurso);
  };
  app.decorate('segundoPlanoConcluido', concluido);
  app.addHook('onClose', concluido);
};

export const segundoPlanoPlugin = fp(plugin, { name: 'segundo-plano' });
