import {
  idempotencyHeaders,
  idParam,
  negociacaoBody,
  negociacaoResponse,
  pagamentoBody,
  pagamentoResponse,
  promessaBody,
  promessaResponse,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { acaoErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { idempotentDb } from '../../plugins/idempotency.ts';
import { type EscopoOperador, escopoDe } from '../clientes/escopo-operador.ts';
import { criarNegociacao } from './negociacoes.service.ts';
import { registrarPagamento } from './pagamentos.service.ts';
import { registrarPromessa } from './promessas.service.ts';

const tags = ['negociacoes'];
// 409: the customer is still in the shared queue and must be taken over first; an Idempotency-Key still
// being processed (decision 012); a second pending promise for the same date.
// Money records: a repeated Idempotency-Key answers the first answer again (decision 012).
const config = { idempotencia: true };

/** What each of these writes gets: its transaction honours the Idempotency-Key (decision 012). */
type Contexto = { db: Db; appKey: Buffer; escopo: EscopoOperador; clienteId: number; ator: Ator };

type Registro<B extends z.ZodType, R extends z.ZodType> = {
  /** Below `/api/operador/clientes/:id/`. */
  rota: string;
  summary: string;
  body: B;
  response: R;
  executar: (c: Contexto, body: z.infer<B>) => Promise<z.infer<R>>;
};

/** Agreements, payments and promises of a customer (docs/produto.md §8–§10); access comes from the operador group. */
export const negociacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const registrar = <B extends z.ZodType, R extends z.ZodType>(r: Registro<B, R>) =>
    app.post(
      `/api/operador/clientes/:id/${r.rota}`,
      {
        config,
        schema: {
          tags,
          summary: r.summary,
          params: idParam,
          headers: idempotencyHeaders,
          body: r.body,
          // Typed per route where it is registered; here only the serializer needs it.
          response: { 201: r.response as z.ZodType, ...acaoErrors },
        },
      },
      async (request, reply) => {
        const contexto: Contexto = {
          db: idempotentDb(request, app.db),
          appKey: app.appKey,
          escopo: escopoDe(request),
          clienteId: request.params.id,
          ator: atorDe(request),
        };
        const resposta = await r.executar(contexto, request.body as z.infer<B>);
        return reply.code(201).send(resposta as never);
      },
    );

  // The terms with the first instalment's PIX, then each instalment's charge, are jobs the agreement's
  // transaction enqueues (docs/produto.md §8, §21): a slow PSP never holds the operator.
  registrar({
    rota: 'negociacoes',
    summary: 'Criar um acordo sobre contas em aberto',
    body: negociacaoBody,
    response: negociacaoResponse,
    executar: (c, body) => criarNegociacao(c.db, c.appKey, c.escopo, c.clienteId, body, c.ator),
  });
  registrar({
    rota: 'pagamentos',
    summary: 'Registrar um pagamento (total ou parcial) de uma conta',
    body: pagamentoBody,
    response: pagamentoResponse,
    executar: (c, body) => registrarPagamento(c.db, c.appKey, c.escopo, c.clienteId, body, c.ator),
  });
  registrar({
    rota: 'promessas',
    summary: 'Registrar uma promessa de pagamento',
    body: promessaBody,
    response: promessaResponse,
    executar: (c, body) => registrarPromessa(c.db, c.escopo, c.clienteId, body, c.ator),
  });
};
