import type { ClienteLista, ClienteStatus } from '@cobranca/contracts';
import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { entreIds, naOrdemDosIds } from '../../db/ids.ts';
import { preparadasPorBanco } from '../../db/preparadas.ts';
import { sqlList } from '../../db/schema/columns.ts';
import { clientes, leiturasCliente } from '../../db/schema/index.ts';
import { ErroDominio } from '../../lib/errors.ts';
import type { Pagina } from './clientes-admin.repository.ts';
import { condicaoBuscaCliente } from './clientes-busca.ts';
import {
  condicaoFiltros,
  type FiltrosLista,
  type OrdemLista,
  ordemDosClientes,
} from './clientes-lista-sql.ts';
import { consultaLista, type PaginaSql, toClienteLista, type Valor } from './clientes-operador-lista.ts';
import { doOperador, type Escopo, visivelAoOperador } from './escopo-operador.ts';
import type { Atualizacao } from './valor-atualizado.ts';

// The operator's customer lists (docs/produto.md §5): every WHERE starts from the caller's scope.

export type ListaOperador = 'ativos' | 'aguardando' | 'em_atendimento' | 'concluidos';
export type FiltroClientesOperador = {
  lista: ListaOperador;
  busca?: string;
  /** Ativos only: keep customers with numero_chamadas ≥ this limit (the "com falhas" badge). */
  minimoChamadas?: number;
  filtros?: FiltrosLista;
  /** None: the list's own order (docs/produto.md §5). */
  ordem?: OrdemLista;
  /** An export's batch: only these of the list's rows (docs/decisions/020-exportacao.md). */
  ids?: number[];
};

/**
 * The list's statuses written into the SQL, not bound: a prepared statement's generic plan may use a
 * partial index (Ativos, Aguardando) only when the statement's own text implies the index's predicate.
 */
const comStatus = (...status: ClienteStatus[]): SQL =>
  sql`${clientes.status} IN (${sql.raw(sqlList(status))})`;

const STATUS_DA_LISTA: Record<ListaOperador, ClienteStatus[]> = {
  ativos: ['ativo', 'pausado'],
  aguardando: ['aguardando_atendimento'],
  em_atendimento: ['em_atendimento'],
  concluidos: ['concluido'],
};

const membrosDaLista = (escopo: Escopo, filtro: FiltroClientesOperador): SQL | undefined =>
  and(
    // visivelAoOperador = own, or unassigned and awaiting: the shared queue.
    filtro.lista === 'aguardando' ? visivelAoOperador(escopo) : doOperador(escopo),
    comStatus(...STATUS_DA_LISTA[filtro.lista]),
    filtro.minimoChamadas === undefined ? undefined : gte(clientes.numeroChamadas, filtro.minimoChamadas),
  );

/**
 * The same members' count from the read model of customers by operator and status (docs/decisions/046):
 * a few counter rows instead of every row of the list. `operadorId` may be a placeholder.
 */
const totalDoAgregado = (operadorId: Valor<number>, lista: ListaOperador): SQL => {
  // The unassigned (0) are the shared queue's, in the Aguardando list only.
  const operadores = lista === 'aguardando' ? sql`IN (${operadorId}, 0)` : sql`= ${operadorId}`;
  return sql`(SELECT coalesce(sum(clientes), 0) FROM agregados_clientes_lista WHERE operador_id ${operadores} AND status IN (${sql.raw(sqlList(STATUS_DA_LISTA[lista]))}))`;
};

/** Each list's default order: the oldest reply first, the latest conversation first, else by name. */
const ORDEM_PADRAO: Record<ListaOperador, OrdemLista> = {
  ativos: { chave: 'nome', sentido: 'asc' },
  aguardando: { chave: 'aguardando_desde', sentido: 'asc' },
  em_atendimento: { chave: 'ultima_mensagem', sentido: 'desc' },
  concluidos: { chave: 'nome', sentido: 'asc' },
};

// The scope comes first and every filter is ANDed to it: no filter can reach another operator's customer.
const whereClientes = (escopo: Escopo, filtro: FiltroClientesOperador, hoje: string): SQL | undefined =>
  and(
    membrosDaLista(escopo, filtro),
    condicaoBuscaCliente(filtro.busca),
    condicaoFiltros(filtro.filtros ?? {}, { hoje, agora: new Date() }),
    filtro.ids ? entreIds(clientes.id, filtro.ids) : undefined,
  );

