import { type ClienteLista, NAO_LIDAS_MAXIMO } from '@cobranca/contracts';
import { centavosParaReais, diasDeAtraso } from '@cobranca/dominio';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { lerLinha, linhaJson } from '../../db/linhas-json.ts';
import {
  clientes,
  contasReceber,
  leiturasCliente,
  mensagens,
  pagamentos,
  usuarios,
} from '../../db/schema/index.ts';
import { colunasCliente, toClienteBase } from './clientes-admin.repository.ts';
import { colunasUltimaMensagem, toUltimaMensagem } from './ultima-mensagem.ts';
import { type Atualizacao, colunasDeEncargos, encargosDaConta } from './valor-atualizado.ts';

// One page of an operator list in one statement (issue 18): the page's ids first, from the index that
// holds the list's scope, status and order (a deferred join: a deep page walks index entries, not
// rows), then each row with its aggregates as correlated subqueries, the whole page as one JSON value
// decoded through each column's own mapper (db/linhas-json.ts), and the list's total beside it.

/** A statement value, or its placeholder when the statement is prepared once for every request. */
export type Valor<T> = T | Placeholder;

const colunasClienteOperador = {
  ...colunasCliente,
  aguardandoDesde: clientes.aguardandoDesde,
  etiquetas: clientes.etiquetas,
};

const colunasConta = colunasDeEncargos;

const colunasResposta = { conteudo: mensagens.conteudo, createdAt: mensagens.createdAt };

const colunasRecuperado = { centavos: pagamentos.valorCentavos, ultimoEm: pagamentos.createdAt };

// Correlated to the page's `clientes` row. Fines and interest are computed per day in JS, so the open
// receivables come as rows.
const abertas = sql`(SELECT json_agg(${linhaJson(colunasConta)}) FROM ${contasReceber} WHERE ${contasReceber.clienteId} = ${clientes.id} AND ${contasReceber.status} = 'aberta')`;

const ultimaMensagem = sql`(SELECT ${linhaJson(colunasUltimaMensagem)} FROM ${mensagens} WHERE ${mensagens.clienteId} = ${clientes.id} ORDER BY ${mensagens.createdAt} DESC, ${mensagens.id} DESC LIMIT 1)`;

const ultimaResposta = sql`(SELECT ${linhaJson(colunasResposta)} FROM ${mensagens} WHERE ${mensagens.clienteId} = ${clientes.id} AND ${mensagens.direcao} = 'entrada' ORDER BY ${mensagens.createdAt} DESC, ${mensagens.id} DESC LIMIT 1)`;

// What the customer paid (manual and PIX alike) and when the last payment was recorded. A customer
// becomes `concluido` only when a payment leaves nothing open (or when imported without debt), and no
// payment can follow without a new open receivable, so for a `concluido` customer that is when it was
// concluded.
const recuperado = sql`(SELECT json_build_array(sum(${pagamentos.valorCentavos})::text, max(${pagamentos.createdAt})::text) FROM ${pagamentos} WHERE ${pagamentos.clienteId} = ${clientes.id})`;

/**
 * Inbound messages newer than the operator's reading (all without one), counted up to the cap only
 * (decision 023). The system reads no conversation: nothing is unread for it.
 */
const naoLidas = (operadorId: Valor<number> | null): SQL =>
  operadorId === null
    ? sql`0`
    : sql`(SELECT count(*) FROM (SELECT 1 FROM ${mensagens} WHERE ${mensagens.clienteId} = ${clientes.id} AND ${mensagens.direcao} = 'entrada' AND ${mensagens.createdAt} > coalesce((SELECT ${leiturasCliente.lidaAte} FROM ${leiturasCliente} WHERE ${leiturasCliente.usuarioId} = ${operadorId} AND ${leiturasCliente.clienteId} = ${clientes.id}), '-infinity') LIMIT ${NAO_LIDAS_MAXIMO}) AS nao_lidas)`;

/** LIMIT and OFFSET; the limit may be written into the SQL, a constant a prepared plan can count on. */
export type PaginaSql = { limit: Valor<number> | SQL; offset: Valor<number> };

type ConsultaLista = {
  where: SQL | undefined;
  /** The list's ORDER BY; none for an export's batch, which comes back in the caller's order of ids. */
  ordem: SQL[] | null;
  /** None: every row the WHERE keeps (an export's batch). */
  pagina: PaginaSql | null;
  /** The unread markers of this operator; `false` when the rows do not show them (a file). */
  naoLidasDe: Valor<number> | null | false;
  /**
   * The list's total beside the page: counted over the WHERE, or read from a read model with the same
   * order reversed (a page past the middle is then read from the end), or none (0).
   */
  total: 'contar' | { leitura: SQL; ordemDoFim: SQL[] } | null;
};

const ordenar = (ordem: SQL[] | null) => (ordem ? sql` ORDER BY ${sql.join(ordem, sql`, `)}` : sql``);

const limitar = (pagina: PaginaSql | null) =>
  pagina ? sql` LIMIT ${pagina.limit} OFFSET ${pagina.offset}` : sql``;

/**
 * The page's ids in one order. Numbered after the LIMIT, in the order the sorted subquery yields them:
 * only the page's rows pass through the window, not every row the OFFSET skips.
 */
const idsNaOrdem = (where: SQL, ordem: SQL[] | null, limitar: SQL, numero: SQL = sql`row_number() OVER ()`) =>
  sql`SELECT id, ${numero} AS n FROM (SELECT ${clientes.id} AS id FROM ${clientes} WHERE ${where}${ordenar(ordem)}${limitar}) AS ids`;

