import {
  DEFAULT_PAGE_SIZE,
  errorResponse,
  idParam,
  importacaoDetalhe,
  importacaoRelatorio,
  importacaoResumo,
  paged,
  pageQuery,
  validationErrorResponse,
} from '@cobranca/contracts';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOffset, toPaged } from '../../lib/paging.ts';
import { authErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { escopoDe } from '../clientes/escopo-operador.ts';
import { CAMPO_CSV, naoCsv } from './csv/ler-csv.ts';
import { detalharImportacao, type EscopoImportacoes, listarImportacoes } from './importacoes.repository.ts';
import { importarCsv } from './importar-csv.service.ts';
import { CAMPO_XML, importarXml } from './importar-xml.service.ts';
import { templateClientesCsv } from './template-csv.ts';
import { comArquivosRecebidos, LIMITES_MULTIPART } from './upload.ts';

const tags = ['importacoes'];
const umArquivoCsv = () => naoCsv('Envie um único arquivo CSV por importação.');
const respostasImportacao = { 200: importacaoRelatorio, 422: validationErrorResponse, ...authErrors };

/** The list and report routes, for an operator (own imports) or an admin (all). */
const historicoRoutes =
  (prefixo: string, escopoDaLista: (request: FastifyRequest) => EscopoImportacoes): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${prefixo}/importacoes`,
      {
        schema: {
          tags,
          summary: 'Histórico de importações, mais recentes primeiro, 20 por página',
          querystring: pageQuery,
          response: { 200: paged(importacaoResumo), 422: validationErrorResponse, ...authErrors },
        },
      },
      async (request) => {
        const { page } = request.query;
        const pagina = { limit: DEFAULT_PAGE_SIZE, offset: pageOffset(page, DEFAULT_PAGE_SIZE) };
        const { rows, total } = await listarImportacoes(app.db, escopoDaLista(request), pagina);
        return toPaged(rows, total, page, DEFAULT_PAGE_SIZE);
      },
    );

    app.get(
      `${prefixo}/importacoes/:id`,
      {
        schema: {
          tags,
          summary: 'Relatório de uma importação: totais e problemas por linha ou arquivo',
          params: idParam,
          response: {
            200: importacaoDetalhe,
            404: errorResponse,
            422: validationErrorResponse,
            ...authErrors,
          },
        },
      },
      async (request) => detalharImportacao(app.db, escopoDaLista(request), request.params.id),
    );
  };

/** docs/produto.md §14 for the operator: the CSV template, both imports and their history. */
export const importacoesOperadorRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: LIMITES_MULTIPART });

  app.get(
    '/api/operador/clientes/template-csv',
    {
      schema: {
        tags,
        summary: 'Modelo template_clientes.csv com o cabeçalho e dois exemplos',
        // Per status: the file is CSV, the errors are the API's JSON.
        response: {
          200: { description: 'O modelo CSV.', content: { 'text/csv': { schema: z.string() } } },
          ...authErrors,
        },
      },
    },
    async (_request, reply) =>
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="template_clientes.csv"')
        .header('Cache-Control', 'no-store')
        .send(templateClientesCsv(new Date())),
  );

  app.post(
    '/api/operador/clientes/importar-csv',
    {
      schema: {
        tags,
        summary: 'Importa clientes (e contas opcionais) de um CSV no campo csv_file',
        consumes: ['multipart/form-data'],
        multipart: { field: CAMPO_CSV, multiple: false, description: 'O arquivo CSV.' },
        response: respostasImportacao,
      },
    },
    async (request) =>
      comArquivosRecebidos(request, CAMPO_CSV, async (arquivos) => {
        const [arquivo, ...outros] = arquivos;
        if (!arquivo || outros.length > 0) throw umArquivoCsv();
        return importarCsv(app.db, escopoDe(request), atorDe(request), arquivo);
      }),
  );

  app.post(
    '/api/operador/contas-receber/importar-xml',
    {
      schema: {
        tags,
        summary: 'Importa contas a receber de NF-e 4.00: um ou mais .xml, ou um .zip, no campo arquivo_xml',
        consumes: ['multipart/form-data'],
        multipart: {
          field: CAMPO_XML,
          multiple: true,
          description: 'Um ou mais .xml de NF-e, ou um .zip deles.',
        },
        response: respostasImportacao,
      },
    },
    async (request) =>
      comArquivosRecebidos(request, CAMPO_XML, (arquivos) =>
        importarXml(app.db, escopoDe(request), atorDe(request), arquivos),
      ),
  );

  await app.register(historicoRoutes('/api/operador', escopoDe));
};

/** An admin sees every operator's imports (docs/produto.md §14). */
export const importacoesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(historicoRoutes('/api/admin', () => 'todas'));
};
