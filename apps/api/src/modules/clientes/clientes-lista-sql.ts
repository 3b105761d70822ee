import type { ClientesOrdem, FiltroResposta } from '@cobranca/contracts';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { clientes, contasReceber, mensagens, pagamentos } from '../../db/schema/index.ts';
import { ordem, porNome, type Sentido } from '../../lib/ordenacao.ts';
import { diasDeAtrasoSql } from './atraso-sql.ts';

// The order and filters every customer list shares (admin and operator lists, docs/produto.md §5 and
// §15): one SQL expression per value, so a column sorts and filters by exactly what it shows.
// They are correlated subqueries over the list's `clientes` row; an index for each would come with the
// list's performance work, not here.

export type FiltrosLista = {
  atrasoMin?: number;
  atrasoMax?: number;
  valorMinCentavos?: number;
  valorMaxCentavos?: number;
  resposta?: FiltroResposta;
  /** One tag, matched ignoring case. */
  etiqueta?: string;
  /** Admin lists only: the operator's customers. */
  operadorId?: number;
};
export type OrdemLista = { chave: ClientesOrdem; sentido: Sentido };
/** What "today" and "now" are for days overdue and "replied in the last 24 h". */
export type Momento = { hoje: string; agora: Date };

/** `diasDeAtraso` of the oldest open receivable (0 when none is open or overdue). */
const diasAtrasoSql = (hoje: string): SQL =>
  diasDeAtrasoSql(
    sql`(select min(${contasReceber.vencimento}) from ${contasReceber} where ${contasReceber.clienteId} = ${clientes.id} and ${contasReceber.status} = 'aberta')`,
    hoje,
  );

/** Open principal in cents; fines and interest are computed per day in JS, so they stay out of SQL. */
const valorAbertoSql = sql`coalesce((select sum(${contasReceber.valorCentavos} - ${contasReceber.valorPagoCentavos}) from ${contasReceber} where ${contasReceber.clienteId} = ${clientes.id} and ${contasReceber.status} = 'aberta'), 0)`;

const ultimaRespostaSql = sql`(select max(${mensagens.createdAt}) from ${mensagens} where ${mensagens.clienteId} = ${clientes.id} and ${mensagens.direcao} = 'entrada')`;

const recuperadoSql = sql`coalesce((select sum(${pagamentos.valorCentavos}) from ${pagamentos} where ${pagamentos.clienteId} = ${clientes.id}), 0)`;

const concluidoEmSql = sql`(select max(${pagamentos.createdAt}) from ${pagamentos} where ${pagamentos.clienteId} = ${clientes.id})`;

const HORA_MS = 3_600_000;
const JANELA_RESPOSTA_MS: Record<Exclude<FiltroResposta, 'sem'>, number> = {
  '24h': 24 * HORA_MS,
  '7d': 7 * 24 * HORA_MS,
};

const respondeuDesde = (desde: Date): SQL =>
  sql`exists (select 1 from ${mensagens} where ${mensagens.clienteId} = ${clientes.id} and ${mensagens.direcao} = 'entrada' and ${mensagens.createdAt} >= ${desde.toISOString()})`;

const condicaoResposta = (resposta: FiltroResposta, agora: Date): SQL =>
  resposta === 'sem'
    ? sql`not exists (select 1 from ${mensagens} where ${mensagens.clienteId} = ${clientes.id} and ${mensagens.direcao} = 'entrada')`
    : respondeuDesde(new Date(agora.getTime() - JANELA_RESPOSTA_MS[resposta]));

// Tags are unique ignoring case (decision 022). lower() under ICU folds "Ç" and "É" whatever the
// database's ctype (it may be "C", see lib/ordenacao.ts); no index serves it yet.
const temEtiqueta = (etiqueta: string): SQL =>
  sql`exists (select 1 from unnest(${clientes.etiquetas}) e where lower(e collate "und-x-icu") = lower(${etiqueta}::text collate "und-x-icu"))`;

/** The WHERE part of the filters; the caller ANDs it with the list's scope, so no filter widens it. */
export const condicaoFiltros = (f: FiltrosLista, { hoje, agora }: Momento): SQL | undefined =>
  and(
    f.atrasoMin === undefined ? undefined : sql`${diasAtrasoSql(hoje)} >= ${f.atrasoMin}`,
    f.atrasoMax === undefined ? undefined : sql`${diasAtrasoSql(hoje)} <= ${f.atrasoMax}`,
    f.valorMinCentavos === undefined ? undefined : sql`${valorAbertoSql} >= ${f.valorMinCentavos}`,
    f.valorMaxCentavos === undefined ? undefined : sql`${valorAbertoSql} <= ${f.valorMaxCentavos}`,
    f.resposta === undefined ? undefined : condicaoResposta(f.resposta, agora),
    f.etiqueta === undefined ? undefined : temEtiqueta(f.etiqueta),
    f.operadorId === undefined ? undefined : eq(clientes.operadorId, f.operadorId),
  );

const expressaoDa = (chave: ClientesOrdem, hoje: string): SQL => {
  switch (chave) {
    case 'nome':
      return porNome(clientes.nome);
    case 'dias_atraso':
      return diasAtrasoSql(hoje);
    case 'total_em_aberto':
      return valorAbertoSql;
    case 'numero_chamadas':
      return sql`${clientes.numeroChamadas}`;
    case 'ultima_mensagem':
      return sql`${clientes.ultimaMensagemEm}`;
    case 'ultima_resposta':
      return ultimaRespostaSql;
    case 'aguardando_desde':
      return sql`${clientes.aguardandoDesde}`;
    case 'recuperado':
      return recuperadoSql;
    case 'concluido_em':
      return concluidoEmSql;
  }
};

/** ORDER BY for a list: the chosen value, then the id, so equal values keep one stable order; `inverso` reads it from the end. */
export const ordemDosClientes = ({ chave, sentido }: OrdemLista, hoje: string, inverso = false): SQL[] => [
  ordem(expressaoDa(chave, hoje), sentido, inverso),
  inverso ? desc(clientes.id) : asc(clientes.id),
];

const centavosDoFiltro = (reais: number | undefined): number | undefined =>
  reais === undefined ? undefined : Math.round(reais * 100);

type QueryFiltros = {
  atraso_min?: number;
  atraso_max?: number;
  valor_min?: number;
  valor_max?: number;
  resposta?: FiltroResposta;
  etiqueta?: string;
};

/** The filters of a list query (reais become cents: the contract allows at most two decimals). */
export const filtrosDaQuery = (q: QueryFiltros): FiltrosLista => ({
  atrasoMin: q.atraso_min,
  atrasoMax: q.atraso_max,
  valorMinCentavos: centavosDoFiltro(q.valor_min),
  valorMaxCentavos: centavosDoFiltro(q.valor_max),
  resposta: q.resposta,
  etiqueta: q.etiqueta,
});