/**
 * With an exact total at hand, an OFFSET walks from whichever end of the list is nearer: page 400 of
 * 447 skips 938 index entries instead of 7 980 (docs/decisions/059-paginas-pelo-fim.md). Both halves are
 * in the statement; PostgreSQL runs only the one whose condition holds, and the reversed half numbers
 * its rows negatively, so ORDER BY n gives the list's own order.
 */
const idsDosDoisLados = (where: SQL, ordem: SQL[], ordemDoFim: SQL[], pagina: PaginaSql) => {
  const { limit, offset } = pagina;
  const doInicio = sql`2 * ${offset} + ${limit} <= uma_linha.total`;
  const peloInicio = idsNaOrdem(sql`(${where}) AND ${doInicio}`, ordem, limitar(pagina));
  const peloFim = idsNaOrdem(
    sql`(${where}) AND NOT (${doInicio})`,
    ordemDoFim,
    sql` LIMIT least(${limit}, greatest(uma_linha.total - ${offset}, 0)) OFFSET greatest(uma_linha.total - ${offset} - ${limit}, 0)`,
    sql`-row_number() OVER ()`,
  );
  return sql`${peloInicio} UNION ALL ${peloFim}`;
};

/**
 * The statement. Its FROM is one row holding the total, so the total comes back even for a page past
 * the end; the page's ids are numbered in the list's order, and the JSON array keeps that order.
 */
export const consultaLista = (db: DbOrTx, c: ConsultaLista) => {
  const where = c.where ?? sql`true`;
  const leitura = c.total !== null && c.total !== 'contar' ? c.total : null;
  const ids =
    c.pagina && c.ordem && leitura
      ? idsDosDoisLados(where, c.ordem, leitura.ordemDoFim, c.pagina)
      : idsNaOrdem(where, c.ordem, limitar(c.pagina));
  const linha = sql`json_build_array(${linhaJson(colunasClienteOperador)}, ${abertas}, ${ultimaMensagem}, ${ultimaResposta}, ${recuperado}, ${c.naoLidasDe === false ? sql`0` : naoLidas(c.naoLidasDe)})`;
  const linhas = sql`(SELECT coalesce(json_agg(${linha} ORDER BY pagina.n), '[]') FROM (${ids}) AS pagina JOIN ${clientes} ON ${clientes.id} = pagina.id LEFT JOIN ${usuarios} ON ${usuarios.id} = ${clientes.operadorId})`;
  const total =
    c.total === 'contar'
      ? sql`(SELECT count(*) FROM ${clientes} WHERE ${where})`
      : (leitura?.leitura ?? sql`0`);
  // Nested one level: a field written directly would lose its table names (cliente-detalhe.repository.ts).
  return (
    db
      .select({
        total: sql<number>`uma_linha.total`.mapWith(Number),
        linhas: sql<LinhaJson[]>`${linhas}`,
      })
      // OFFSET 0 keeps the total one value: pulled up, each mention of it would read it again.
      .from(sql`(SELECT ${total} AS total OFFSET 0) AS uma_linha`)
  );
};

// [customer columns, open receivables, newest message, newest reply, [paid, last payment], unread]
type LinhaJson = [
  unknown[],
  unknown[][] | null,
  unknown[] | null,
  unknown[] | null,
  [string | null, string | null],
  number,
];

const abertoDe = (contas: unknown[][] | null, atualizacao: Atualizacao) => {
  let centavos = 0;
  let vencimentoMaisAntigo: string | null = null;
  for (const valores of contas ?? []) {
    const conta = lerLinha(colunasConta, valores);
    centavos += encargosDaConta(conta, atualizacao).totalCentavos;
    if (vencimentoMaisAntigo === null || conta.vencimento < vencimentoMaisAntigo)
      vencimentoMaisAntigo = conta.vencimento;
  }
  return { centavos, vencimentoMaisAntigo };
};

/** A row of the statement as the list shows it. */
export const toClienteLista = (
  [cliente, contas, ultima, resposta, pago, naoLidasDoCliente]: LinhaJson,
  atualizacao: Atualizacao,
): ClienteLista => {
  const l = lerLinha(colunasClienteOperador, cliente);
  const aberto = abertoDe(contas, atualizacao);
  const r = resposta ? lerLinha(colunasResposta, resposta) : null;
  // No payment: the sum and the last time are null.
  const { centavos, ultimoEm } = lerLinha(colunasRecuperado, pago) as {
    centavos: number | null;
    ultimoEm: Date | null;
  };
  // Object.assign, not a spread: V8 copied the spread's fields by its slow path, half of a page's
  // decoding (docs/decisions/051-listas-sem-copias-lentas.md).
  return Object.assign(toClienteBase(l, aberto.centavos), {
    dias_atraso: aberto.vencimentoMaisAntigo
      ? diasDeAtraso(aberto.vencimentoMaisAntigo, atualizacao.hoje)
      : 0,
    ultima_mensagem: ultima ? toUltimaMensagem(lerLinha(colunasUltimaMensagem, ultima)) : null,
    aguardando_desde: l.aguardandoDesde?.toISOString() ?? null,
    ultima_resposta: r ? { conteudo: r.conteudo, created_at: r.createdAt.toISOString() } : null,
    recuperado: centavosParaReais(centavos ?? 0),
    concluido_em: ultimoEm?.toISOString() ?? null,
    nao_lidas: naoLidasDoCliente,
    etiquetas: l.etiquetas,
  });
};
