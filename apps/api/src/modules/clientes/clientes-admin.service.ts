import type { ClienteAdmin } from '@cobranca/contracts';
import type { Db } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { ErroDominio, erroDeCampo } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import {
  atualizarOperadorDoCliente,
  buscarClienteAdminOrThrow,
  travarClienteParaReatribuir,
  travarUsuarioAlvo,
} from './clientes-admin.repository.ts';

// The admin's changes to a customer (docs/produto.md §16): transaction, rule and audit entry together.

const operadorInvalido = (mensagem: string) => erroDeCampo('DADOS_INVALIDOS', 'operador_id', mensagem);

/**
 * Links the customer to another operator (or to nobody), with its audit entry in the same
 * transaction. The target must be an active operator. Reassigning to the current operator changes
 * nothing and records nothing.
 */
export const reatribuirOperador = (
  db: Db,
  clienteId: number,
  operadorId: number | null,
  ator: Ator,
): Promise<ClienteAdmin> =>
  db.transaction(async (tx) => {
    const atual = await travarClienteParaReatribuir(tx, clienteId);
    if (!atual) throw new ErroDominio('CLIENTE_NAO_ENCONTRADO', 'Cliente não encontrado.');
    if (operadorId !== null) {
      const alvo = await travarUsuarioAlvo(tx, operadorId);
      if (alvo?.role !== 'operador') throw operadorInvalido('Operador não encontrado.');
      if (alvo.status !== 'Ativo') throw operadorInvalido('Operador bloqueado não pode receber clientes.');
    }
    if (atual.operadorId !== operadorId) {
      // A customer in service with nobody serving it goes back to the shared queue, or no list would show it.
      const devolvido = operadorId === null && atual.status === 'em_atendimento';
      await atualizarOperadorDoCliente(
        tx,
        clienteId,
        devolvido
          ? { operadorId, status: 'aguardando_atendimento', aguardandoDesde: new Date() }
          : { operadorId },
      );
      await registrarAuditoria(tx, {
        usuarioId: ator.usuarioId,
        acao: 'cliente.operador_alterado',
        descricao: `Operador do cliente ${atual.nome} alterado`,
        entidade: 'cliente',
        entidadeId: clienteId,
        detalhes: {
          operador_anterior_id: atual.operadorId,
          operador_novo_id: operadorId,
          ...(devolvido && { status_anterior: atual.status, status_novo: 'aguardando_atendimento' }),
        },
        ip: ator.ip,
      });
    }
    return buscarClienteAdminOrThrow(tx, clienteId);
  });
