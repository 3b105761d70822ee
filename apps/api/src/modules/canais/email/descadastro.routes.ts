import { errorResponse } from '@cobranca/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientes } from '../../../db/schema/index.ts';
import { ErroDominio } from '../../../lib/errors.ts';
import { buscarSistemaSettings } from '../../configuracoes/configuracoes.repository.ts';
import { descadastrarDoCanal } from '../opt-out-canal.ts';
import { clienteDoDescadastro } from './descadastro.ts';

// One-click unsubscribe (RFC 8058, docs/produto.md §12): the mailbox provider POSTs
// `List-Unsubscribe=One-Click` to the URL of the List-Unsubscribe header; the customer is opted out of
// e-mail at once, with the request kept as proof, no sign-in and no page. A person who opens the link
// (GET) gets a page with one button: a GET never unsubscribes, since link scanners fetch every link.

const NAO_ENCONTRADO = 'Link de descadastro inválido.';
const POR_MINUTO = 60;

const escapar = (t: string) =>
  t.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const pagina = (titulo: string, corpo: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapar(titulo)}</title></head><body><main><h1>${escapar(titulo)}</h1>${corpo}</main></body></html>`;

const querHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

const html = (reply: FastifyReply, conteudo: string) =>
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(conteudo);

const params = z.object({ token: z.string().max(100) });

export const descadastroRoutes: FastifyPluginAsyncZod = async (app) => {
  // The provider's POST is a form (`List-Unsubscribe=One-Click`); kept as text for the proof.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, corpo, feito) => feito(null, corpo),
  );

  const clienteDe = async (token: string) => {
    const clienteId = clienteDoDescadastro(app.appKey, token);
    const [cliente] = clienteId
      ? await app.db.select({ id: clientes.id }).from(clientes).where(eq(clientes.id, clienteId))
      : [];
    if (!cliente) throw new ErroDominio('ROTA_NAO_ENCONTRADA', NAO_ENCONTRADO);
    return cliente.id;
  };

  const config = {
    access: 'public' as const,
    rateLimit: {
      max: POR_MINUTO,
      timeWindow: 60_000,
      keyGenerator: (r: FastifyRequest) => `descadastro:${r.ip}`,
    },
  };

  app.get(
    '/api/publico/descadastro/:token',
    {
      config,
      logLevel: 'warn',
      schema: {
        tags: ['publico'],
        summary: 'Página de descadastro de e-mails (um botão; abrir o link não descadastra)',
        params,
        response: {
          200: { description: 'A página, com o botão.', content: { 'text/html': { schema: z.string() } } },
          404: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      await clienteDe(request.params.token);
      const { empresa } = await buscarSistemaSettings(app.db);
      return html(
        reply,
        pagina(
          'Deixar de receber e-mails',
          `<p>Você não receberá mais e-mails de cobrança da ${escapar(empresa.nome)}. Os outros canais (WhatsApp, SMS) continuam, se você os usa.</p><form method="post"><button type="submit">Não quero mais receber e-mails</button></form>`,
        ),
      );
    },
  );

  app.post(
    '/api/publico/descadastro/:token',
    {
      config,
      logLevel: 'warn',
      schema: {
        tags: ['publico'],
        summary: 'Descadastro de e-mails com um clique (RFC 8058: corpo List-Unsubscribe=One-Click)',
        params,
        response: {
          200: {
            description: 'Descadastrado (uma página para quem clicou no botão).',
            content: {
              'application/json': { schema: z.object({ descadastrado: z.literal(true) }) },
              'text/html': { schema: z.string() },
            },
          },
          404: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const clienteId = await clienteDe(request.params.token);
      const agora = new Date();
      await app.db.transaction((tx) =>
        descadastrarDoCanal(tx, {
          clienteId,
          canal: 'email',
          origem: 'descadastro_um_clique',
          prova: {
            // Kept as proof, without control characters (a jsonb text cannot hold NUL).
            corpo:
              typeof request.body === 'string' ? request.body.replace(/\p{Cc}/gu, '').slice(0, 200) : null,
            user_agent: request.headers['user-agent']?.slice(0, 300) ?? null,
            em: agora.toISOString(),
          },
          agora,
          ip: request.ip,
        }),
      );
      if (!querHtml(request)) return { descadastrado: true as const };
      return html(reply, pagina('Pronto', '<p>Você não receberá mais e-mails de cobrança.</p>'));
    },
  );
};
