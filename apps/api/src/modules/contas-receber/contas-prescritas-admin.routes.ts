import { contaReceber, errorResponse, idParam } from '@cobranca/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientes, contasReceber } from '../../db/schema/index.ts';
import { ErroDominio } from '../../lib/errors.ts';
import { authErrors } from '../../lib/route-schemas.ts';
import { buscarAtualizacao } from '../clientes/valor-atualizado.ts';
import { toContaReceber } from './conta-receber.mapper.ts';

/**
 * A customer's prescribed receivables for the admin (docs/produto.md §7, decision 036): never collected,
 * shown with what is still owed so a debtor's spontaneous payment can be recorded.
 */
export const contasPrescritasAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/clientes/:id/contas-prescritas',
    {
      schema: {
        tags: ['contas-receber'],
        summary: 'Contas prescritas de um cliente (vencidas há mais de 5 anos), com o valor atualizado',
        params: idParam,
        response: { 200: z.array(contaReceber), 404: errorResponse, ...authErrors },
      },
    },
    async (request) => {
      const [cliente] = await app.db
        .select({ id: clientes.id })
        .from(clientes)
        .where(eq(clientes.id, request.params.id));
      if (!cliente) throw new ErroDominio('CLIENTE_NAO_ENCONTRADO', 'Cliente não encontrado.');
      const [contas, atualizacao] = await Promise.all([
        app.db
          .select()
          .from(contasReceber)
          .where(and(eq(contasReceber.clienteId, cliente.id), eq(contasReceber.status, 'prescrita')))
          .orderBy(asc(contasReceber.vencimento), asc(contasReceber.id)),
        buscarAtualizacao(app.db),
      ]);
      return contas.map((conta) => toContaReceber(conta, atualizacao));
    },
  );
};
