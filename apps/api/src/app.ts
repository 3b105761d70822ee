import { randomUUID } from 'node:crypto';
import { ROUTE_GROUP_ROLES } from '@cobranca/contracts';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import { compiladorDeRespostas } from './lib/serializacao.ts';
import { APP_VERSION } from './lib/version.ts';
import { atendimentoRoutes } from './modules/atendimento/atendimento.routes.ts';
import { linhaDoTempoRoutes, notasAdminRoutes } from './modules/atendimento/linha-do-tempo.routes.ts';
import { auditoriaRoutes } from './modules/auditoria/auditoria.routes.ts';
import { authRoutes, DEFAULT_LOGIN_RATE_LIMIT, type LoginRateLimit } from './modules/auth/auth.routes.ts';
import { authenticateBearer } from './modules/auth/auth.service.ts';
import { cacheSessoesPlugin } from './modules/auth/cache-sessoes.ts';
import { canaisConfigRoutes } from './modules/canais/canais-config.routes.ts';
import { descadastroRoutes } from './modules/canais/email/descadastro.routes.ts';
import { whatsappConfigRoutes } from './modules/canais/whatsapp-config.routes.ts';
import { clientesAdminRoutes } from './modules/clientes/clientes-admin.routes.ts';
import { clientesOperadorRoutes } from './modules/clientes/clientes-operador.routes.ts';
import { escopoOperadorPlugin } from './modules/clientes/escopo-operador.ts';
import { conciliacaoOperadorRoutes, conciliacaoRoutes } from './modules/conciliacao/conciliacao.routes.ts';
import { cacheSistemaPlugin } from './modules/configuracoes/cache-sistema.ts';
import { sistemaRoutes } from './modules/configuracoes/configuracoes.routes.ts';
import { contasPrescritasAdminRoutes } from './modules/contas-receber/contas-prescritas-admin.routes.ts';
import { contasReceberRoutes } from './modules/contas-receber/contas-receber.routes.ts';
import { adminDashboardRoutes } from './modules/dashboards/admin-dashboard.routes.ts';
import { operadorDashboardRoutes } from './modules/dashboards/operador-dashboard.routes.ts';
import { debitoAutomaticoRoutes } from './modules/debito-automatico/cobranca/debito-automatico.routes.ts';
import { webhookDebitoRoutes } from './modules/debito-automatico/cobranca/webhook-debito.routes.ts';
import { eventosRoutes } from './modules/eventos/eventos.routes.ts';
import {
  exportacoesAdminRoutes,
  exportacoesOperadorRoutes,
} from './modules/exportacoes/exportacoes.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import {
  importacoesAdminRoutes,
  importacoesOperadorRoutes,
} from './modules/importacoes/importacoes.routes.ts';
import { mensagensRoutes } from './modules/mensagens/mensagens.routes.ts';
import { simuladorRoutes } from './modules/mensagens/simulador.routes.ts';
import { simuladorSaidaRoutes } from './modules/mensagens/simulador-saida.routes.ts';
import { templatesRoutes } from './modules/mensagens/templates.routes.ts';
import { whatsappWebhookRoutes } from './modules/mensagens/webhook/whatsapp-webhook.routes.ts';
import { zenviaWebhookRoutes } from './modules/mensagens/webhook/zenvia-webhook.routes.ts';
import { negociacoesRoutes } from './modules/negociacoes/negociacoes.routes.ts';
import { pagamentosAdminRoutes } from './modules/negociacoes/pagamentos-admin.routes.ts';
import {
  comprovantesAdminRoutes,
  comprovantesOperadorRoutes,
} from './modules/negociacoes/recibos/comprovantes.routes.ts';
import { operadoresRoutes } from './modules/operadores/operadores.routes.ts';
import { cobrancasPixRoutes } from './modules/pix/cobrancas/cobrancas-pix.routes.ts';
import { pixConfigRoutes } from './modules/pix/configuracao/pix-config.routes.ts';
import { creditosPixRoutes } from './modules/pix/creditos/creditos-pix.routes.ts';
import { simulacaoPixRoutes } from './modules/pix/liquidacao/simulacao-pix.routes.ts';
import { webhookPixRoutes } from './modules/pix/liquidacao/webhook-pix.routes.ts';
import { linkPortalRoutes } from './modules/portal/link-portal.routes.ts';
import { paginaPortalPlugin } from './modules/portal/pagina-portal.ts';
import { LIMITES_PORTAL_PADRAO, type LimitesPortal, portalRoutes } from './modules/portal/portal.routes.ts';
import { sessaoDoPortal } from './modules/portal/sessao.ts';
import { janelaRoutes } from './modules/regua/janela.routes.ts';
import {
  respostasRapidasAdminRoutes,
  respostasRapidasOperadorRoutes,
} from './modules/respostas-rapidas/respostas-rapidas.routes.ts';
import { adminsRoutes } from './modules/super-admin/admins.routes.ts';
import { saudeRoutes } from './modules/super-admin/saude.routes.ts';
import { tarefasRoutes } from './modules/super-admin/tarefas.routes.ts';
import { accessPlugin, routeGroup } from './plugins/access.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { filaPlugin, type OpcoesFilaApp } from './plugins/fila.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { logRequisicoesPlugin } from './plugins/log-requisicoes.ts';
import { securityPlugin } from './plugins/security.ts';
import { semNulPlugin } from './plugins/sem-nul.ts';
import { shutdownPlugin } from './plugins/shutdown.ts';
import { spaPlugin } from './plugins/spa.ts';
import { swaggerPlugin } from './plugins/swagger.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** 32-byte key that encrypts stored credentials (APP_KEY). */
    appKey: Buffer;
  }
}

