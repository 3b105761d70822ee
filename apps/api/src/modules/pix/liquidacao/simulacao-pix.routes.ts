import { idParam, simularPagamentoPixResponse } from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acaoErrors } from '../../../lib/route-schemas.ts';
import { atorDe } from '../../../plugins/access.ts';
import { escopoDe } from '../../clientes/escopo-operador.ts';
import { simularPagamentoPix } from './simulacao-pix.service.ts';

// Paying a customer's charge on the simulator (docs/produto.md §21); access comes from the operador group.

const tags = ['pix'];
const txidParam = idParam.extend({
  txid: z.string().regex(/^[A-Za-z0-9]{26,35}$/, 'txid inválido.'),
});

export const simulacaoPixRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/operador/clientes/:id/cobrancas-pix/:txid/simular-pagamento',
    {
      schema: {
        tags,
        summary: 'Simular o pagamento de uma cobrança (só com o simulador PIX ativo)',
        params: txidParam,
        response: { 200: simularPagamentoPixResponse, ...acaoErrors },
      },
    },
    async (request) =>
      simularPagamentoPix(
        app.db,
        app.appKey,
        escopoDe(request),
        request.params.id,
        request.params.txid,
        atorDe(request),
      ),
  );
};
