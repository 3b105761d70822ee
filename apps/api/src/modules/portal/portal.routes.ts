import {
  errorResponse,
  portalAcordoBody,
  portalAcordoPixResponse,
  portalAcordoResponse,
  portalAtendenteBody,
  portalCanalPreferidoBody,
  portalCanalPreferidoResponse,
  portalLinkBody,
  portalLinkResponse,
  portalOptOutResponse,
  portalPixResponse,
  portalPlanosResponse,
  portalResumo,
  portalSessaoBody,
  portalSessaoResponse,
  portalTxidParam,
  validationErrorResponse,
} from '@cobranca/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErroDominio } from '../../lib/errors.ts';
import { portalSessionOf } from '../../plugins/access.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { digestoToken } from '../links-portal/links.ts';
import { acordoPeloPortal, pixDaPrimeiraParcela, planosDoCliente } from './acordo-portal.ts';
import { comprovantesPortalRoutes } from './comprovantes-portal.routes.ts';
import { escolherCanalPreferido, falarComAtendente, pararMensagens } from './contato-portal.ts';
import { credorDe } from './dados-portal.ts';
import { pagarPeloPortal, pixDoPortal } from './pix-portal.ts';
import { resumoDoPortal } from './resumo-portal.ts';
import { abrirSessao, situacaoDoLink } from './sessao.ts';

// The portal's API (docs/produto.md §22). `portal/link` and `portal/sessao` are public and carry the
// link's token in the body (never in a URL a log would keep); the others take only a portal session.
// Limits per minute: per address on every route, per link on the two public ones (the document check's
// own lock is in the database, across nodes), per session on the rest.

export type LimitesPortal = { porIp: number; porLink: number; porSessao: number };
export const LIMITES_PORTAL_PADRAO: LimitesPortal = { porIp: 60, porLink: 10, porSessao: 120 };

const MINUTO = 60_000;
const tags = ['portal'];
const MUITAS = 'Muitas tentativas. Aguarde um minuto e tente de novo.';

const erros = {
  401: errorResponse,
  404: errorResponse,
  422: validationErrorResponse,
  429: errorResponse,
} as const;

// Headers for everything the portal answers: no index, no referrer (docs/decisions/029-portal.md).
export const cabecalhosDoPortal = (reply: FastifyReply) =>
  reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');

