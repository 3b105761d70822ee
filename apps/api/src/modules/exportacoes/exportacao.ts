import { PassThrough } from 'node:stream';
import {
  ACAO_EXPORTACAO,
  errorResponse,
  type FormatoExportacao,
  TIPO_ARQUIVO,
  validationErrorResponse,
} from '@cobranca/contracts';
import { contagem, hojeNoFuso } from '@cobranca/dominio';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ErroDominio } from '../../lib/errors.ts';
import { authErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { type Aba, escreverPlanilha } from './planilha.ts';
import { naVezDoProcesso } from './ritmo.ts';
import { ESPERA_SEGUNDOS, EXPORTACAO_EM_ANDAMENTO, tomarVez } from './vez.ts';

/**
 * Rows read per batch: big enough for few round trips (each batch query has a fixed cost: batches of
 * 500 made the 100 000-row export 2.5 times slower), small enough that a batch's memory is nothing.
 */
export const TAMANHO_LOTE = 2000;

/** The answers of an export route, for the OpenAPI document: the file by format, or the API's JSON errors. */
export const respostasExportacao = {
  200: {
    description: 'O arquivo (CSV para o Excel pt-BR ou XLSX), como anexo.',
    content: {
      [TIPO_ARQUIVO.csv]: { schema: z.string() },
      [TIPO_ARQUIVO.xlsx]: { schema: z.string().meta({ format: 'binary' }) },
    },
  },
  404: errorResponse,
  422: validationErrorResponse,
  429: errorResponse,
  ...authErrors,
};

export type Exportacao = {
  /** The file name's start: `clientes-ativos` → `clientes-ativos-2025-06-01.xlsx`. */
  arquivo: string;
  /** What was exported, for the audit entry ("Clientes ativos"). */
  titulo: string;
  formato: FormatoExportacao;
  /** The query's filters, search and order as the caller sent them (the audit entry keeps them). */
  filtros: Record<string, unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: each table has its own row type; the columns match it.
  abas: Aba<any>[];
};

/** The query without what only says how to deliver it: the filters an audit entry records. */
export const filtrosDaExportacao = (query: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(query).filter(
      ([chave, valor]) => chave !== 'formato' && chave !== 'page' && valor !== undefined,
    ),
  );

/**
 * Answers with the file and writes it as the batches come (docs/decisions/020-exportacao.md). Whatever
 * can fail with a clean error (validation, a customer out of reach, a second export of the same user:
 * 429, decision 033) has run before this, and so has the audit entry, with the count of rows selected:
 * a download the client cuts short is still an export on record. From the first byte the status is
 * 200 and a failure can only cut the download.
 */
export const enviarExportacao = async (
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  /** Selects the rows (their ids) once the turn is taken: a refused export costs no query. */
  montar: () => Promise<Exportacao>,
): Promise<FastifyReply> => {
  const ator = atorDe(request);
  const vez = await tomarVez(db, ator.usuarioId);
  if (!vez) {
    reply.header('retry-after', ESPERA_SEGUNDOS);
    throw new ErroDominio('MUITAS_REQUISICOES', EXPORTACAO_EM_ANDAMENTO);
  }
  try {
    const { arquivo, titulo, formato, filtros, abas } = await naVezDoProcesso(montar);
    const fuso = (await buscarSistemaSettings(db)).fuso_horario;
    const nome = `${arquivo}-${hojeNoFuso(new Date(), fuso)}.${formato}`;
    const linhas = abas.reduce((soma, aba) => soma + aba.linhas, 0);
    await registrarAuditoria(db, {
      usuarioId: ator.usuarioId,
      acao: ACAO_EXPORTACAO,
      descricao: `Exportou ${titulo} em ${formato.toUpperCase()} (${contagem(linhas, 'linha', 'linhas')})`,
      entidade: 'exportacao',
      entidadeId: arquivo,
      detalhes: { lista: arquivo, formato, filtros, linhas },
      ip: ator.ip,
    });
    const destino = new PassThrough();
    // A turn that cannot be freed only costs its lease (60 s): never the download.
    const liberar = () =>
      vez
        .liberar()
        .catch((erro: unknown) => request.log.error({ err: erro }, 'vez da exportação não liberada'));
    escreverPlanilha(destino, formato, abas, { fuso, aCadaLote: vez.renovar, antesDeFechar: liberar }).catch(
      (erro: unknown) => {
        request.log.error({ err: erro, arquivo: nome }, 'exportação interrompida');
        return liberar();
      },
    );
    return reply
      .header('Content-Type', formato === 'csv' ? `${TIPO_ARQUIVO.csv}; charset=utf-8` : TIPO_ARQUIVO.xlsx)
      .header('Content-Disposition', `attachment; filename="${nome}"`)
      .header('Cache-Control', 'no-store')
      .send(destino);
  } catch (erro) {
    await vez.liberar();
    throw erro;
  }
};
