import {
  canalOperadorResponse,
  idParam,
  simularRespostaBody,
  simularRespostaResponse,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acaoErrors, authErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { buscarWhatsappArmazenado } from '../canais/whatsapp-settings.repository.ts';
import { escopoDe } from '../clientes/escopo-operador.ts';
import { simularResposta } from './receber-mensagem.service.ts';

const tags = ['mensagens'];

/** The simulator's side of the workspace (docs/produto.md §12): which channel is on, and a customer's reply typed by hand. */
export const simuladorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/operador/canal',
    {
      schema: {
        tags,
        summary: 'Canal de mensagens ativo (a simulação de respostas só existe no Simulador)',
        response: { 200: canalOperadorResponse, ...authErrors },
      },
    },
    async () => {
      const { provedor } = await buscarWhatsappArmazenado(app.db);
      return { provedor, simulador: provedor === 'simulador' };
    },
  );

  app.post(
    '/api/operador/clientes/:id/simular-resposta',
    {
      schema: {
        tags,
        summary: 'Simular uma resposta do cliente (como se tivesse chegado pelo canal)',
        params: idParam,
        body: simularRespostaBody,
        response: {
          201: simularRespostaResponse,
          ...acaoErrors,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await simularResposta(
            app.db,
            escopoDe(request),
            request.params.id,
            request.body.texto,
            atorDe(request),
          ),
        ),
  );
};
