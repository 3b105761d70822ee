import {
  clienteStatusParam,
  exportarClientesAdminQuery,
  exportarClientesListaQuery,
  exportarContasQuery,
  exportarDashboardQuery,
  exportarLogsQuery,
  type FormatoExportacao,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { naOrdemDosIds } from '../../db/ids.ts';
import { idsDeLogs, listarLinhasDeLog } from '../auditoria/logs.repository.ts';
import { filtroDe as filtroDosLogs, toLogEntry } from '../auditoria/logs.service.ts';
import { clientesAdminDoLote, idsClientesAdmin } from '../clientes/clientes-admin.repository.ts';
import { filtroClientesAdmin } from '../clientes/clientes-admin.routes.ts';
import { ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import { filtroDaLista, LISTAS } from '../clientes/clientes-operador.routes.ts';
import { escopoDe } from '../clientes/escopo-operador.ts';
import { atualizacaoDe, buscarAtualizacao, percentuaisDe } from '../clientes/valor-atualizado.ts';
import { idsEmRevisao, itensDaRevisao } from '../conciliacao/conciliacao.views.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { ContasDoOperador } from '../contas-receber/contas-receber.repository.ts';
import { filtroDasContas, omitirFiltrosVazios } from '../contas-receber/contas-receber.routes.ts';
import {
  graficoMensal,
  operadoresDoMes,
  resumoAdminDashboard,
} from '../dashboards/admin-dashboard.repository.ts';
import {
  COLUNAS_CLIENTES_ADMIN,
  COLUNAS_CLIENTES_OPERADOR,
  COLUNAS_CONTAS,
  COLUNAS_GRAFICO,
  COLUNAS_INDICADORES,
  COLUNAS_LOGS,
  COLUNAS_OPERADORES,
  COLUNAS_REVISAO_CONCILIACAO,
  indicadoresDo,
} from './colunas.ts';
import { enviarExportacao, filtrosDaExportacao, respostasExportacao, TAMANHO_LOTE } from './exportacao.ts';
import { emLotes, numLote } from './planilha.ts';

// Exports (docs/produto.md §5 and §15, docs/decisions/020-exportacao.md): each list's route plus
// `/exportar`, the same query plus `formato`, every matching row. The ids come first, in the list's
// order and scope; then the rows come by batches of ids through the list's own filters and row
// mapping, so a file holds exactly what the screen shows, page after page.

const tags = ['exportacoes'];

/** Where each operator list's file name comes from: its URL's last segment. */
const nomeDaLista = (url: string) => `clientes-${url.split('/').pop()}`;

const TITULO_LISTA: Record<string, string> = {
  ativos: 'clientes ativos',
  aguardando: 'clientes aguardando atendimento',
  em_atendimento: 'clientes em atendimento',
  concluidos: 'clientes concluídos',
};

/** The operator's exports: the four customer lists and the receivables, in the caller's scope. */
export const exportacoesOperadorRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { url, lista } of LISTAS) {
    app.get(
      `${url}/exportar`,
      {
        schema: {
          tags,
          summary: `Exportar a lista (${TITULO_LISTA[lista]}) com os mesmos filtros e ordem, em CSV ou XLSX`,
          querystring: exportarClientesListaQuery,
          response: respostasExportacao,
        },
      },
      async (request, reply) =>
        enviarExportacao(app.db, request, reply, async () => {
          const settings = await buscarSistemaSettings(app.db);
          const atualizacao = atualizacaoDe(settings, new Date());
          const clientes = new ClientesDoOperador(app.db, escopoDe(request));
          const filtro = filtroDaLista(lista, request.query, settings);
          const ids = await clientes.idsDaLista(filtro, atualizacao.hoje);
          return {
            arquivo: nomeDaLista(url),
            titulo: TITULO_LISTA[lista] ?? lista,
            formato: request.query.formato,
            filtros: filtrosDaExportacao(request.query),
            abas: [
              {
                nome: 'Clientes',
                colunas: COLUNAS_CLIENTES_OPERADOR,
                ...emLotes(ids, TAMANHO_LOTE, (doLote) => clientes.doLote(filtro, doLote, atualizacao)),
              },
            ],
          };
        }),
    );
  }

  app.get(
    '/api/operador/contas-receber/exportar',
    {
      preValidation: omitirFiltrosVazios,
      schema: {
        tags,
        summary: 'Exportar as contas dos meus clientes com os mesmos filtros e ordem, em CSV ou XLSX',
        querystring: exportarContasQuery,
        response: respostasExportacao,
      },
    },
    async (request, reply) =>
      enviarExportacao(app.db, request, reply, async () => {
        const atualizacao = await buscarAtualizacao(app.db);
        const contas = new ContasDoOperador(app.db, escopoDe(request));
        const filtro = filtroDasContas(request.query);
        const ids = await contas.idsDasContas(filtro, atualizacao.hoje);
        return {
          arquivo: 'contas-a-receber',
          titulo: 'contas a receber',
          formato: request.query.formato,
          filtros: filtrosDaExportacao(request.query),
          abas: [
            {
              nome: 'Contas a receber',
              colunas: COLUNAS_CONTAS,
              ...emLotes(ids, TAMANHO_LOTE, async (doLote) => {
                const { rows } = await contas.listar(
                  { ...filtro, ids: doLote },
                  { limit: doLote.length, offset: 0 },
                  atualizacao,
                );
                return naOrdemDosIds(doLote, rows);
              }),
            },
          ],
        };
      }),
  );
};

