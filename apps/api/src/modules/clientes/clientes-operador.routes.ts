import {
  clienteLista,
  clientesListaQuery,
  DEFAULT_PAGE_SIZE,
  errorResponse,
  idParam,
  paged,
  type SistemaSettings,
  validationErrorResponse,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { pageOffset, toPaged } from '../../lib/paging.ts';
import { authErrors } from '../../lib/route-schemas.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { filtrosDaQuery } from './clientes-lista-sql.ts';
import {
  ClientesDoOperador,
  type FiltroClientesOperador,
  type ListaOperador,
} from './clientes-operador.repository.ts';
import { type EscopoOperador, escopoDe } from './escopo-operador.ts';
import { atualizacaoDe } from './valor-atualizado.ts';

const tags = ['clientes'];
const schemaLista = (summary: string) => ({
  tags,
  summary,
  querystring: clientesListaQuery,
  response: { 200: paged(clienteLista), 422: validationErrorResponse, ...authErrors },
});

type ListaQuery = z.infer<typeof clientesListaQuery>;

/** The repository filter of a list query; the list and its export share it (docs/decisions/020-exportacao.md). */
export const filtroDaLista = (
  lista: ListaOperador,
  query: Omit<ListaQuery, 'page'>,
  settings: SistemaSettings,
): FiltroClientesOperador => ({
  lista,
  busca: query.busca,
  // Only the Ativos list filters by failures; the limit is the admin's setting (default 3).
  minimoChamadas: lista === 'ativos' && query.com_falhas ? settings.tentativas_com_falhas : undefined,
  filtros: filtrosDaQuery(query),
  ordem: query.ordem ? { chave: query.ordem, sentido: query.sentido ?? 'asc' } : undefined,
});

const listar = async (db: Db, escopo: EscopoOperador, lista: ListaOperador, query: ListaQuery) => {
  const settings = await buscarSistemaSettings(db);
  const pagina = { limit: DEFAULT_PAGE_SIZE, offset: pageOffset(query.page, DEFAULT_PAGE_SIZE) };
  const { rows, total } = await new ClientesDoOperador(db, escopo).listar(
    filtroDaLista(lista, query, settings),
    pagina,
    atualizacaoDe(settings, new Date()),
  );
  return toPaged(rows, total, query.page, DEFAULT_PAGE_SIZE);
};

// Sort keys (?ordem=&sentido=) and filters (?atraso_min=&atraso_max=&valor_min=&valor_max=&resposta=)
// are the same on the four lists; each list keeps its own default order.
export const LISTAS: { url: string; lista: ListaOperador; summary: string }[] = [
  {
    url: '/api/operador/clientes/ativos',
    lista: 'ativos',
    summary: 'Meus clientes ativos ou pausados, por nome (com_falhas=1: só os com falhas)',
  },
  {
    url: '/api/operador/clientes/aguardando-atendimento',
    lista: 'aguardando',
    summary: 'Clientes aguardando atendimento (meus e sem operador), resposta mais antiga primeiro',
  },
  {
    url: '/api/operador/clientes/em-atendimento',
    lista: 'em_atendimento',
    summary: 'Meus clientes em atendimento, mensagem mais recente primeiro',
  },
  {
    url: '/api/operador/clientes/concluidos',
    lista: 'concluidos',
    summary: 'Meus clientes concluídos, por nome',
  },
];

/** The operator's customer lists (docs/produto.md §5); access comes from the operador group. */
export const clientesOperadorRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { url, lista, summary } of LISTAS) {
    app.get(url, { schema: schemaLista(summary) }, async (request) =>
      listar(app.db, escopoDe(request), lista, request.query),
    );
  }

  // The workspace marks the conversation read when it opens it (decision 023): per operator, no audit
  // entry (reading changes nothing of the customer), and repeating it is harmless.
  app.post(
    '/api/operador/clientes/:id/lida',
    {
      schema: {
        tags,
        summary: 'Marcar as respostas do cliente como lidas por mim',
        params: idParam,
        response: { 204: z.null(), 404: errorResponse, 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      await new ClientesDoOperador(app.db, escopoDe(request)).marcarLida(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
