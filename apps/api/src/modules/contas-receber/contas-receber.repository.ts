import type { ContaListada, ContaReceber, ContaStatus, ContasOrdem } from '@cobranca/contracts';
import { centavosParaReais, FUSO_PADRAO, hojeNoFuso } from '@cobranca/dominio';
import { and, asc, count, eq, gte, lt, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { entreIds } from '../../db/ids.ts';
import { linhasDe } from '../../db/linhas.ts';
import { preparadasPorBanco } from '../../db/preparadas.ts';
import { sqlList } from '../../db/schema/columns.ts';
import { clientes, contasReceber } from '../../db/schema/index.ts';
import { ordem as ordemSql, porNome, type Sentido } from '../../lib/ordenacao.ts';
import type { Pagina } from '../clientes/clientes-admin.repository.ts';
import { condicaoBuscaCliente } from '../clientes/clientes-busca.ts';
import { ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import {
  deClienteDoOperador,
  doOperador,
  type EscopoOperador,
  visivelAoOperador,
} from '../clientes/escopo-operador.ts';
import type { Atualizacao } from '../clientes/valor-atualizado.ts';
import { toContaReceber } from './conta-receber.mapper.ts';

// The operator's receivables (docs/produto.md §7): always joined to clientes so the caller's scope builds the WHERE.

export type ContaRow = typeof contasReceber.$inferSelect;

export type FiltroContas = {
  status?: ContaStatus;
  vencidas?: boolean;
  vencimentoDe?: string;
  vencimentoAte?: string;
  busca?: string;
  clienteId?: number;
  /** None: by vencimento (docs/produto.md §7). */
  ordem?: { chave: ContasOrdem; sentido: Sentido };
  /** An export's batch: only these receivables (docs/decisions/020-exportacao.md). */
  ids?: number[];
};

const EXPRESSAO_ORDEM: Record<ContasOrdem, SQL> = {
  vencimento: sql`${contasReceber.vencimento}`,
  cliente: porNome(clientes.nome),
  valor: sql`${contasReceber.valorCentavos}`,
  // As the list shows it: the open principal, 0 unless `aberta` (conta-receber.mapper.ts).
  saldo: sql`case when ${contasReceber.status} = 'aberta' then ${contasReceber.valorCentavos} - ${contasReceber.valorPagoCentavos} else 0 end`,
};

/** None chosen: by vencimento (docs/produto.md §7). */
const ORDEM_PADRAO: NonNullable<FiltroContas['ordem']> = { chave: 'vencimento', sentido: 'asc' };

/** The chosen order, then the receivable's id, so equal values keep one order across pages. */
const ordemDasContas = ({ chave, sentido }: NonNullable<FiltroContas['ordem']>): SQL[] => [
  ordemSql(EXPRESSAO_ORDEM[chave], sentido),
  asc(contasReceber.id),
];

export type ResumoContas = {
  total_contas: number;
  valor_total: number;
  contas_vencidas: number;
  clientes_vinculados: number;
};

/**
 * A status written into the SQL, not bound: a prepared statement's generic plan may use the open
 * receivables' partial indexes only when its text implies their predicate (as the customer lists do).
 */
const comStatus = (status: ContaStatus): SQL => sql`${contasReceber.status} = ${sql.raw(sqlList([status]))}`;

const aberta = comStatus('aberta');

/**
 * Own customers' receivables, or — with `clienteId` — that one customer's if the operator may see it
 * (own, or unassigned and awaiting, like the customer workspace); the caller checks it exists first.
 */
const escopoDasContas = (escopo: EscopoOperador, clienteId: number | undefined): SQL | undefined =>
  clienteId === undefined ? doOperador(escopo) : and(eq(clientes.id, clienteId), visivelAoOperador(escopo));

const whereContas = (escopo: EscopoOperador, filtro: FiltroContas, hoje: string): SQL | undefined => {
  return and(
    escopoDasContas(escopo, filtro.clienteId),
    filtro.status ? comStatus(filtro.status) : undefined,
    filtro.vencidas ? and(aberta, lt(contasReceber.vencimento, hoje)) : undefined,
    filtro.vencimentoDe ? gte(contasReceber.vencimento, filtro.vencimentoDe) : undefined,
    filtro.vencimentoAte ? lte(contasReceber.vencimento, filtro.vencimentoAte) : undefined,
    condicaoBuscaCliente(filtro.busca),
    filtro.ids ? entreIds(contasReceber.id, filtro.ids) : undefined,
  );
};

/**
 * The total of a list of own open receivables bounded only by due dates, from the read model of open
 * receivables by operator and due date (migration 0015): counting them per request read every one.
 * Undefined when the filter needs the receivables themselves (search, one customer, another status).
 */
const totalPeloAgregado = (escopo: EscopoOperador, filtro: FiltroContas, hoje: string): SQL | undefined => {
  const soAbertas = filtro.status === 'aberta' || (filtro.status === undefined && filtro.vencidas);
  if (!soAbertas || filtro.busca || filtro.clienteId !== undefined || filtro.ids) return undefined;
  const condicoes = [
    sql`operador_id = ${escopo.operadorId}`,
    filtro.vencidas ? sql`vencimento < ${hoje}::date` : undefined,
    filtro.vencimentoDe ? sql`vencimento >= ${filtro.vencimentoDe}::date` : undefined,
    filtro.vencimentoAte ? sql`vencimento <= ${filtro.vencimentoAte}::date` : undefined,
  ].filter((c) => c !== undefined);
  return sql`SELECT coalesce(sum(contas), 0)::int AS total FROM agregados_abertas WHERE ${sql.join(condicoes, sql` AND `)}`;
};

type ValoresDaPagina = {
  operadorId: number;
  hoje: string;
  vencimentoDe?: string;
  vencimentoAte?: string;
  clienteId?: number;
  offset: number;
};

/**
 * A page with no search or batch differs between requests only in its values: each shape (status,
 * which date bounds, one customer or all, order, page size) is rendered once per database handle and
 * named (db/preparadas.ts), like the customer lists, so no SQL is built per request and PostgreSQL
 * keeps it parsed and planned on each pooled connection.
 */
const formaFixa = (filtro: FiltroContas): boolean => !filtro.busca && filtro.ids === undefined;

const marcador = <T>(nome: keyof ValoresDaPagina) => sql.placeholder(nome) as unknown as T;

/** A page's statement; the scope, the filter's values, `hoje` and the page may be placeholders. */
const consultaDaPagina = (
  db: DbOrTx,
  escopo: EscopoOperador,
  filtro: FiltroContas,
  hoje: string,
  pagina: { limit: number; offset: number | Placeholder },
) =>
  db
    .select({
      conta: contasReceber,
      clienteNome: clientes.nome,
      // The list's total on every row when the read model answers it (computed once, an InitPlan):
      // one round trip less per page (docs/decisions/051-listas-sem-copias-lentas.md).
      total: sql<number | null>`(${totalPeloAgregado(escopo, filtro, hoje) ?? sql`SELECT NULL::int`})`,
    })
    .from(contasReceber)
    .innerJoin(clientes, eq(clientes.id, contasReceber.clienteId))
    .where(whereContas(escopo, filtro, hoje))
    .orderBy(...ordemDasContas(filtro.ordem ?? ORDEM_PADRAO))
    .limit(pagina.limit)
    .offset(pagina.offset);

const prepararPagina = (db: DbOrTx, filtro: FiltroContas, limit: number, nome: string) =>
  consultaDaPagina(
    db,
    { operadorId: marcador<number>('operadorId') },
    {
      ...filtro,
      vencimentoDe: filtro.vencimentoDe && marcador<string>('vencimentoDe'),
      vencimentoAte: filtro.vencimentoAte && marcador<string>('vencimentoAte'),
      clienteId: filtro.clienteId === undefined ? undefined : marcador<number>('clienteId'),
    },
    marcador<string>('hoje'),
    // The page size written into the SQL: under a LIMIT parameter PostgreSQL costs the generic plan for
    // a tenth of the list and plans the statement again every time (clientes-operador.repository.ts).
    { limit: sql.raw(String(Math.trunc(limit))) as unknown as number, offset: sql.placeholder('offset') },
  ).prepare(nome);

const preparadas = preparadasPorBanco<ReturnType<typeof prepararPagina>>();
const paginaPreparada = (db: DbOrTx, filtro: FiltroContas, limit: number) => {
  const { chave, sentido } = filtro.ordem ?? ORDEM_PADRAO;
  const partes = [
    filtro.status ?? 'todas',
    filtro.vencidas ? 'vencidas' : '',
    filtro.vencimentoDe ? 'de' : '',
    filtro.vencimentoAte ? 'ate' : '',
    filtro.clienteId === undefined ? '' : 'cliente',
  ];
  const nome = `contas_${partes.join('_')}_${chave}_${sentido}_${Math.trunc(limit)}`;
  return preparadas(db, nome, () => prepararPagina(db, filtro, limit, nome));
};

/** The operator's receivables, bound to the caller: always joined to clientes so the scope builds the WHERE. */
export class ContasDoOperador {
  constructor(
    private readonly db: DbOrTx,
    private readonly escopo: EscopoOperador,
  ) {}

  /** The customer's open receivables, oldest first (the caller checked it may act on the customer). */
  abertasDoCliente(clienteId: number): Promise<ContaRow[]> {
    return this.db
      .select()
      .from(contasReceber)
      .where(
        and(
          eq(contasReceber.clienteId, clienteId),
          deClienteDoOperador(contasReceber.clienteId, this.escopo),
          eq(contasReceber.status, 'aberta'),
        ),
      )
      .orderBy(asc(contasReceber.vencimento), asc(contasReceber.id));
  }

  /**
   * Open receivables of own customers, their balance and the overdue ones, plus own customers: from the
   * read models of open receivables by operator and due date (migration 0015), one row per due date,
   * and of customers by operator and status (migration 0029), a few rows instead of every customer.
   */
  async resumir(agora: Date, fuso: string = FUSO_PADRAO): Promise<ResumoContas> {
    const { db, escopo } = this;
    const hoje = hojeNoFuso(agora, fuso);
    const vinculados = sql`SELECT coalesce(sum(clientes), 0) FROM agregados_clientes_lista WHERE operador_id = ${escopo.operadorId}`;
    const [linha = {}] = linhasDe<Record<string, unknown>>(
      await db.execute(sql`
        SELECT sum(contas) AS total, sum(centavos) AS centavos,
          sum(contas) FILTER (WHERE vencimento < ${hoje}::date) AS vencidas, (${vinculados}) AS vinculados
        FROM agregados_abertas WHERE operador_id = ${escopo.operadorId}`),
    );
    return {
      total_contas: Number(linha.total ?? 0),
      valor_total: centavosParaReais(Number(linha.centavos ?? 0)),
      contas_vencidas: Number(linha.vencidas ?? 0),
      clientes_vinculados: Number(linha.vinculados ?? 0),
    };
  }

  /** `resumir` computed from the receivables themselves: what the read model must equal. */
  async resumirDireto(agora: Date, fuso: string = FUSO_PADRAO): Promise<ResumoContas> {
    const { db, escopo } = this;
    const vinculados = db.select({ total: count() }).from(clientes).where(doOperador(escopo));
    const [linha] = await db
      .select({
        total: count(),
        centavos:
          sql<number>`coalesce(sum(${contasReceber.valorCentavos} - ${contasReceber.valorPagoCentavos}), 0)`.mapWith(
            Number,
          ),
        vencidas:
          sql<number>`count(*) filter (where ${lt(contasReceber.vencimento, hojeNoFuso(agora, fuso))})`.mapWith(
            Number,
          ),
        vinculados: sql<number>`(${vinculados})`.mapWith(Number),
      })
      .from(contasReceber)
      .innerJoin(clientes, eq(clientes.id, contasReceber.clienteId))
      .where(and(doOperador(escopo), aberta));
    return {
      total_contas: linha?.total ?? 0,
      valor_total: centavosParaReais(linha?.centavos ?? 0),
      contas_vencidas: linha?.vencidas ?? 0,
      clientes_vinculados: linha?.vinculados ?? 0,
    };
  }

  /** Every receivable id of the list in its order, for an export; 404 for a cliente_id out of reach. */
  async idsDasContas(filtro: FiltroContas, hoje: string): Promise<number[]> {
    const { db, escopo } = this;
    if (filtro.clienteId !== undefined)
      await new ClientesDoOperador(db, escopo).buscarVisivelOrThrow(filtro.clienteId);
    const rows = await db
      .select({ id: contasReceber.id })
      .from(contasReceber)
      .innerJoin(clientes, eq(clientes.id, contasReceber.clienteId))
      .where(whereContas(escopo, filtro, hoje))
      .orderBy(...ordemDasContas(filtro.ordem ?? ORDEM_PADRAO));
    return rows.map((r) => r.id);
  }

  /** One page of receivables by vencimento, id, and the total that matches; 404 for a cliente_id out of reach. */
  async listar(
    filtro: FiltroContas,
    pagina: Pagina,
    atualizacao: Atualizacao,
  ): Promise<{ rows: ContaListada[]; total: number }> {
    const { db, escopo } = this;
    if (filtro.clienteId !== undefined)
      await new ClientesDoOperador(db, escopo).buscarVisivelOrThrow(filtro.clienteId);
    const linhas = formaFixa(filtro)
      ? await paginaPreparada(db, filtro, pagina.limit).execute({
          operadorId: escopo.operadorId,
          hoje: atualizacao.hoje,
          vencimentoDe: filtro.vencimentoDe,
          vencimentoAte: filtro.vencimentoAte,
          clienteId: filtro.clienteId,
          offset: pagina.offset,
        } satisfies ValoresDaPagina)
      : await consultaDaPagina(db, escopo, filtro, atualizacao.hoje, pagina);
    // The rows carry the read model's total when it answers the filter (never null then); a page past
    // the end has no row to carry it, and another filter is counted: both are read on their own.
    const noModelo = linhas[0]?.total ?? null;
    const agregado = noModelo === null ? totalPeloAgregado(escopo, filtro, atualizacao.hoje) : undefined;
    const [contagem] =
      noModelo !== null
        ? [{ total: Number(noModelo) }]
        : agregado
          ? linhasDe<{ total: number }>(await db.execute(agregado))
          : await db
              .select({ total: count() })
              .from(contasReceber)
              .innerJoin(clientes, eq(clientes.id, contasReceber.clienteId))
              .where(whereContas(escopo, filtro, atualizacao.hoje));
    return {
      // Object.assign rather than a spread, as in the customer lists (docs/decisions/051).
      rows: linhas.map(({ conta, clienteNome }) =>
        Object.assign(toContaReceber(conta, atualizacao), {
          cliente: { id: conta.clienteId, nome: clienteNome },
        }),
      ),
      total: contagem?.total ?? 0,
    };
  }

  /** Every receivable of a customer the operator may see, by vencimento; anyone else's is a 404. */
  async listarDoClienteOrThrow(
    clienteId: number,
    atualizacao: Atualizacao,
  ): Promise<{ cliente: { id: number; nome: string; documento: string }; contas: ContaReceber[] }> {
    const { db } = this;
    const cliente = await new ClientesDoOperador(db, this.escopo).buscarVisivelOrThrow(clienteId);
    const contas = await db
      .select()
      .from(contasReceber)
      .where(eq(contasReceber.clienteId, cliente.id))
      .orderBy(asc(contasReceber.vencimento), asc(contasReceber.id));
    return {
      cliente: { id: cliente.id, nome: cliente.nome, documento: cliente.documento },
      contas: contas.map((conta) => toContaReceber(conta, atualizacao)),
    };
  }
}
