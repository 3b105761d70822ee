import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErroDominio, VALIDATION_MESSAGE } from '../lib/errors.ts';

const NUL_NA_CONSULTA = 'O endereço tem um caractere nulo (%00), que não é aceito.';

/**
 * A NUL in any query string is the app's 422, before any route sees it: PostgreSQL text cannot hold
 * one, and a route that dropped it silently (a search of nothing) answered with every row.
 */
const plugin = async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    const inicio = request.url.indexOf('?');
    if (inicio < 0) return;
    const campos = new Set<string>();
    for (const [chave, valor] of new URLSearchParams(request.url.slice(inicio + 1)))
      if (chave.includes('\0') || valor.includes('\0')) campos.add(chave.includes('\0') ? 'query' : chave);
    if (campos.size > 0)
      throw new ErroDominio(
        'DADOS_INVALIDOS',
        VALIDATION_MESSAGE,
        Object.fromEntries([...campos].map((campo) => [campo, [NUL_NA_CONSULTA]])),
      );
  });
};

// Its 422 is an ErroDominio: the central handler turns it into the app's JSON.
export const semNulPlugin = fp(plugin, { name: 'sem-nul', dependencies: ['errors'] });
