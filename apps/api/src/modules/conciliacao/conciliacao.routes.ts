import { readFile } from 'node:fs/promises';
import {
  arquivoBancarioView,
  atribuirLancamentoBody,
  decisaoLancamentoResponse,
  descartarLancamentoBody,
  errorResponse,
  idempotencyHeaders,
  idParam,
  itemRevisaoConciliacao,
  paged,
  pageQuery,
  resultadoArquivoBancario,
  validationErrorResponse,
} from '@cobranca/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErroDominio } from '../../lib/errors.ts';
import { acaoErrors, authErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { idempotentDb } from '../../plugins/idempotency.ts';
import { percentuaisDe } from '../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { comArquivosRecebidos, LIMITES_MULTIPART, recusarArquivo } from '../importacoes/upload.ts';
import { listarArquivos, listarRevisao, resultadoDoArquivo } from './conciliacao.views.ts';
import { CAMPO_ARQUIVO, importarArquivoBancario } from './importar-arquivo.service.ts';
import { atribuirLancamento, descartarLancamento } from './revisao.service.ts';

const tags = ['conciliacao'];

const SEM_PERMISSAO =
  'O administrador não liberou a importação de arquivos do banco para operadores (Config. do Sistema).';

/** The import route: the admin's, and the operators' when the admin allows it (docs/conciliacao.md §2). */
const rotaDeImportacao =
  (url: string, permitido: (app: FastifyInstance) => Promise<boolean>): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { ...LIMITES_MULTIPART, files: 1 } });
    app.post(
      url,
      {
        schema: {
          tags,
          summary:
            'Importa um retorno CNAB 240/400 ou um extrato OFX (campo arquivo): liquida o que é certo, põe em revisão o que não é',
          consumes: ['multipart/form-data'],
          multipart: {
            field: CAMPO_ARQUIVO,
            multiple: false,
            description: 'O arquivo do banco (.ret, .txt, .ofx).',
          },
          response: { 200: resultadoArquivoBancario, 422: validationErrorResponse, ...authErrors },
        },
      },
      async (request) => {
        if (!(await permitido(app))) throw new ErroDominio('SEM_PERMISSAO', SEM_PERMISSAO);
        return comArquivosRecebidos(request, CAMPO_ARQUIVO, async (arquivos) => {
          const [arquivo, ...outros] = arquivos;
          if (!arquivo || outros.length > 0)
            throw recusarArquivo(CAMPO_ARQUIVO, 'Envie um único arquivo do banco por importação.');
          const bytes = await readFile(arquivo.caminho);
          const { arquivoId, repetido } = await importarArquivoBancario(
            app.db,
            app.appKey,
            { nome: arquivo.nome, bytes },
            atorDe(request),
          );
          return resultadoDoArquivo(app.db, arquivoId, repetido);
        });
      },
    );
  };

const operadoresImportam = async (app: FastifyInstance) =>
  (await buscarSistemaSettings(app.db)).conciliacao_operadores;

/** An operator imports the bank's files when the admin allows it; the review stays the admin's. */
export const conciliacaoOperadorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/operador/conciliacao',
    {
      schema: {
        tags,
        summary: 'Se o administrador liberou a importação de arquivos do banco para operadores',
        response: { 200: z.object({ permitido: z.boolean() }), ...authErrors },
      },
    },
    async () => ({ permitido: await operadoresImportam(app) }),
  );
  await app.register(rotaDeImportacao('/api/operador/conciliacao/arquivos', operadoresImportam));
};

/** Bank reconciliation (docs/conciliacao.md): the files in, their results, the review queue. */
export const conciliacaoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(rotaDeImportacao('/api/admin/conciliacao/arquivos', async () => true));

  app.get(
    '/api/admin/conciliacao/arquivos',
    {
      schema: {
        tags,
        summary: 'Arquivos bancários importados, mais recentes primeiro, 20 por página',
        querystring: pageQuery,
        response: { 200: paged(arquivoBancarioView), 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request) => listarArquivos(app.db, request.query.page),
  );

  app.get(
    '/api/admin/conciliacao/arquivos/:id',
    {
      schema: {
        tags,
        summary: 'Resultado de um arquivo bancário: totais e o desfecho de cada lançamento',
        params: idParam,
        response: {
          200: resultadoArquivoBancario,
          404: errorResponse,
          422: validationErrorResponse,
          ...authErrors,
        },
      },
    },
    async (request) => resultadoDoArquivo(app.db, request.params.id, false),
  );

  app.get(
    '/api/admin/conciliacao/revisao',
    {
      schema: {
        tags,
        summary: 'Fila de revisão: lançamentos sem correspondência certa, com os melhores candidatos',
        querystring: pageQuery,
        response: { 200: paged(itemRevisaoConciliacao), 422: validationErrorResponse, ...authErrors },
      },
    },
    async (request) =>
      listarRevisao(app.db, request.query.page, percentuaisDe(await buscarSistemaSettings(app.db))),
  );

  app.post(
    '/api/admin/conciliacao/revisao/:id/atribuir',
    {
      // Money records: a repeated Idempotency-Key answers the first answer again (decision 012).
      config: { idempotencia: true },
      schema: {
        tags,
        summary:
          'Atribui o lançamento (ou parte dele) a uma conta ou às contas em aberto de um cliente; o que sobra continua em revisão',
        params: idParam,
        headers: idempotencyHeaders,
        body: atribuirLancamentoBody,
        response: { 200: decisaoLancamentoResponse, ...acaoErrors },
      },
    },
    async (request) =>
      atribuirLancamento(
        idempotentDb(request, app.db),
        app.appKey,
        request.params.id,
        request.body,
        atorDe(request),
      ),
  );

  app.post(
    '/api/admin/conciliacao/revisao/:id/descartar',
    {
      config: { idempotencia: true },
      schema: {
        tags,
        summary: 'Marca o lançamento como "não é cobrança": sai da fila sem liquidar nada',
        params: idParam,
        headers: idempotencyHeaders,
        body: descartarLancamentoBody,
        response: { 200: decisaoLancamentoResponse, ...acaoErrors },
      },
    },
    async (request) =>
      descartarLancamento(idempotentDb(request, app.db), request.params.id, request.body, atorDe(request)),
  );
};
