import {
  boletoContaBody,
  contaListada,
  contaReceber,
  contasClienteResponse,
  contasListarQuery,
  contasResumoResponse,
  errorResponse,
  idParam,
  paged,
  RECEIVABLES_PAGE_SIZE,
  validationErrorResponse,
} from '@cobranca/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { pageOffset, toPaged } from '../../lib/paging.ts';
import { authErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { escopoDe } from '../clientes/escopo-operador.ts';
import { buscarAtualizacao } from '../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { salvarBoletoDaConta } from './boleto-da-conta.service.ts';
import { ContasDoOperador, type FiltroContas } from './contas-receber.repository.ts';

const tags = ['contas-receber'];

/** docs/produto.md §7: the web omits empty filters; a hand-made `?status=&vencidas=` means the same as none. */
export const omitirFiltrosVazios = async (request: FastifyRequest) => {
  const query = request.query as Record<string, unknown>;
  for (const [chave, valor] of Object.entries(query)) {
    if (chave !== 'page' && valor === '') delete query[chave];
  }
};

/** The repository filter of a list query; the list and its export share it (docs/decisions/020-exportacao.md). */
export const filtroDasContas = (q: Omit<z.infer<typeof contasListarQuery>, 'page'>): FiltroContas => ({
  status: q.status,
  vencidas: q.vencidas,
  vencimentoDe: q.vencimento_de,
  vencimentoAte: q.vencimento_ate,
  busca: q.busca,
  clienteId: q.cliente_id,
  ordem: q.ordem ? { chave: q.ordem, sentido: q.sentido ?? 'asc' } : undefined,
});

/** The operator's receivables (docs/produto.md §7); access comes from the operador group. */
export const contasReceberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/operador/contas-receber/resumo',
    {
      schema: {
        tags,
        summary: 'Resumo das contas dos meus clientes: abertas, valor em aberto, vencidas, clientes',
        response: { 200: contasResumoResponse, ...authErrors },
      },
    },
    async (request) =>
      // "Overdue" compares due dates with today in the configured zone.
      new ContasDoOperador(app.db, escopoDe(request)).resumir(
        new Date(),
        (await buscarSistemaSettings(app.db)).fuso_horario,
      ),
  );

  app.get(
    '/api/operador/contas-receber/listar',
    {
      preValidation: omitirFiltrosVazios,
      schema: {
        tags,
        summary: 'Contas dos meus clientes por vencimento (ou ?ordem=), 15 por página, com filtros',
        querystring: contasListarQuery,
        response: {
          200: paged(contaListada),
          404: errorResponse,
          422: validationErrorResponse,
          ...authErrors,
        },
      },
    },
    async (request) => {
      const { page } = request.query;
      const pagina = { limit: RECEIVABLES_PAGE_SIZE, offset: pageOffset(page, RECEIVABLES_PAGE_SIZE) };
      const { rows, total } = await new ContasDoOperador(app.db, escopoDe(request)).listar(
        filtroDasContas(request.query),
        pagina,
        await buscarAtualizacao(app.db),
      );
      return toPaged(rows, total, page, RECEIVABLES_PAGE_SIZE);
    },
  );

  app.get(
    '/api/operador/contas-receber/cliente/:id',
    {
      schema: {
        tags,
        summary: 'Todas as contas de um cliente meu, por vencimento',
        params: idParam,
        response: {
          200: contasClienteResponse,
          404: errorResponse,
          422: validationErrorResponse,
          ...authErrors,
        },
      },
    },
    async (request) =>
      new ContasDoOperador(app.db, escopoDe(request)).listarDoClienteOrThrow(
        request.params.id,
        await buscarAtualizacao(app.db),
      ),
  );

  app.put(
    '/api/operador/contas-receber/:id/boleto',
    {
      schema: {
        tags,
        summary: 'Informa (ou remove, com tudo vazio) o boleto de uma conta de um cliente meu',
        params: idParam,
        body: boletoContaBody,
        response: { 200: contaReceber, 404: errorResponse, 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request) =>
      salvarBoletoDaConta(app.db, escopoDe(request), request.params.id, request.body, atorDe(request)),
  );
};
