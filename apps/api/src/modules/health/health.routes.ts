import { errorResponse, healthResponse } from '@cobranca/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sistema'],
        summary: 'Saúde do servidor e do banco',
        response: { 200: healthResponse, 503: errorResponse },
      },
    },
    async () => {
      // Errors here (database down) become the central handler's 503.
      await app.db.execute(sql`SELECT 1`);
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
