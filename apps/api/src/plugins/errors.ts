import type { CodigoErro } from '@cobranca/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DISK_FULL_MESSAGE, isDiskFull } from '../db/disk-full.ts';
import { ErroDominio, type FieldErrors, VALIDATION_MESSAGE } from '../lib/errors.ts';

type ValidationItem = {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
};

const CONTEXT_FIELD: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

/**
 * Groups validation issues by field name (`contas.0`, `email`); unknown keys are reported on each key.
 * Field names come from the client (`constructor`, `__proto__`…), so they are collected in a Map, never
 * as members of a plain object whose prototype already has them.
 */
export const fieldErrorsFrom = (items: ValidationItem[], context = 'body'): FieldErrors => {
  const errors = new Map<string, string[]>();
  const add = (field: string, message: string) => {
    errors.set(field, [...(errors.get(field) ?? []), message]);
  };
  for (const item of items) {
    const field =
      item.instancePath.replace(/^\//, '').replaceAll('/', '.') || (CONTEXT_FIELD[context] ?? context);
    if (item.keyword === 'unrecognized_keys' && Array.isArray(item.params.keys)) {
      for (const key of item.params.keys)
        add(field === 'body' ? String(key) : `${field}.${key}`, 'Campo não permitido.');
    } else {
      add(field, item.message ?? 'Valor inválido.');
    }
  }
  return Object.fromEntries(errors);
};

/** Fastify's own 4xx (no domain error behind them): the code and message each status gets. */
export const GENERICOS: Record<number, { code: CodigoErro; message: string }> = {
  400: { code: 'REQUISICAO_INVALIDA', message: 'Requisição inválida.' },
  404: { code: 'ROTA_NAO_ENCONTRADA', message: 'Recurso não encontrado.' },
  405: { code: 'METODO_NAO_PERMITIDO', message: 'Método não permitido.' },
  406: { code: 'FORMATO_NAO_SUPORTADO', message: 'Formato de resposta não suportado.' },
  413: { code: 'CORPO_GRANDE_DEMAIS', message: 'A requisição excede o tamanho máximo permitido.' },
  414: { code: 'ENDERECO_LONGO_DEMAIS', message: 'O endereço da requisição é longo demais.' },
  415: { code: 'TIPO_DE_CONTEUDO_NAO_SUPORTADO', message: 'Tipo de conteúdo não suportado.' },
  429: { code: 'MUITAS_REQUISICOES', message: 'Muitas requisições. Tente novamente em instantes.' },
};
const GENERICO_400 = { code: 'REQUISICAO_INVALIDA', message: 'Requisição inválida.' } as const;

/** The body of every error answer (docs/produto.md §18); a 422 always carries `errors`. */
export const corpoDoErro = (erro: ErroDominio) =>
  erro.errors || erro.statusCode === 422
    ? { code: erro.code, message: erro.message, errors: erro.errors ?? {} }
    : { code: erro.code, message: erro.message };

const responder = (reply: FastifyReply, erro: ErroDominio) =>
  reply.code(erro.statusCode).send(corpoDoErro(erro));

const JSON_BODY_ERRORS = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_BODY_TOO_LARGE',
]);
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

const isDatabaseUnavailable = (error: unknown): boolean => {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as NodeJS.ErrnoException).code;
    if (code && DATABASE_DOWN_CODES.has(code)) return true;
    if (/Connection terminated|timeout exceeded when trying to connect/i.test(current.message)) return true;
  }
  return false;
};

/**
 * Failures the router meets before a route is found (a malformed URL, a path parameter over the
 * length limit) get the app's JSON shape too; Fastify's own body would echo the path back.
 */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  // No route means no onSend hooks: the headers every answer carries are set here.
  return reply
    .code(status)
    .headers({ 'x-request-id': request.id, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
    .send(GENERICOS[status]);
};

/** One place that turns every failure into the JSON shape of docs/produto.md §18; no stack trace leaves the server. */
const plugin = async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ErroDominio) return responder(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrorsFrom(error.validation, error.validationContext);
      return responder(reply, new ErroDominio('DADOS_INVALIDOS', VALIDATION_MESSAGE, errors));
    }
    if (error.code && JSON_BODY_ERRORS.has(error.code) && error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const detail =
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'O corpo da requisição está vazio.'
          : 'O corpo da requisição não é um JSON válido.';
      return responder(reply, new ErroDominio('DADOS_INVALIDOS', VALIDATION_MESSAGE, { body: [detail] }));
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.code(status).send(GENERICOS[status] ?? GENERICO_400);
    }
    // Before "unavailable": a full disk does not fix itself, and the message says what to do.
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'sem espaço em disco: o banco recusou a gravação (disk_full/ENOSPC)');
      return responder(reply, new ErroDominio('SEM_ESPACO_EM_DISCO', DISK_FULL_MESSAGE));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'banco de dados indisponível');
      const mensagem = 'Serviço temporariamente indisponível. Tente novamente em instantes.';
      return responder(reply, new ErroDominio('BANCO_INDISPONIVEL', mensagem));
    }
    request.log.error({ err: error }, 'erro não tratado');
    return responder(reply, new ErroDominio('ERRO_INTERNO', 'Erro interno do servidor.'));
  });
};

export const errorsPlugin = fp(plugin, { name: 'errors' });
