import {
  comprovanteParams,
  comprovantesResponse,
  comprovanteView,
  errorResponse,
  idParam,
  pageQuery,
  validationErrorResponse,
} from '@cobranca/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors } from '../../../lib/route-schemas.ts';
import { ESCOPO_SISTEMA, type Escopo, escopoDe } from '../../clientes/escopo-operador.ts';
import { buscarComprovante, listarComprovantes } from './comprovantes.service.ts';

// A customer's comprovantes (docs/produto.md §9) for the operator (their own customers: another's is a
// 404, as everywhere) and for the admin (any customer). The portal's are in portal/comprovantes-portal.routes.ts.

const tags = ['negociacoes'];
const erros = { 404: errorResponse, 422: validationErrorResponse, ...authErrors };

const comprovantesRoutes =
  (
    area: 'operador' | 'admin',
    escopoDaRequisicao: (request: FastifyRequest) => Escopo,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `/api/${area}/clientes/:id/comprovantes`,
      {
        schema: {
          tags,
          summary: 'Comprovantes dos pagamentos do cliente, do mais recente ao mais antigo',
          params: idParam,
          querystring: pageQuery,
          response: { 200: comprovantesResponse, ...erros },
        },
      },
      async (request) =>
        listarComprovantes(app.db, escopoDaRequisicao(request), request.params.id, request.query.page),
    );
    app.get(
      `/api/${area}/clientes/:id/comprovantes/:pagamentoId`,
      {
        schema: {
          tags,
          summary: 'Um comprovante de pagamento: pagador, valor, data e hora, o que quitou',
          params: comprovanteParams,
          response: { 200: comprovanteView, ...erros },
        },
      },
      async (request) =>
        buscarComprovante(app.db, escopoDaRequisicao(request), request.params.id, request.params.pagamentoId),
    );
  };

export const comprovantesOperadorRoutes = comprovantesRoutes('operador', escopoDe);
export const comprovantesAdminRoutes = comprovantesRoutes('admin', () => ESCOPO_SISTEMA);
