import type { Canal, ClienteDetalhe } from '@cobranca/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clientes } from '../../db/schema/index.ts';
import type { Ator } from '../../lib/ator.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import type { EscopoOperador } from '../clientes/escopo-operador.ts';
import { ClienteDetalheRepository } from './cliente-detalhe.repository.ts';

/**
 * The channel tried first for the customer (docs/produto.md §12); null: the régua's order alone. A channel
 * the customer cannot use now is still accepted: routing skips it until it can be used again.
 */
export const definirCanalPreferido = (
  db: Db,
  escopo: EscopoOperador,
  clienteId: number,
  canal: Canal | null,
  ator: Ator,
): Promise<ClienteDetalhe> =>
  db.transaction(async (tx) => {
    const atual = await new ClientesDoOperador(tx, escopo).buscarParaAgirOrThrow(clienteId);
    if (atual.canalPreferido !== canal) {
      await tx.update(clientes).set({ canalPreferido: canal }).where(eq(clientes.id, clienteId));
      await registrarAuditoria(tx, {
        usuarioId: ator.usuarioId,
        acao: 'cliente.canal_preferido',
        descricao: canal ? `Canal preferido do cliente: ${canal}` : 'Canal preferido do cliente removido',
        entidade: 'cliente',
        entidadeId: clienteId,
        detalhes: { anterior: atual.canalPreferido, novo: canal },
        ip: ator.ip,
      });
    }
    return new ClienteDetalheRepository(tx, escopo).buscarOrThrow(clienteId);
  });
