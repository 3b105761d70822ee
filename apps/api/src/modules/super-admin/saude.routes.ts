import {
  automacaoBody,
  automacaoResponse,
  type Saude,
  saudeResponse,
  validationErrorResponse,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { authErrors } from '../../lib/route-schemas.ts';
import { APP_VERSION } from '../../lib/version.ts';
import { atorDe } from '../../plugins/access.ts';
import { buscarWhatsappStatus } from '../canais/whatsapp-settings.repository.ts';
import { buscarKillSwitchAtivo } from '../configuracoes/configuracoes.repository.ts';
import { definirAutomacao } from '../configuracoes/configuracoes.service.ts';
import {
  contarFilaPendente,
  type ReguaExecucaoRow,
  resumoRegua24h,
  ultimaExecucaoRegua,
} from './saude.repository.ts';

const resumoExecucao = (row: ReguaExecucaoRow) => ({
  iniciada_em: row.iniciadaEm.toISOString(),
  concluida_em: row.concluidaEm?.toISOString() ?? null,
  worker: row.worker,
  contagens: row.contagens ?? null,
  erro: row.erro,
});

const saude = async (database: Database): Promise<Saude> => {
  const { db } = database;
  const [fila, execucao, regua24h, canal, killSwitchAtivo] = await Promise.all([
    contarFilaPendente(db),
    ultimaExecucaoRegua(db),
    resumoRegua24h(db, new Date()),
    buscarWhatsappStatus(db),
    buscarKillSwitchAtivo(db),
  ]);
  return {
    versao: APP_VERSION,
    banco: database.kind,
    fila_pendente: fila,
    ultima_execucao_regua: execucao ? resumoExecucao(execucao) : null,
    regua_24h: regua24h,
    canal,
    automacao_ativa: killSwitchAtivo,
  };
};

/** System health and the automation kill switch (docs/produto.md §16; super-admin group). */
export const saudeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/super-admin/saude',
    {
      schema: {
        tags: ['super-admin'],
        summary: 'Saúde do sistema: versão, banco, fila, última execução e últimas 24 h da régua, canal',
        response: { 200: saudeResponse, ...authErrors },
      },
    },
    async () => saude(app.database),
  );

  app.put(
    '/api/super-admin/automacao',
    {
      schema: {
        tags: ['super-admin'],
        summary: 'Ativar ou pausar todo o envio automático',
        body: automacaoBody,
        response: { 200: automacaoResponse, ...authErrors, 422: validationErrorResponse },
      },
    },
    async (request) => {
      const ator = atorDe(request);
      return { ativa: await definirAutomacao(app.db, request.body.ativa, ator) };
    },
  );
};
