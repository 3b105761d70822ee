import { idParam, usuarioCreateBody, usuarioUpdateBody } from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { atorDe } from '../../plugins/access.ts';
import {
  senhaTemporariaResponses,
  usuarioCreateResponses,
  usuarioResponses,
  usuarioStatusResponses,
  usuariosAdminListQuery,
  usuariosListResponses,
} from '../usuarios/usuarios-admin.http.ts';
import {
  atualizarUsuarioDoTipo,
  bloquearUsuario,
  buscarUsuarioDoTipoOrThrow,
  criarUsuarioDoTipo,
  gerarNovaSenha,
  listarUsuariosDoTipo,
  OPERADORES,
  reativarUsuario,
  toUsuarioConta,
} from '../usuarios/usuarios-admin.service.ts';

const tags = ['operadores'];

/** Operator management for admins (docs/produto.md §15); access comes from the admin group. */
export const operadoresRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/operadores',
    {
      schema: {
        tags,
        summary: 'Listar operadores (busca por nome ou e-mail, filtro por status)',
        querystring: usuariosAdminListQuery,
        response: usuariosListResponses,
      },
    },
    async (request) => listarUsuariosDoTipo(app.db, OPERADORES, request.query),
  );

  app.post(
    '/api/admin/operadores',
    {
      schema: { tags, summary: 'Criar operador', body: usuarioCreateBody, response: usuarioCreateResponses },
    },
    async (request, reply) => {
      const conta = await criarUsuarioDoTipo(app.db, OPERADORES, request.body, atorDe(request));
      return reply.code(201).send(conta);
    },
  );

  app.get(
    '/api/admin/operadores/:id',
    { schema: { tags, summary: 'Ver operador', params: idParam, response: usuarioResponses } },
    async (request) =>
      toUsuarioConta(await buscarUsuarioDoTipoOrThrow(app.db, OPERADORES, request.params.id)),
  );

  app.put(
    '/api/admin/operadores/:id',
    {
      schema: {
        tags,
        summary: 'Alterar nome, e-mail ou senha do operador (nova senha encerra as sessões dele)',
        params: idParam,
        body: usuarioUpdateBody,
        response: usuarioResponses,
      },
    },
    async (request) =>
      atualizarUsuarioDoTipo(app.db, OPERADORES, request.params.id, request.body, atorDe(request)),
  );

  app.post(
    '/api/admin/operadores/:id/nova-senha',
    {
      schema: {
        tags,
        summary: 'Gerar uma senha temporária para o operador (mostrada uma vez; encerra as sessões dele)',
        params: idParam,
        response: senhaTemporariaResponses,
      },
    },
    async (request) => gerarNovaSenha(app.db, OPERADORES, request.params.id, atorDe(request)),
  );

  app.patch(
    '/api/admin/operadores/:id/bloquear',
    {
      schema: {
        tags,
        summary: 'Bloquear operador (encerra as sessões dele)',
        params: idParam,
        response: usuarioStatusResponses,
      },
    },
    async (request) => bloquearUsuario(app.db, OPERADORES, request.params.id, atorDe(request)),
  );

  app.patch(
    '/api/admin/operadores/:id/reativar',
    { schema: { tags, summary: 'Reativar operador', params: idParam, response: usuarioStatusResponses } },
    async (request) => reativarUsuario(app.db, OPERADORES, request.params.id, atorDe(request)),
  );
};