/** A list page's statement; `escopo`, `hoje`, `pagina` and `minimoChamadas` may be placeholders. */
const consultaDaPagina = (
  db: DbOrTx,
  escopo: Escopo,
  filtro: FiltroClientesOperador,
  hoje: Valor<string>,
  pagina: PaginaSql,
) => {
  const ordem = filtro.ordem ?? ORDEM_PADRAO[filtro.lista];
  // A placeholder stands where the builders take a value: it only travels into the SQL as a parameter.
  return consultaLista(db, {
    where: whereClientes(escopo, filtro, hoje as string),
    ordem: ordemDosClientes(ordem, hoje as string),
    pagina,
    naoLidasDe: escopo.operadorId,
    // Counted over the rows when a search, filter or the failure mark narrows the list.
    total:
      formaFixa(escopo, filtro) && filtro.minimoChamadas === undefined && escopo.operadorId !== null
        ? {
            leitura: totalDoAgregado(escopo.operadorId, filtro.lista),
            ordemDoFim: ordemDosClientes(ordem, hoje as string, true),
          }
        : 'contar',
  });
};

/**
 * A list opened with no search, filter or batch: its statement differs between requests only in its
 * values, so each such shape (list, order, "com falhas") is rendered once per database handle and
 * named (db/preparadas.ts), like the customer workspace: no SQL built per
 * request, and PostgreSQL keeps it parsed (and, after a few runs, planned) on each pooled connection.
 */
const formaFixa = (escopo: Escopo, filtro: FiltroClientesOperador): boolean =>
  escopo.operadorId !== null &&
  !filtro.busca &&
  filtro.ids === undefined &&
  Object.values(filtro.filtros ?? {}).every((valor) => valor === undefined);

const PARAMETROS = {
  escopo: { operadorId: sql.placeholder('operadorId') } as unknown as Escopo,
  minimoChamadas: sql.placeholder('minimoChamadas') as unknown as number,
  hoje: sql.placeholder('hoje'),
  offset: sql.placeholder('offset'),
};

// The page size is written into the SQL (and the name): under a LIMIT parameter PostgreSQL costs the
// generic plan for a tenth of the list, never prefers it, and plans the statement again every time.
const prepararPagina = (db: DbOrTx, filtro: FiltroClientesOperador, limit: number, nome: string) =>
  consultaDaPagina(
    db,
    PARAMETROS.escopo,
    {
      lista: filtro.lista,
      ordem: filtro.ordem,
      minimoChamadas: filtro.minimoChamadas === undefined ? undefined : PARAMETROS.minimoChamadas,
    },
    PARAMETROS.hoje,
    { limit: sql.raw(String(Math.trunc(limit))), offset: PARAMETROS.offset },
  ).prepare(nome);

const preparadas = preparadasPorBanco<ReturnType<typeof prepararPagina>>();
const preparadaPara = (db: DbOrTx, filtro: FiltroClientesOperador, limit: number) => {
  const { chave, sentido } = filtro.ordem ?? ORDEM_PADRAO[filtro.lista];
  const falhas = filtro.minimoChamadas === undefined ? '' : '_falhas';
  const nome = `clientes_${filtro.lista}_${chave}_${sentido}${falhas}_${Math.trunc(limit)}`;
  return preparadas(db, nome, () => prepararPagina(db, filtro, limit, nome));
};

export const CLIENTE_NAO_ENCONTRADO = 'Cliente não encontrado.';
export const ASSUMA_ANTES =
  'Este cliente está na fila de atendimento, sem responsável. Clique em "Assumir" para atendê-lo antes de registrar qualquer ação.';

export type ClienteRow = typeof clientes.$inferSelect;
type CampoAlteravel = 'status' | 'pausaMotivo' | 'numeroChamadas' | 'sonecaAte' | 'etiquetas';
/** Values, or SQL computed from the row (`numero_chamadas + 1`). */
type AlteracaoCliente = { [K in CampoAlteravel]?: ClienteRow[K] | SQL };

/**
 * The operator's customers, bound to one caller: every read and write of `clientes` in the operator
 * area goes through it and carries the scope in its WHERE (docs/produto.md §4). Another operator's
 * customer is a 404 exactly like a missing one, so ids reveal nothing.
 */
export class ClientesDoOperador {
  constructor(
    private readonly db: DbOrTx,
    private readonly escopo: Escopo,
  ) {}

  /** The customer if the operator may see it, locked for update when asked. */
  async buscarVisivelOrThrow(clienteId: number, opts: { forUpdate?: boolean } = {}): Promise<ClienteRow> {
    const query = this.db
      .select()
      .from(clientes)
      .where(and(eq(clientes.id, clienteId), visivelAoOperador(this.escopo)));
    const [row] = opts.forUpdate ? await query.for('update') : await query;
    if (!row) throw new ErroDominio('CLIENTE_NAO_ENCONTRADO', CLIENTE_NAO_ENCONTRADO);
    return row;
  }

  /**
   * The customer, locked, if the operator may act on it. The shared queue is for reading: an
   * unassigned customer must be taken over first (409), so every action has an owner who answers for it.
   */
  async buscarParaAgirOrThrow(clienteId: number): Promise<ClienteRow> {
    const cliente = await this.buscarVisivelOrThrow(clienteId, { forUpdate: true });
    if (cliente.operadorId === null) throw new ErroDominio('ASSUMA_ANTES', ASSUMA_ANTES);
    return cliente;
  }

