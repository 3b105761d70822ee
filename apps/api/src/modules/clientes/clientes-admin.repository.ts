import type { ClienteAdmin, ClienteStatus } from '@cobranca/contracts';
import { centavosParaReais } from '@cobranca/dominio';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clientes, contasReceber, usuarios } from '../../db/schema/index.ts';
import type { Ator } from '../../lib/ator.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { condicaoBuscaCliente } from './clientes-busca.ts';

// The admin's view of every customer (docs/produto.md §15 Customers): no operator scope, paged by nome, id.

export type FiltroClientesAdmin = { status?: ClienteStatus; busca?: string };
export type Janela = { limit: number; offset: number };

/** The columns of a customer row in any list (admin or operator). */
export const colunasCliente = {
  id: clientes.id,
  nome: clientes.nome,
  documento: clientes.documento,
  telefone: clientes.telefone,
  status: clientes.status,
  numeroChamadas: clientes.numeroChamadas,
  operadorId: usuarios.id,
  operadorNome: usuarios.name,
};
export type LinhaCliente = {
  id: number;
  nome: string;
  documento: string;
  telefone: string | null;
  status: ClienteStatus;
  numeroChamadas: number;
  operadorId: number | null;
  operadorNome: string | null;
};

const whereClientes = ({ status, busca }: FiltroClientesAdmin): SQL | undefined => {
  return and(status ? eq(clientes.status, status) : undefined, condicaoBuscaCliente(busca));
};

const linhasClientes = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select(colunasCliente)
    .from(clientes)
    .leftJoin(usuarios, eq(usuarios.id, clientes.operadorId))
    .where(where)
    .orderBy(asc(clientes.nome), asc(clientes.id));

/** Open balance in cents of the given customers only (one grouped read on cliente_id, status). */
const saldosEmAberto = async (db: DbOrTx, ids: number[]): Promise<Map<number, number>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      clienteId: contasReceber.clienteId,
      centavos: sql<number>`sum(${contasReceber.valorCentavos} - ${contasReceber.valorPagoCentavos})`.mapWith(
        Number,
      ),
    })
    .from(contasReceber)
    .where(and(inArray(contasReceber.clienteId, ids), eq(contasReceber.status, 'aberta')))
    .groupBy(contasReceber.clienteId);
  return new Map(rows.map((r) => [r.clienteId, r.centavos]));
};

/** The fields every customer list row shares (admin and operator lists), from `colunasCliente`. */
export const toClienteBase = (l: LinhaCliente, centavosEmAberto: number): ClienteAdmin => ({
  id: l.id,
  nome: l.nome,
  documento: l.documento,
  telefone: l.telefone,
  status: l.status,
  numero_chamadas: l.numeroChamadas,
  total_em_aberto: centavosParaReais(centavosEmAberto),
  operador: l.operadorId === null ? null : { id: l.operadorId, name: l.operadorNome ?? '' },
});

const comSaldos = async (db: DbOrTx, linhas: LinhaCliente[]): Promise<ClienteAdmin[]> => {
  const saldos = await saldosEmAberto(
    db,
    linhas.map((l) => l.id),
  );
  return linhas.map((l) => toClienteBase(l, saldos.get(l.id) ?? 0));
};

/** One page of customers and the total that matches; balances are summed for the page's rows only. */
export const listClientesAdmin = async (
  db: DbOrTx,
  filtro: FiltroClientesAdmin,
  janela: Janela,
): Promise<{ rows: ClienteAdmin[]; total: number }> => {
  const where = whereClientes(filtro);
  const linhas = await linhasClientes(db, where).limit(janela.limit).offset(janela.offset);
  const [contagem] = await db.select({ total: count() }).from(clientes).where(where);
  return { rows: await comSaldos(db, linhas), total: contagem?.total ?? 0 };
};

export const findClienteAdminOrThrow = async (db: DbOrTx, id: number): Promise<ClienteAdmin> => {
  const [cliente] = await comSaldos(db, await linhasClientes(db, eq(clientes.id, id)));
  if (!cliente) throw notFound('Cliente não encontrado.');
  return cliente;
};

const operadorInvalido = (mensagem: string) => unprocessable(mensagem, { operador_id: [mensagem] });

/** The target of a reassignment must be an active operator; locked FOR SHARE so it cannot be blocked mid-way. */
const checkOperadorAtivoOrThrow = async (tx: DbOrTx, operadorId: number): Promise<void> => {
  const [usuario] = await tx
    .select({ role: usuarios.role, status: usuarios.status })
    .from(usuarios)
    .where(eq(usuarios.id, operadorId))
    .for('share');
  if (usuario?.role !== 'operador') throw operadorInvalido('Operador não encontrado.');
  if (usuario.status !== 'Ativo') throw operadorInvalido('Operador bloqueado não pode receber clientes.');
};

/**
 * Links the customer to another operator (or to nobody), with its audit entry in the same
 * transaction. Reassigning to the current operator changes nothing and records nothing.
 */
export const reatribuirOperador = (
  db: DbOrTx,
  clienteId: number,
  operadorId: number | null,
  ator: Ator,
): Promise<ClienteAdmin> =>
  db.transaction(async (tx) => {
    const [atual] = await tx
      .select({ nome: clientes.nome, operadorId: clientes.operadorId, status: clientes.status })
      .from(clientes)
      .where(eq(clientes.id, clienteId))
      .for('update');
    if (!atual) throw notFound('Cliente não encontrado.');
    if (operadorId !== null) await checkOperadorAtivoOrThrow(tx, operadorId);
    if (atual.operadorId !== operadorId) {
      // A customer in service with nobody serving it goes back to the shared queue, or no list would show it.
      const devolvido = operadorId === null && atual.status === 'em_atendimento';
      await tx
        .update(clientes)
        .set(
          devolvido
            ? { operadorId, status: 'aguardando_atendimento', aguardandoDesde: new Date() }
            : { operadorId },
        )
        .where(eq(clientes.id, clienteId));
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
    return findClienteAdminOrThrow(tx, clienteId);
  });