export const portalRoutes: FastifyPluginAsyncZod<{ limites: LimitesPortal }> = async (app, { limites }) => {
  app.addHook('onSend', async (_request, reply) => {
    cabecalhosDoPortal(reply);
  });
  const porIp = {
    max: limites.porIp,
    timeWindow: MINUTO,
    keyGenerator: (r: FastifyRequest) => `portal-ip:${r.ip}`,
  };
  // After validation: the key is the token's digest, so the limiter holds no working token. Checked by
  // hand: @fastify/rate-limit runs one limiter per request, and the route's per-address one runs first.
  const contarLink = app.createRateLimit({
    max: limites.porLink,
    timeWindow: MINUTO,
    keyGenerator: (r) => `portal-link:${digestoToken((r.body as { token: string }).token)}`,
  });
  const porLink = async (request: FastifyRequest) => {
    const limite = await contarLink(request);
    if (!limite.isAllowed && limite.isExceeded) throw new ErroDominio('MUITAS_REQUISICOES', MUITAS);
  };
  const porSessao = {
    max: limites.porSessao,
    timeWindow: MINUTO,
    keyGenerator: (r: FastifyRequest) => `portal-sessao:${digestoToken(r.headers.authorization ?? '')}`,
  };
  const publica = { access: 'public' as const, rateLimit: porIp };
  const daSessao = { access: 'portal' as const, rateLimit: porSessao };
  const agora = () => new Date();
  await app.register(comprovantesPortalRoutes, { config: daSessao });

  app.post(
    '/api/portal/link',
    {
      config: publica,
      preHandler: porLink,
      schema: {
        tags,
        summary: 'Situação de um link do portal (antes da confirmação do documento)',
        body: portalLinkBody,
        response: { 200: portalLinkResponse, ...erros },
      },
    },
    async (request) => {
      const [settings, { situacao, bloqueadoAte }] = await Promise.all([
        buscarSistemaSettings(app.db),
        situacaoDoLink(app.db, request.body.token, agora()),
      ]);
      return { situacao, credor: credorDe(settings), bloqueado_ate: bloqueadoAte?.toISOString() ?? null };
    },
  );

  app.post(
    '/api/portal/sessao',
    {
      config: publica,
      preHandler: porLink,
      schema: {
        tags,
        summary: 'Confirmar o CPF ou CNPJ e abrir a sessão do portal',
        body: portalSessaoBody,
        response: { 200: portalSessaoResponse, 423: errorResponse, ...erros },
      },
    },
    async (request) => {
      const { sessao, expiraEm } = await abrirSessao(app.db, {
        token: request.body.token,
        documento: request.body.documento,
        agora: agora(),
        ip: request.ip,
      });
      return { sessao, expira_em: expiraEm.toISOString() };
    },
  );

  app.get(
    '/api/portal/resumo',
    {
      config: daSessao,
      schema: {
        tags,
        summary: 'Débitos em aberto com valores atualizados',
        response: { 200: portalResumo, ...erros },
      },
    },
    async (request) => resumoDoPortal(app.db, portalSessionOf(request).clienteId, agora()),
  );

  app.post(
    '/api/portal/pix',
    {
      config: daSessao,
      schema: {
        tags,
        summary: 'Gerar (ou reaproveitar) o PIX do que está em aberto, ou da próxima parcela do acordo',
        response: { 200: portalPixResponse, 502: errorResponse, ...erros },
      },
    },
    async (request) => ({
      pix: await pagarPeloPortal(app.db, app.appKey, portalSessionOf(request).clienteId, {
        agora: agora(),
        ip: request.ip,
      }),
    }),
  );

  app.get(
    '/api/portal/pix/:txid',
    {
      config: daSessao,
      schema: {
        tags,
        summary: 'Situação de uma cobrança PIX do cliente',
        params: portalTxidParam,
        response: { 200: portalPixResponse, ...erros },
      },
    },
    async (request) => ({
      pix: await pixDoPortal(app.db, portalSessionOf(request).clienteId, request.params.txid, agora()),
    }),
  );

  app.get(
    '/api/portal/planos',
    {
      config: daSessao,
      schema: {
        tags,
        summary: 'Planos de acordo que a política permite',
        response: { 200: portalPlanosResponse, ...erros },
      },
    },
    async (request) => planosDoCliente(app.db, app.appKey, portalSessionOf(request).clienteId, agora()),
  );

  app.post(
    '/api/portal/acordo',
    {
      config: daSessao,
      schema: {
        tags,
        summary: 'Confirmar um dos planos como acordo',
        body: portalAcordoBody,
        response: { 201: portalAcordoResponse, ...erros },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await acordoPeloPortal(app.db, app.appKey, portalSessionOf(request).clienteId, {
          parcelas: request.body.parcelas,
          debitoAutomatico: request.body.debito_automatico,
          agora: agora(),
          ip: request.ip,
        }),
      ),
  );

  app.get(
    '/api/portal/acordo/pix',
    {
      config: daSessao,
      schema: {
        tags,
        summary: 'PIX da 1ª parcela do acordo em andamento, quando já gerado',
        response: { 200: portalAcordoPixResponse, ...erros },
      },
    },
    async (request) => pixDaPrimeiraParcela(app.db, portalSessionOf(request).clienteId, agora()),
  );

  app.post(
    '/api/portal/atendente',
    {
      config: daSessao,
      schema: {
        tags,
        summary: 'Pedir para falar com um atendente',
        body: portalAtendenteBody,
        response: { 204: z.null(), ...erros },
      },
    },
    async (request, reply) => {
      await falarComAtendente(app.db, portalSessionOf(request).clienteId, request.body.mensagem, agora());
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/portal/canal-preferido',
    {
      config: daSessao,
      schema: {
        tags,
        summary: 'Escolher o canal por onde receber as mensagens primeiro',
        body: portalCanalPreferidoBody,
        response: { 200: portalCanalPreferidoResponse, ...erros },
      },
    },
    async (request) => ({
      canal_preferido: await escolherCanalPreferido(
        app.db,
        portalSessionOf(request).clienteId,
        request.body.canal,
        request.ip,
      ),
    }),
  );

  app.post(
    '/api/portal/opt-out',
    {
      config: daSessao,
      schema: {
        tags,
        summary: 'Não receber mais mensagens de cobrança',
        response: { 200: portalOptOutResponse, ...erros },
      },
    },
    async (request) => {
      const em = await pararMensagens(app.db, portalSessionOf(request).clienteId, {
        agora: agora(),
        ip: request.ip,
      });
      return { opt_out_em: em.toISOString() };
    },
  );
};
