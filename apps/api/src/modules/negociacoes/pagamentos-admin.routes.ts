import { idempotencyHeaders, idParam, pagamentoBody, pagamentoResponse } from '@cobranca/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientes } from '../../db/schema/index.ts';
import { ErroDominio } from '../../lib/errors.ts';
import { acaoErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { idempotentDb } from '../../plugins/idempotency.ts';
import { registrarPagamento } from './pagamentos.service.ts';

/**
 * An admin records a payment, also of a prescribed receivable (a debtor may still pay one it may not be
 * asked for: docs/produto.md §7, decision 036), as the customer's operator would: same checks, receipt
 * and audit, by the admin.
 */
export const pagamentosAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/clientes/:id/pagamentos',
    {
      config: { idempotencia: true },
      schema: {
        tags: ['negociacoes'],
        summary: 'Registrar um pagamento, também o espontâneo de uma conta prescrita',
        params: idParam,
        headers: idempotencyHeaders,
        body: pagamentoBody,
        response: { 201: pagamentoResponse, ...acaoErrors },
      },
    },
    async (request, reply) => {
      const [cliente] = await app.db
        .select({ operadorId: clientes.operadorId })
        .from(clientes)
        .where(eq(clientes.id, request.params.id));
      if (!cliente) throw new ErroDominio('CLIENTE_NAO_ENCONTRADO', 'Cliente não encontrado.');
      if (cliente.operadorId === null)
        throw new ErroDominio(
          'ASSUMA_ANTES',
          'Atribua o cliente a um operador antes de registrar o pagamento.',
        );
      const registrado = await registrarPagamento(
        idempotentDb(request, app.db),
        app.appKey,
        { operadorId: cliente.operadorId },
        request.params.id,
        request.body,
        atorDe(request),
        { aceitarPrescritas: true },
      );
      return reply.code(201).send(registrado);
    },
  );
};
