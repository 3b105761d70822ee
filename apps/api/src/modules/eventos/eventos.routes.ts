import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors } from '../../lib/route-schemas.ts';
import { authenticateBearer } from '../auth/auth.service.ts';
import { type Fluxo, FluxosAbertos } from './fluxos-abertos.ts';
import { type Lote, TransmissaoEventos } from './transmissao.ts';

const tags = ['eventos'];

// Below the idle timeouts of common proxies (60 s). A session that ends closes its streams at once
// (FluxosAbertos); the beat's own check is the fallback while the session cache cannot listen.
const BATIMENTO_MS = 25_000;

const linha = (evento: string, dados: unknown) => `event: ${evento}\ndata: ${JSON.stringify(dados)}\n\n`;

/**
 * Server-Sent Events for the operator area (docs/produto.md §5 "Ao vivo"): which of the operator's
 * customers changed, pushed within a moment of the commit on any API node. The browser refetches
 * through the scoped API, so no customer data travels here. `pronto` opens every stream: whatever
 * changed while the browser was disconnected is refetched then.
 */
export const eventosRoutes: FastifyPluginAsyncZod = async (app) => {
  const transmissao = new TransmissaoEventos(app.database);
  const fluxos = new FluxosAbertos();
  const pararDeOuvir = app.cacheSessoes.aoAlterar((alteradas) => {
    fluxos.revalidar(alteradas).catch((err: unknown) => app.log.warn({ err }, 'eventos: revalidação falhou'));
  });
  app.addHook('preClose', async () => {
    pararDeOuvir();
    fluxos.fecharTodos();
  });
  app.addHook('onClose', () => transmissao.fechar());

  app.get(
    '/api/operador/eventos',
    {
      schema: {
        tags,
        summary: 'Eventos ao vivo dos clientes do operador (Server-Sent Events)',
        response: {
          200: {
            description:
              'Fluxo text/event-stream: `pronto` ao abrir; `clientes` com {"clientes": [ids]} ou {"todos": true}.',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      const session = request.session;
      if (!session) throw new Error('rota autenticada sem sessão');
      const operadorId = session.user.id;
      const desassinar = await transmissao.assinar(
        (dono) => dono === operadorId,
        (lote: Lote) => reply.raw.write(linha('clientes', lote)),
      );
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        // nginx would otherwise hold the events in its buffer.
        'x-accel-buffering': 'no',
      });
      reply.raw.write(`retry: 3000\n${linha('pronto', { operador_id: operadorId })}`);

      const fluxo: Fluxo = {
        tokenId: session.tokenId,
        usuarioId: operadorId,
        fechar: (reconectarEmMs) => {
          clearInterval(batimento);
          desassinar();
          reply.raw.end(reconectarEmMs === undefined ? undefined : `retry: ${reconectarEmMs}\n\n`);
        },
        // Still signed in, not blocked, still an operator; an error (the database away) ends it too:
        // the browser reconnects and signs in again if it must.
        valido: () =>
          authenticateBearer(app.db, request.headers.authorization, app.cacheSessoes).then(
            (atual) => atual.user.role === session.user.role,
            () => false,
          ),
      };
      const batimento = setInterval(async () => {
        const valido = await fluxo.valido();
        // Closed meanwhile (a newer stream, its session's end): writing after the end would throw.
        if (reply.raw.writableEnded) return;
        if (valido) reply.raw.write(': ping\n\n');
        else fluxos.fechar(fluxo);
      }, BATIMENTO_MS);
      fluxos.abrir(fluxo);
      reply.raw.on('close', () => fluxos.fechar(fluxo));
    },
  );
};
