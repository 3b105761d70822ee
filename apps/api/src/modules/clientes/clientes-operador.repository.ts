import { type ClienteLista, type ClienteStatus, NAO_LIDAS_MAXIMO } from '@cobranca/contracts';
import { centavosParaReais } from '@cobranca/dominio';
import { and, asc, count, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { entreIds, naOrdemDosIds } from '../../db/ids.ts';
import { clientes, leiturasCliente, mensagens, usuarios } from '../../db/schema/index.ts';
import { ErroDominio } from '../../lib/errors.ts';
import {
  type Aberto,
  abertoPorCliente,
  colunasCliente,
  type Pagina,
  toClienteBase,
} from './clientes-admin.repository.ts';
import { condicaoBuscaCliente } from './clientes-busca.ts';
import {
  condicaoFiltros,
  type FiltrosLista,
  type OrdemLista,
  ordemDosClientes,
  type Recuperado,
  type Resposta,
  recuperadoPorCliente,
  ultimasRespostas,
} from './clientes-lista-sql.ts';
import { diasAtraso } from './dias-atraso.ts';
import { doOperador, type Escopo, visivelAoOperador } from './escopo-operador.ts';
import { colunasUltimaMensagem, toUltimaMensagem } from './ultima-mensagem.ts';
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

const STATUS_ATIVOS: ClienteStatus[] = ['ativo', 'pausado'];

const membrosDaLista = (escopo: Escopo, filtro: FiltroClientesOperador): SQL | undefined => {
  switch (filtro.lista) {
    case 'ativos':
      return and(
        doOperador(escopo),
        inArray(clientes.status, STATUS_ATIVOS),
        filtro.minimoChamadas === undefined ? undefined : gte(clientes.numeroChamadas, filtro.minimoChamadas),
      );
    // visivelAoOperador = own, or unassigned and awaiting: the shared queue.
    case 'aguardando':
      return and(visivelAoOperador(escopo), eq(clientes.status, 'aguardando_atendimento'));
    case 'em_atendimento':
      return and(doOperador(escopo), eq(clientes.status, 'em_atendimento'));
    case 'concluidos':
      return and(doOperador(escopo), eq(clientes.status, 'concluido'));
  }
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

const colunasClienteOperador = {
  ...colunasCliente,
  aguardandoDesde: clientes.aguardandoDesde,
  etiquetas: clientes.etiquetas,
};

type Ultima = NonNullable<ClienteLista['ultima_mensagem']>;

/** The newest message of each of the page's customers, in one DISTINCT ON read. */
const ultimasMensagens = async (db: DbOrTx, ids: number[]): Promise<Map<number, Ultima>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([mensagens.clienteId], { clienteId: mensagens.clienteId, ...colunasUltimaMensagem })
    .from(mensagens)
    .where(entreIds(mensagens.clienteId, ids))
    .orderBy(asc(mensagens.clienteId), desc(mensagens.createdAt), desc(mensagens.id));
  return new Map(rows.map(({ clienteId, ...ultima }) => [clienteId ?? 0, toUltimaMensagem(ultima)]));
};

/**
 * How many inbound messages of each of the page's customers this operator has not read yet (newer than
 * their `lida_ate`, or all without one), capped: one grouped read over the page's ids (decision 023).
 */
const naoLidasPorCliente = async (
  db: DbOrTx,
  ids: number[],
  escopo: Escopo,
): Promise<Map<number, number>> => {
  // The system reads no conversation: nothing is unread for it.
  if (ids.length === 0 || escopo.operadorId === null) return new Map();
  const rows = await db
    .select({
      clienteId: mensagens.clienteId,
      naoLidas: sql<number>`least(count(*), ${NAO_LIDAS_MAXIMO})`.mapWith(Number),
    })
    .from(mensagens)
    .leftJoin(
      leiturasCliente,
      and(
        eq(leiturasCliente.clienteId, mensagens.clienteId),
        eq(leiturasCliente.usuarioId, escopo.operadorId),
      ),
    )
    .where(
      and(
        entreIds(mensagens.clienteId, ids),
        eq(mensagens.direcao, 'entrada'),
        sql`(${leiturasCliente.lidaAte} is null or ${mensagens.createdAt} > ${leiturasCliente.lidaAte})`,
      ),
    )
    .groupBy(mensagens.clienteId);
  return new Map(rows.map(({ clienteId, naoLidas }) => [clienteId ?? 0, naoLidas]));
};

type LinhaCliente = Awaited<ReturnType<typeof linhasDaPagina>>[number];

const linhasDaPagina = (db: DbOrTx, where: SQL | undefined, ordem: SQL[], pagina: Pagina) =>
  db
    .select(colunasClienteOperador)
    .from(clientes)
    .leftJoin(usuarios, eq(usuarios.id, clientes.operadorId))
    .where(where)
    .orderBy(...ordem)
    .limit(pagina.limit)
    .offset(pagina.offset);

type DaPagina = {
  aberto?: Aberto;
  ultima?: Ultima;
  resposta?: Resposta;
  recuperado?: Recuperado;
  naoLidas?: number;
};

const toClienteLista = (
  l: LinhaCliente,
  { aberto, ultima, resposta, recuperado, naoLidas }: DaPagina,
  hoje: string,
): ClienteLista => ({
  ...toClienteBase(l, aberto?.centavos ?? 0),
  dias_atraso: aberto?.vencimentoMaisAntigo
    ? diasAtraso({ status: 'aberta', vencimento: aberto.vencimentoMaisAntigo }, hoje)
    : 0,
  ultima_mensagem: ultima ?? null,
  aguardando_desde: l.aguardandoDesde?.toISOString() ?? null,
  ultima_resposta: resposta
    ? { conteudo: resposta.conteudo, created_at: resposta.createdAt.toISOString() }
    : null,
  recuperado: centavosParaReais(recuperado?.centavos ?? 0),
  concluido_em: recuperado?.ultimoEm?.toISOString() ?? null,
  nao_lidas: naoLidas ?? 0,
  etiquetas: l.etiquetas,
});

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
   * through `listar` (docs/decisions/020-exportacao.md).
   */
  async idsDaLista(filtro: FiltroClientesOperador, hoje: string): Promise<number[]> {
    const rows = await this.db
      .select({ id: clientes.id })
      .from(clientes)
      .where(whereClientes(this.escopo, filtro, hoje))
      .orderBy(...ordemDosClientes(filtro.ordem ?? ORDEM_PADRAO[filtro.lista], hoje));
    return rows.map((r) => r.id);
  }

  /** One page of an operator list and the total that matches; aggregates cover the page's rows only. */
  async listar(
    filtro: FiltroClientesOperador,
    pagina: Pagina,
    atualizacao: Atualizacao,
  ): Promise<{ rows: ClienteLista[]; total: number }> {
    const where = whereClientes(this.escopo, filtro, atualizacao.hoje);
    const ordem = ordemDosClientes(filtro.ordem ?? ORDEM_PADRAO[filtro.lista], atualizacao.hoje);
    const [linhas, [contagem]] = await Promise.all([
      linhasDaPagina(this.db, where, ordem, pagina),
      this.db.select({ total: count() }).from(clientes).where(where),
    ]);
    return {
      rows: await this.comAgregados(linhas, atualizacao, { naoLidas: true }),
      total: contagem?.total ?? 0,
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
    const linhas = await this.db
      .select(colunasClienteOperador)
      .from(clientes)
      .leftJoin(usuarios, eq(usuarios.id, clientes.operadorId))
      .where(whereClientes(this.escopo, { ...filtro, ids }, atualizacao.hoje));
    return naOrdemDosIds(ids, await this.comAgregados(linhas, atualizacao, { naoLidas: false }));
  }

  private async comAgregados(
    linhas: LinhaCliente[],
    atualizacao: Atualizacao,
    { naoLidas: comNaoLidas }: { naoLidas: boolean },
  ): Promise<ClienteLista[]> {
    const ids = linhas.map((l) => l.id);
    const [abertos, ultimas, respostas, recuperados, naoLidas] = await Promise.all([
      abertoPorCliente(this.db, ids, atualizacao),
      ultimasMensagens(this.db, ids),
      ultimasRespostas(this.db, ids),
      recuperadoPorCliente(this.db, ids),
      comNaoLidas ? naoLidasPorCliente(this.db, ids, this.escopo) : new Map<number, number>(),
    ]);
    return linhas.map((l) =>
      toClienteLista(
        l,
        {
          aberto: abertos.get(l.id),
          ultima: ultimas.get(l.id),
          resposta: respostas.get(l.id),
          recuperado: recuperados.get(l.id),
          naoLidas: naoLidas.get(l.id),
        },
        atualizacao.hoje,
      ),
    );
  }
}