  /**
   * Takes an awaiting customer. The UPDATE re-checks the status and the owner, so of two operators
   * racing for the same customer exactly one gets `true`.
   */
  async assumir(clienteId: number, status: ClienteStatus): Promise<boolean> {
    if (this.escopo.operadorId === null) throw new Error('só um operador assume um cliente');
    const atualizados = await this.db
      .update(clientes)
      .set({ status, operadorId: this.escopo.operadorId })
      .where(
        and(
          eq(clientes.id, clienteId),
          eq(clientes.status, 'aguardando_atendimento'),
          visivelAoOperador(this.escopo),
        ),
      )
      .returning({ id: clientes.id });
    return atualizados.length > 0;
  }

  /** Changes an owned customer; a customer out of scope is not touched (and is an error: callers checked). */
  async atualizar(clienteId: number, alteracao: AlteracaoCliente): Promise<void> {
    const atualizados = await this.db
      .update(clientes)
      .set(alteracao)
      .where(and(eq(clientes.id, clienteId), doOperador(this.escopo)))
      .returning({ id: clientes.id });
    if (atualizados.length === 0) throw new ErroDominio('CLIENTE_NAO_ENCONTRADO', CLIENTE_NAO_ENCONTRADO);
  }

  /** One more failed contact attempt (docs/produto.md §6). */
  async somarTentativa(clienteId: number): Promise<void> {
    await this.atualizar(clienteId, { numeroChamadas: sql`${clientes.numeroChamadas} + 1` });
  }

  /**
   * The operator has read the customer's conversation up to now (decision 023): inbound messages from
   * before this moment stop counting as unread. Any customer the operator may see (the shared queue
   * too); idempotent, and a reading never moves back (two tabs, a late request).
   */
  async marcarLida(clienteId: number): Promise<void> {
    if (this.escopo.operadorId === null) throw new Error('só um operador lê uma conversa');
    await this.buscarVisivelOrThrow(clienteId);
    // The database's clock, the one that stamped the messages' created_at.
    await this.db
      .insert(leiturasCliente)
      .values({ usuarioId: this.escopo.operadorId, clienteId, lidaAte: sql`now()` })
      .onConflictDoUpdate({
        target: [leiturasCliente.usuarioId, leiturasCliente.clienteId],
        set: { lidaAte: sql`greatest(${leiturasCliente.lidaAte}, excluded.lida_ate)` },
      });
  }

  /**
   * Every id of the list in its order, for an export: one sort, then the rows come by batches of ids
   * through `doLote` (docs/decisions/020-exportacao.md).
   */
  async idsDaLista(filtro: FiltroClientesOperador, hoje: string): Promise<number[]> {
    const rows = await this.db
      .select({ id: clientes.id })
      .from(clientes)
      .where(whereClientes(this.escopo, filtro, hoje))
      .orderBy(...ordemDosClientes(filtro.ordem ?? ORDEM_PADRAO[filtro.lista], hoje));
    return rows.map((r) => r.id);
  }

  /**
   * One page of an operator list and the total that matches, from one statement
   * (clientes-operador-lista.ts): aggregates cover the page's rows only.
   */
  async listar(
    filtro: FiltroClientesOperador,
    pagina: Pagina,
    atualizacao: Atualizacao,
  ): Promise<{ rows: ClienteLista[]; total: number }> {
    const [linha] = formaFixa(this.escopo, filtro)
      ? await preparadaPara(this.db, filtro, pagina.limit).execute({
          operadorId: this.escopo.operadorId,
          minimoChamadas: filtro.minimoChamadas,
          hoje: atualizacao.hoje,
          offset: pagina.offset,
        })
      : await consultaDaPagina(this.db, this.escopo, filtro, atualizacao.hoje, pagina);
    return {
      rows: (linha?.linhas ?? []).map((l) => toClienteLista(l, atualizacao)),
      total: linha?.total ?? 0,
    };
  }

  /**
   * An export's batch of `idsDaLista`, in their order: the list's filters and scope checked again (a row
   * that left the list in between drops out), but no sort, count or unread markers, which a file does
   * not show (docs/decisions/020-exportacao.md).
   */
  async doLote(
    filtro: FiltroClientesOperador,
    ids: number[],
    atualizacao: Atualizacao,
  ): Promise<ClienteLista[]> {
    const [linha] = await consultaLista(this.db, {
      where: whereClientes(this.escopo, { ...filtro, ids }, atualizacao.hoje),
      ordem: null,
      pagina: null,
      naoLidasDe: false,
      total: null,
    });
    const rows = (linha?.linhas ?? []).map((l) => toClienteLista(l, atualizacao));
    return naOrdemDosIds(ids, rows);
  }
}