export type AppOptions = {
  database: Database;
  appKey: Buffer;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  webDistDir?: string;
  loginRateLimit?: LoginRateLimit;
  portalRateLimit?: LimitesPortal;
  /** Whether this process runs the job workers (default: yes, reconciling every 600 s). */
  fila?: OpcoesFilaApp;
};

const JSON_BODY_LIMIT = 1024 * 1024;

export const buildApp = async (opts: AppOptions) => {
  const app = Fastify({
    logger: opts.logger ?? false,
    // plugins/log-requisicoes.ts writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Compiled once per route; under vitest each answer is also checked against zod (docs/decisions/028-serializacao.md).
  app.setSerializerCompiler(compiladorDeRespostas({ conferir: process.env.NODE_ENV === 'test' }));

  // Cross-cutting plugins; each declares the ones it needs (fastify-plugin), so a wrong order fails at start-up.
  app.decorate('appKey', opts.appKey);
  await app.register(dbPlugin, { database: opts.database });
  await app.register(logRequisicoesPlugin);
  await app.register(errorsPlugin);
  await app.register(semNulPlugin);
  await app.register(securityPlugin);
  await app.register(shutdownPlugin);
  await app.register(filaPlugin, opts.fila ?? { trabalhar: true, pixConciliacaoSegundos: 600 });
  await app.register(cacheSessoesPlugin, {});
  await app.register(cacheSistemaPlugin);
  await app.register(accessPlugin, {
    authenticate: (db, authorization) => authenticateBearer(db, authorization, app.cacheSessoes),
    authenticatePortal: (db, authorization) => sessaoDoPortal(db, authorization, new Date()),
  });
  await app.register(idempotencyPlugin);
  await app.register(swaggerPlugin, { version: APP_VERSION });

  // Domain modules: the whole API surface, in one readable list.
  await app.register(healthRoutes);
  await app.register(authRoutes, { loginRateLimit: opts.loginRateLimit ?? DEFAULT_LOGIN_RATE_LIMIT });
  await app.register(whatsappWebhookRoutes);
  await app.register(webhookPixRoutes);
  await app.register(webhookDebitoRoutes);
  await app.register(zenviaWebhookRoutes);
  await app.register(descadastroRoutes);
  await app.register(portalRoutes, { limites: opts.portalRateLimit ?? LIMITES_PORTAL_PADRAO });
  await app.register(
    routeGroup(ROUTE_GROUP_ROLES.admin, [
      adminDashboardRoutes,
      operadoresRoutes,
      clientesAdminRoutes,
      notasAdminRoutes,
      auditoriaRoutes,
      templatesRoutes,
      respostasRapidasAdminRoutes,
      whatsappConfigRoutes,
      canaisConfigRoutes,
      simuladorSaidaRoutes,
      pixConfigRoutes,
      creditosPixRoutes,
      conciliacaoRoutes,
      pagamentosAdminRoutes,
      contasPrescritasAdminRoutes,
      comprovantesAdminRoutes,
      sistemaRoutes,
      importacoesAdminRoutes,
      exportacoesAdminRoutes,
    ]),
  );
  await app.register(routeGroup(ROUTE_GROUP_ROLES.superAdmin, [adminsRoutes, saudeRoutes, tarefasRoutes]));
  await app.register(
    routeGroup(ROUTE_GROUP_ROLES.operador, [
      escopoOperadorPlugin,
      operadorDashboardRoutes,
      clientesOperadorRoutes,
      atendimentoRoutes,
      linhaDoTempoRoutes,
      mensagensRoutes,
      respostasRapidasOperadorRoutes,
      eventosRoutes,
      janelaRoutes,
      simuladorRoutes,
      negociacoesRoutes,
      debitoAutomaticoRoutes,
      comprovantesOperadorRoutes,
      cobrancasPixRoutes,
      simulacaoPixRoutes,
      contasReceberRoutes,
      linkPortalRoutes,
      importacoesOperadorRoutes,
      conciliacaoOperadorRoutes,
      exportacoesOperadorRoutes,
    ]),
  );

  await app.register(paginaPortalPlugin, { webDistDir: opts.webDistDir ?? '' });
  await app.register(spaPlugin, { webDistDir: opts.webDistDir ?? '' });
  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
