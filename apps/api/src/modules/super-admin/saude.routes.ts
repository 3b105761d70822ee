import {
  automacaoBody,
  automacaoResponse,
  type Saude,
  type SaudePix,
  saudeResponse,
  validationErrorResponse,
} from '@cobranca/contracts';
import { centavosParaReais } from '@cobranca/dominio';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database, Db } from '../../db/client.ts';
import { authErrors } from '../../lib/route-schemas.ts';
import { APP_VERSION } from '../../lib/version.ts';
import { atorDe } from '../../plugins/access.ts';
import { buscarWhatsappStatus } from '../canais/whatsapp-settings.repository.ts';
import { buscarKillSwitchAtivo } from '../configuracoes/configuracoes.repository.ts';
import { definirAutomacao } from '../configuracoes/configuracoes.service.ts';
import { buscarPixArmazenado } from '../pix/configuracao/pix-settings.repository.ts';
import { statusPix } from '../pix/configuracao/pix-settings.service.ts';
import { buscarCheckpointConciliacao } from '../pix/liquidacao/conciliacao-pix.ts';
import {
  contarFilaPendente,
  filasPix,
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

/** The provider's stored state only: the panel never calls the PSP (it refreshes every 30 s). */
const saudePix = async (db: Db, agora: Date): Promise<SaudePix> => {
  const [armazenado, checkpoint, filas] = await Promise.all([
    buscarPixArmazenado(db),
    buscarCheckpointConciliacao(db),
    filasPix(db),
  ]);
  const maisAntiga = filas.notificacaoMaisAntiga;
  return {
    ...statusPix(armazenado),
    ultima_conciliacao: checkpoint,
    notificacoes_pendentes: {
      quantidade: filas.notificacoesPendentes,
      mais_antiga_em: maisAntiga?.toISOString() ?? null,
      mais_antiga_ha_segundos:
        maisAntiga && Math.max(0, Math.floor((agora.getTime() - maisAntiga.getTime()) / 1000)),
    },
    creditos_sem_correspondencia: {
      quantidade: filas.creditos,
      total: centavosParaReais(filas.creditosCentavos),
    },
    remocoes_pendentes: filas.remocoesPendentes,
    mensagens_aguardando_cobranca: {
      quantidade: filas.aguardandoCobranca,
      mais_antiga_proxima_tentativa_em: filas.aguardandoCobrancaProximaTentativa?.toISOString() ?? null,
    },
  };
};

const saude = async (database: Database): Promise<Saude> => {
  const { db } = database;
  const agora = new Date();
  const [fila, execucao, regua24h, canal, killSwitchAtivo, pix] = await Promise.all([
    contarFilaPendente(db),
    ultimaExecucaoRegua(db),
    resumoRegua24h(db, agora),
    buscarWhatsappStatus(db),
    buscarKillSwitchAtivo(db),
    saudePix(db, agora),
  ]);
  return {
    versao: APP_VERSION,
    banco: database.kind,
    fila_pendente: fila,
    ultima_execucao_regua: execucao ? resumoExecucao(execucao) : null,
    regua_24h: regua24h,
    canal,
    automacao_ativa: killSwitchAtivo,
    pix,
  };
};

/** System health and the automation kill switch (docs/produto.md §16; super-admin group). */
export const saudeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/super-admin/saude',
    {
      schema: {
        tags: ['super-admin'],
        summary:
          'Saúde do sistema: versão, banco, fila, última execução e últimas 24 h da régua, canal e PIX',
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
