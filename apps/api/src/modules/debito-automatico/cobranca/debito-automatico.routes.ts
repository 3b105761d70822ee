import {
  debitoAutomaticoDisponibilidade,
  debitoCanceladoResponse,
  debitoSimulacaoBody,
  debitoSimuladoResponse,
  idempotencyHeaders,
  negociacaoParams,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acaoErrors, authErrors } from '../../../lib/route-schemas.ts';
import { atorDe } from '../../../plugins/access.ts';
import { idempotentDb } from '../../../plugins/idempotency.ts';
import { escopoDe } from '../../clientes/escopo-operador.ts';
import { buscarSistemaSettings } from '../../configuracoes/configuracoes.repository.ts';
import { motivoSemDebitoAutomatico } from '../adesao/oferta.ts';
import { cancelarDebitoAutomatico } from './cancelar-debito.ts';
import { simularDebitoAutomatico } from './simular-debito.ts';

// An agreement's automatic debit in the operator's workspace (docs/pix-automatico.md): whether it can be
// offered now, and cancelling it. Access comes from the operador group.

const tags = ['negociacoes'];

export const debitoAutomaticoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/operador/debito-automatico',
    {
      schema: {
        tags,
        summary: 'Se os acordos podem ter débito automático por PIX agora, e por que não',
        response: { 200: debitoAutomaticoDisponibilidade, ...authErrors },
      },
    },
    async () => {
      const motivo = await motivoSemDebitoAutomatico(app.db, app.appKey, await buscarSistemaSettings(app.db));
      return { disponivel: motivo === null, motivo };
    },
  );

  app.post(
    '/api/operador/clientes/:id/negociacoes/:negociacaoId/debito-automatico/cancelar',
    {
      config: { idempotencia: true },
      schema: {
        tags,
        summary: 'Cancelar o débito automático (PIX Automático) de um acordo',
        params: negociacaoParams,
        headers: idempotencyHeaders,
        response: { 200: debitoCanceladoResponse, ...acaoErrors },
      },
    },
    async (request) =>
      cancelarDebitoAutomatico(
        idempotentDb(request, app.db),
        app.appKey,
        escopoDe(request),
        request.params.id,
        request.params.negociacaoId,
        atorDe(request),
      ),
  );

  app.post(
    '/api/operador/clientes/:id/negociacoes/:negociacaoId/debito-automatico/simular',
    {
      schema: {
        tags,
        summary: 'Simular o lado do cliente no débito automático (só com o simulador PIX ativo)',
        params: negociacaoParams,
        body: debitoSimulacaoBody,
        response: { 200: debitoSimuladoResponse, ...acaoErrors },
      },
    },
    async (request) =>
      simularDebitoAutomatico(
        app.db,
        app.appKey,
        escopoDe(request),
        request.params.id,
        request.params.negociacaoId,
        request.body.acao,
        atorDe(request),
      ),
  );
};
