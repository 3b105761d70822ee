import type { ClienteAdmin, ClienteStatus } from '@cobranca/contracts';
import { centavosParaReais } from '@cobranca/dominio';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { entreIds, naOrdemDosIds } from '../../db/ids.ts';
import { clientes, contasReceber, usuarios } from '../../db/schema/index.ts';
import { ErroDominio } from '../../lib/errors.ts';
import { ordem as ordemSql, porNome } from '../../lib/ordenacao.ts';
import { condicaoBuscaCliente } from './clientes-busca.ts';
import {
  condicaoFiltros,
  type FiltrosLista,
  type OrdemLista,
  ordemDosClientes,
} from './clientes-lista-sql.ts';
import {
  type Atualizacao,
  buscarAtualizacao,
  colunasDeEncargos,
  encargosDaConta,
} from './valor-atualizado.ts';

// The admin's view of every customer (docs/produto.md §15 Customers): no operator scope, paged by nome, id.

export type FiltroClientesAdmin = {
  status?: ClienteStatus;
  busca?: string;
  filtros?: FiltrosLista;
  /** None: by name (pt-BR collation), then id. */
  ordem?: OrdemLista;
  /** An export's batch: only these of the list's rows (docs/decisions/020-exportacao.md). */
  ids?: number[];
};
export type Pagina = { limit: number; offset: number };

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

const whereClientes = ({ status, busca, filtros, ids }: FiltroClientesAdmin, hoje: string): SQL | undefined =>
  and(
    status ? eq(clientes.status, status) : undefined,
    condicaoBuscaCliente(busca),
    condicaoFiltros(filtros ?? {}, { hoje, agora: new Date() }),
    ids ? entreIds(clientes.id, ids) : undefined,
  );

const POR_NOME = [ordemSql(porNome(clientes.nome), 'asc'), asc(clientes.id)];

const linhasClientes = (db: DbOrTx, where: SQL | undefined, ordem: SQL[] = POR_NOME) =>
  db
    .select(colunasCliente)
    .from(clientes)
    .leftJoin(usuarios, eq(usuarios.id, clientes.operadorId))
    .where(where)
    .orderBy(...ordem);

export type Aberto = { centavos: number; vencimentoMaisAntigo: string | null };

/** Updated open balance and oldest open due date of the page's customers only (docs/produto.md §7). */
export const abertoPorCliente = async (
  db: DbOrTx,
  ids: number[],
  atualizacao: Atualizacao,
): Promise<Map<number, Aberto>> => {
  const abertos = new Map<number, Aberto>();
  if (ids.length === 0) return abertos;
  const contas = await db
    .select({ clienteId: contasReceber.clienteId, ...colunasDeEncargos })
    .from(contasReceber)
    .where(and(entreIds(contasReceber.clienteId, ids), eq(contasReceber.status, 'aberta')));
  for (const conta of contas) {
    const aberto = abertos.get(conta.clienteId) ?? { centavos: 0, vencimentoMaisAntigo: null };
    aberto.centavos += encargosDaConta(conta, atualizacao).totalCentavos;
    if (aberto.vencimentoMaisAntigo === null || conta.vencimento < aberto.vencimentoMaisAntigo)
      aberto.vencimentoMaisAntigo = conta.vencimento;
    abertos.set(conta.clienteId, aberto);
  }
  return abertos;
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

const comSaldos = async (
  db: DbOrTx,
  linhas: LinhaCliente[],
  atualizacao?: Atualizacao,
): Promise<ClienteAdmin[]> => {
  const abertos = await abertoPorCliente(
    db,
    linhas.map((l) => l.id),
    atualizacao ?? (await buscarAtualizacao(db)),
  );
  return linhas.map((l) => toClienteBase(l, abertos.get(l.id)?.centavos ?? 0));
};

/** Every id of the list in its order, for an export (docs/decisions/020-exportacao.md). */
export const idsClientesAdmin = async (db: DbOrTx, filtro: FiltroClientesAdmin, hoje: string) => {
  const ordem = filtro.ordem ? ordemDosClientes(filtro.ordem, hoje) : POR_NOME;
  const rows = await db
    .select({ id: clientes.id })
    .from(clientes)
    .where(whereClientes(filtro, hoje))
    .orderBy(...ordem);
  return rows.map((r) => r.id);
};

/** One page of customers and the total that matches; balances are summed for the page's rows only. */
export const listarClientesAdmin = async (
  db: DbOrTx,
  filtro: FiltroClientesAdmin,
  pagina: Pagina,
): Promise<{ rows: ClienteAdmin[]; total: number }> => {
  const atualizacao = await buscarAtualizacao(db);
  const where = whereClientes(filtro, atualizacao.hoje);
  const ordem = filtro.ordem ? ordemDosClientes(filtro.ordem, atualizacao.hoje) : POR_NOME;
  const linhas = await linhasClientes(db, where, ordem).limit(pagina.limit).offset(pagina.offset);
  const [contagem] = await db.select({ total: count() }).from(clientes).where(where);
  return { rows: await comSaldos(db, linhas, atualizacao), total: contagem?.total ?? 0 };
};

/**
 * An export's batch of `idsClientesAdmin`, in their order: the filters checked again, no sort or count
 * (docs/decisions/020-exportacao.md).
 */
export const clientesAdminDoLote = async (
  db: DbOrTx,
  filtro: FiltroClientesAdmin,
  ids: number[],
  atualizacao: Atualizacao,
): Promise<ClienteAdmin[]> => {
  const linhas = await linhasClientes(db, whereClientes({ ...filtro, ids }, atualizacao.hoje), []);
  return naOrdemDosIds(ids, await comSaldos(db, linhas, atualizacao));
};

export const buscarClienteAdminOrThrow = async (db: DbOrTx, id: number): Promise<ClienteAdmin> => {
  const [cliente] = await comSaldos(db, await linhasClientes(db, eq(clientes.id, id)));
  if (!cliente) throw new ErroDominio('CLIENTE_NAO_ENCONTRADO', 'Cliente não encontrado.');
  return cliente;
};

/** The target of a reassignment, locked FOR SHARE so it cannot be blocked mid-way; undefined if none. */
export const travarUsuarioAlvo = async (tx: DbOrTx, usuarioId: number) => {
  const [usuario] = await tx
    .select({ role: usuarios.role, status: usuarios.status })
    .from(usuarios)
    .where(eq(usuarios.id, usuarioId))
    .for('share');
  return usuario;
};

/** The customer's name, owner and status, locked for the reassignment; undefined if none. */
export const travarClienteParaReatribuir = async (tx: DbOrTx, clienteId: number) => {
  const [atual] = await tx
    .select({ nome: clientes.nome, operadorId: clientes.operadorId, status: clientes.status })
    .from(clientes)
    .where(eq(clientes.id, clienteId))
    .for('update');
  return atual;
};

export const atualizarOperadorDoCliente = async (
  tx: DbOrTx,
  clienteId: number,
  alteracao: { operadorId: number | null; status?: 'aguardando_atendimento'; aguardandoDesde?: Date },
): Promise<void> => {
  await tx.update(clientes).set(alteracao).where(eq(clientes.id, clienteId));
};
