import { clienteResponse, idParam } from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { acaoErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { ClienteDetalheRepository } from '../atendimento/cliente-detalhe.repository.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import { type EscopoOperador, escopoDe } from '../clientes/escopo-operador.ts';
import { revogarLinks } from '../links-portal/links.ts';

// "Revogar link" in the operator's workspace (docs/produto.md §22): the customer's links and their
// sessions end at once; the next message brings a new link.

const revogarLinkPortal = (db: Db, escopo: EscopoOperador, clienteId: number, ator: Ator) =>
  db.transaction(async (tx) => {
    const cliente = await new ClientesDoOperador(tx, escopo).buscarParaAgirOrThrow(clienteId);
    const agora = new Date();
    const revogados = await revogarLinks(tx, cliente.id, agora);
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'portal.link_revogado',
      descricao: `Link do portal revogado: ${cliente.nome}`,
      entidade: 'cliente',
      entidadeId: cliente.id,
      detalhes: { links_revogados: revogados },
      ip: ator.ip,
    });
    return new ClienteDetalheRepository(tx, escopo).buscarOrThrow(cliente.id);
  });

export const linkPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/operador/clientes/:id/portal/revogar',
    {
      schema: {
        tags: ['portal'],
        summary: 'Revogar o link do portal do cliente',
        params: idParam,
        response: { 200: clienteResponse, ...acaoErrors },
      },
    },
    async (request) => ({
      cliente: await revogarLinkPortal(app.db, escopoDe(request), request.params.id, atorDe(request)),
    }),
  );
};
