import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { clientes } from '../../db/schema/index.ts';
import { sessionOf } from '../../plugins/access.ts';

/**
 * The calling operator: derived once per request by the operator route group and bound into every
 * repository of customer-owned data (docs/produto.md §4). Nothing else builds one.
 */
export type EscopoOperador = { readonly operadorId: number };

/**
 * A server process acting on any customer with no operator behind it (a PIX the PSP confirmed,
 * docs/produto.md §21): never built from a request, so no route can reach another operator's data with it.
 */
export type EscopoSistema = { readonly operadorId: null };
export const ESCOPO_SISTEMA: EscopoSistema = Object.freeze({ operadorId: null });

/** What the repositories shared by the operator routes and the settlement of PIX are bound to. */
export type Escopo = EscopoOperador | EscopoSistema;

declare module 'fastify' {
  interface FastifyRequest {
    escopoOperador: EscopoOperador | null;
  }
}

/** Customers the operator owns (every customer for the system). */
export const doOperador = (escopo: Escopo): SQL =>
  escopo.operadorId === null ? sql`true` : eq(clientes.operadorId, escopo.operadorId);

/** Customers the operator may see: their own, plus the unassigned ones waiting for service. */
export const visivelAoOperador = (escopo: Escopo): SQL =>
  escopo.operadorId === null
    ? sql`true`
    : (or(
        doOperador(escopo),
        and(isNull(clientes.operadorId), eq(clientes.status, 'aguardando_atendimento')),
      ) as SQL);

/** A child-table row (receivable, payment, message…) whose customer the operator owns. */
export const deClienteDoOperador = (clienteId: AnyPgColumn, escopo: Escopo): SQL =>
  escopo.operadorId === null
    ? sql`true`
    : sql`${clienteId} IN (SELECT ${clientes.id} FROM ${clientes} WHERE ${doOperador(escopo)})`;

/** A child-table row whose customer the operator may see. */
export const deClienteVisivel = (clienteId: AnyPgColumn, escopo: EscopoOperador): SQL =>
  sql`${clienteId} IN (SELECT ${clientes.id} FROM ${clientes} WHERE ${visivelAoOperador(escopo)})`;

/** The scope the operator route group derived for this request. */
export const escopoDe = (request: FastifyRequest): EscopoOperador => {
  if (!request.escopoOperador) throw new Error('rota fora do grupo do operador pediu o escopo do operador');
  return request.escopoOperador;
};

/** Registered inside the operator route group: every request there carries its caller's scope. */
export const escopoOperadorPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('escopoOperador', null);
    app.addHook('preHandler', async (request) => {
      request.escopoOperador = { operadorId: sessionOf(request).user.id };
    });
  },
  { name: 'escopo-operador', dependencies: ['access'] },
);