/** The admin's exports: every customer (or one status), the logs and the dashboard's figures. */
export const exportacoesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const clientesAdmin = async (
    status: Parameters<typeof filtroClientesAdmin>[0],
    query: Parameters<typeof filtroClientesAdmin>[1] & { formato: FormatoExportacao },
  ) => {
    const atualizacao = await buscarAtualizacao(app.db);
    const filtro = filtroClientesAdmin(status, query);
    const ids = await idsClientesAdmin(app.db, filtro, atualizacao.hoje);
    return {
      arquivo: status ? `clientes-${status.replaceAll('_', '-')}` : 'clientes',
      titulo: 'clientes',
      formato: query.formato,
      filtros: { ...filtrosDaExportacao(query), ...(status ? { status } : {}) },
      abas: [
        {
          nome: 'Clientes',
          colunas: COLUNAS_CLIENTES_ADMIN,
          ...emLotes(ids, TAMANHO_LOTE, (doLote) => clientesAdminDoLote(app.db, filtro, doLote, atualizacao)),
        },
      ],
    };
  };

  app.get(
    '/api/admin/clientes/exportar',
    {
      schema: {
        tags,
        summary: 'Exportar todos os clientes com os mesmos filtros, busca e ordem, em CSV ou XLSX',
        querystring: exportarClientesAdminQuery,
        response: respostasExportacao,
      },
    },
    async (request, reply) =>
      enviarExportacao(app.db, request, reply, () => clientesAdmin(undefined, request.query)),
  );

  app.get(
    '/api/admin/clientes/por-status/:status/exportar',
    {
      schema: {
        tags,
        summary: 'Exportar os clientes de um status com os mesmos filtros, busca e ordem, em CSV ou XLSX',
        params: clienteStatusParam,
        querystring: exportarClientesAdminQuery,
        response: respostasExportacao,
      },
    },
    async (request, reply) =>
      enviarExportacao(app.db, request, reply, () => clientesAdmin(request.params.status, request.query)),
  );

  app.get(
    '/api/admin/logs/exportar',
    {
      schema: {
        tags,
        summary: 'Exportar os logs com os mesmos filtros (ação, usuário, período), em CSV ou XLSX',
        querystring: exportarLogsQuery,
        response: respostasExportacao,
      },
    },
    async (request, reply) =>
      enviarExportacao(app.db, request, reply, async () => {
        const fuso = (await buscarSistemaSettings(app.db)).fuso_horario;
        const ids = await idsDeLogs(app.db, filtroDosLogs({ ...request.query, page: 1 }, fuso));
        return {
          arquivo: 'logs',
          titulo: 'logs',
          formato: request.query.formato,
          filtros: filtrosDaExportacao(request.query),
          abas: [
            {
              nome: 'Logs',
              colunas: COLUNAS_LOGS,
              ...emLotes(ids, TAMANHO_LOTE, async (doLote) => {
                const { rows } = await listarLinhasDeLog(
                  app.db,
                  { ids: doLote },
                  { limit: doLote.length, offset: 0 },
                );
                return naOrdemDosIds(doLote, rows.map(toLogEntry));
              }),
            },
          ],
        };
      }),
  );

  app.get(
    '/api/admin/dashboard/exportar',
    {
      schema: {
        tags,
        summary:
          'Exportar os indicadores do mês, a tabela do gráfico mensal e a de operadores, em CSV ou XLSX',
        querystring: exportarDashboardQuery,
        response: respostasExportacao,
      },
    },
    async (request, reply) =>
      enviarExportacao(app.db, request, reply, async () => {
        const agora = new Date();
        const fuso = (await buscarSistemaSettings(app.db)).fuso_horario;
        // A few dozen rows: read at once, written as one batch per table.
        const [resumo, grafico, operadores] = await Promise.all([
          resumoAdminDashboard(app.db, agora, fuso),
          graficoMensal(app.db, agora, fuso),
          operadoresDoMes(app.db, agora, fuso),
        ]);
        return {
          arquivo: 'dashboard',
          titulo: 'o dashboard',
          formato: request.query.formato,
          filtros: {},
          abas: [
            { nome: 'Indicadores do mês', colunas: COLUNAS_INDICADORES, ...numLote(indicadoresDo(resumo)) },
            { nome: 'Gráfico mensal', colunas: COLUNAS_GRAFICO, ...numLote(grafico) },
            { nome: 'Operadores', colunas: COLUNAS_OPERADORES, ...numLote(operadores) },
          ],
        };
      }),
  );

  app.get(
    '/api/admin/conciliacao/revisao/exportar',
    {
      schema: {
        tags,
        summary:
          'Exportar a fila de revisão da conciliação bancária, com o melhor candidato de cada lançamento, em CSV ou XLSX',
        querystring: exportarDashboardQuery,
        response: respostasExportacao,
      },
    },
    async (request, reply) =>
      enviarExportacao(app.db, request, reply, async () => {
        const percentuais = percentuaisDe(await buscarSistemaSettings(app.db));
        const ids = await idsEmRevisao(app.db);
        return {
          arquivo: 'conciliacao-revisao',
          titulo: 'fila de revisão da conciliação bancária',
          formato: request.query.formato,
          filtros: {},
          abas: [
            {
              nome: 'Revisão',
              colunas: COLUNAS_REVISAO_CONCILIACAO,
              ...emLotes(ids, TAMANHO_LOTE, (doLote) => itensDaRevisao(app.db, doLote, percentuais)),
            },
          ],
        };
      }),
  );
};
