import { idParam, usuarioCreateBody } from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { atorDe } from '../../plugins/access.ts';
import {
  senhaTemporariaResponses,
  usuarioCreateResponses,
  usuarioStatusResponses,
  usuariosAdminListQuery,
  usuariosListResponses,
} from '../usuarios/usuarios-admin.http.ts';
import {
  ADMINS,
  bloquearUsuario,
  criarUsuarioDoTipo,
  gerarNovaSenha,
  listarUsuariosDoTipo,
  reativarUsuario,
} from '../usuarios/usuarios-admin.service.ts';

const tags = ['super-admin'];

/** Admin accounts on the Super Admin screen (docs/produto.md §16); access comes from the super admin group. */
export const adminsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/super-admin/admins',
    {
      schema: {
        tags,
        summary: 'Listar administradores e super administradores',
        querystring: usuariosAdminListQuery,
        response: usuariosListResponses,
      },
    },
    async (request) => listarUsuariosDoTipo(app.db, ADMINS, request.query),
  );

  app.post(
    '/api/super-admin/admins',
    {
      schema: {
        tags,
        summary: 'Criar administrador',
        body: usuarioCreateBody,
        response: usuarioCreateResponses,
      },
    },
    async (request, reply) => {
      const conta = await criarUsuarioDoTipo(app.db, ADMINS, request.body, atorDe(request));
      return reply.code(201).send(conta);
    },
  );

  app.post(
    '/api/super-admin/admins/:id/nova-senha',
    {
      schema: {
        tags,
        summary:
          'Gerar uma senha temporária para um administrador (mostrada uma vez; encerra as sessões dele; não vale para a própria conta)',
        params: idParam,
        response: senhaTemporariaResponses,
      },
    },
    async (request) => gerarNovaSenha(app.db, ADMINS, request.params.id, atorDe(request)),
  );

  app.patch(
    '/api/super-admin/admins/:id/bloquear',
    {
      schema: {
        tags,
        summary: 'Bloquear administrador (encerra as sessões dele; não vale para a própria conta)',
        params: idParam,
        response: usuarioStatusResponses,
      },
    },
    async (request) => bloquearUsuario(app.db, ADMINS, request.params.id, atorDe(request)),
  );

  app.patch(
    '/api/super-admin/admins/:id/reativar',
    {
      schema: { tags, summary: 'Reativar administrador', params: idParam, response: usuarioStatusResponses },
    },
    async (request) => reativarUsuario(app.db, ADMINS, request.params.id, atorDe(request)),
  );
};
