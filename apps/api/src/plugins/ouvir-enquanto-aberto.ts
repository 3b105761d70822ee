import type { FastifyInstance } from 'fastify';

// Listening again after a failed start: the cache stays off (every request reads the database) meanwhile.
const NOVA_TENTATIVA_MS = 5_000;

/**
 * Starts a cache's LISTEN once the app is ready, tries again every 5 s if it fails, and stops it when
 * the app closes: the caches a database NOTIFY keeps true (sessions, system settings) serve only while
 * it runs.
 */
export const ouvirEnquantoAberto = (
  app: FastifyInstance,
  oQue: string,
  ouvir: () => Promise<() => Promise<void>>,
): void => {
  let parar: (() => Promise<void>) | null = null;
  let fechado = false;
  let timer: NodeJS.Timeout | null = null;
  const comecar = async () => {
    timer = null;
    try {
      const pararAgora = await ouvir();
      if (fechado) await pararAgora();
      else parar = pararAgora;
    } catch (err) {
      if (fechado) return;
      app.log.warn({ err }, `${oQue} desligado: não foi possível ouvir o banco`);
      timer = setTimeout(comecar, NOVA_TENTATIVA_MS);
      timer.unref();
    }
  };
  app.addHook('onReady', comecar);
  app.addHook('onClose', async () => {
    fechado = true;
    if (timer) clearTimeout(timer);
    await parar?.();
  });
};
