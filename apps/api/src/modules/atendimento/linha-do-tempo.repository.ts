import {
  type CursorLinhaDoTempo,
  LINHA_DO_TEMPO_TIPOS,
  type LinhaDoTempoItem,
  type LinhaDoTempoTipo,
  NOTA_PRAZO_EXCLUSAO_MINUTOS,
  type NotaItem,
  STATUS_ACOES,
} from '@cobranca/contracts';
import { centavosParaReais } from '@cobranca/dominio';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { clientes, notasCliente } from '../../db/schema/index.ts';
import { conteudoNaTela } from '../../lib/conteudo-mensagem.ts';
import { type EscopoOperador, visivelAoOperador } from '../clientes/escopo-operador.ts';

// The customer timeline (docs/produto.md §5, decision 022): one UNION ALL over the tables that hold
// what happened to a customer, paged newest first by (time, kind, id). Each branch is cut by the
// cursor and the limit itself, so a page reads at most `limite + 1` rows of each table.

/**
 * Rank of each kind among entries of the same instant (one transaction stamps a payment, the promise
 * it kept and the status it concluded with the same now()): higher comes first in the newest-first
 * order, so a consequence shows above its cause.
 */
const ORDEM_DO_TIPO: Record<LinhaDoTempoTipo, number> = Object.fromEntries(
  LINHA_DO_TEMPO_TIPOS.map((tipo, i) => [tipo, i + 1]),
) as Record<LinhaDoTempoTipo, number>;

// Microseconds, as stored: a millisecond cursor would skip or repeat entries of the same millisecond.
const texto = (coluna: SQL) => sql`to_char(${coluna} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type Ramo = {
  tipo: LinhaDoTempoTipo;
  em: SQL;
  id: SQL;
  autor: SQL;
  dados: SQL;
  from: SQL;
  where: SQL;
};

const ramo = (r: Ramo, cursor: CursorLinhaDoTempo | undefined, limite: number) => {
  const ordem = ORDEM_DO_TIPO[r.tipo];
  const antes = cursor
    ? sql`AND (${r.em}, ${sql.raw(String(ordem))}, ${r.id}::bigint) < (${cursor.em}::timestamptz, ${ORDEM_DO_TIPO[cursor.tipo]}::int, ${cursor.id}::bigint)`
    : sql``;
  return sql`(SELECT ${r.em} AS em, ${r.tipo}::text AS tipo, ${sql.raw(String(ordem))} AS ordem,
      ${r.id}::bigint AS id, u.id AS autor_id, u.name AS autor_nome, (${r.dados})::text AS dados
    FROM ${r.from} LEFT JOIN usuarios u ON u.id = ${r.autor}
    WHERE ${r.where} ${antes}
    ORDER BY 1 DESC, 4 DESC LIMIT ${limite})`;
};

const acoesDeStatus = sql.raw(
  STATUS_ACOES.filter((a) => a !== 'cliente.concluido')
    .map((a) => `'${a}'`)
    .join(', '),
);

/** Every branch of the timeline, for one customer. */
const ramos = (clienteId: number): Ramo[] => [
  {
    tipo: 'mensagem',
    em: sql`m.created_at`,
    id: sql`m.id`,
    autor: sql`m.autor_id`,
    dados: sql`jsonb_build_object('direcao', m.direcao, 'origem', m.origem, 'status', m.status, 'canal', m.canal,
      'conteudo', m.conteudo, 'erro', coalesce(m.erro_mensagem, m.erro_codigo),
      'proxima_tentativa_em', CASE WHEN m.status = 'pendente' THEN ${texto(sql`m.proxima_tentativa_em`)} END)`,
    from: sql`mensagens m`,
    where: sql`m.cliente_id = ${clienteId}`,
  },
  {
    tipo: 'chamada',
    em: sql`ch.created_at`,
    id: sql`ch.id`,
    autor: sql`ch.operador_id`,
    dados: sql`jsonb_build_object('resultado', ch.resultado, 'observacao', ch.observacao)`,
    from: sql`chamadas ch`,
    where: sql`ch.cliente_id = ${clienteId}`,
  },
  {
    tipo: 'promessa',
    em: sql`p.created_at`,
    id: sql`p.id`,
    autor: sql`p.operador_id`,
    dados: sql`jsonb_build_object('data', to_char(p.data, 'YYYY-MM-DD'), 'centavos', p.valor_centavos)`,
    from: sql`promessas p`,
    where: sql`p.cliente_id = ${clienteId}`,
  },
  {
    // Kept by a payment or broken by the engine: nobody's act.
    tipo: 'promessa_resolvida',
    em: sql`p.resolvida_em`,
    id: sql`p.id`,
    autor: sql`NULL::integer`,
    dados: sql`jsonb_build_object('data', to_char(p.data, 'YYYY-MM-DD'), 'centavos', p.valor_centavos,
      'status', p.status)`,
    from: sql`promessas p`,
    where: sql`p.cliente_id = ${clienteId} AND p.status <> 'pendente' AND p.resolvida_em IS NOT NULL`,
  },
  {
    tipo: 'negociacao',
    em: sql`n.created_at`,
    id: sql`n.id`,
    autor: sql`n.operador_id`,
    dados: sql`jsonb_build_object('centavos', n.valor_total_centavos, 'parcelas', n.parcelas)`,
    from: sql`negociacoes n`,
    where: sql`n.cliente_id = ${clienteId}`,
  },
  {
    tipo: 'negociacao_encerrada',
    em: sql`coalesce(n.encerrada_em, n.updated_at)`,
    id: sql`n.id`,
    autor: sql`NULL::integer`,
    dados: sql`jsonb_build_object('centavos', n.valor_total_centavos, 'parcelas', n.parcelas,
      'status', n.status)`,
    from: sql`negociacoes n`,
    where: sql`n.cliente_id = ${clienteId} AND n.status <> 'ativa'`,
  },
  {
    tipo: 'pagamento',
    em: sql`pg.created_at`,
    id: sql`pg.id`,
    autor: sql`pg.operador_id`,
    dados: sql`jsonb_build_object('centavos', pg.valor_centavos, 'data', to_char(pg.data, 'YYYY-MM-DD'),
      'forma', pg.forma, 'pix_automatico', pg.pix_recebido_id IS NOT NULL,
      'conciliado', pg.lancamento_bancario_id IS NOT NULL)`,
    from: sql`pagamentos pg`,
    where: sql`pg.cliente_id = ${clienteId}`,
  },
  {
    // A retorno's movement that moved no money, on the receivable it names (docs/conciliacao.md §3).
    tipo: 'movimento_bancario',
    em: sql`lb.created_at`,
    id: sql`lb.id`,
    autor: sql`NULL::integer`,
    dados: sql`jsonb_build_object('descricao', lb.descricao, 'nosso_numero', lb.nosso_numero, 'conta_id', lb.conta_id,
      'data', to_char(lb.data, 'YYYY-MM-DD'))`,
    from: sql`lancamentos_bancarios lb`,
    where: sql`lb.cliente_id = ${clienteId} AND lb.fitid IS NULL AND lb.situacao = 'ignorado' AND lb.conta_id IS NOT NULL`,
  },
  {
    // No status history table exists: the audit entries of the customer's actions are it. A payment
    // (by hand or by PIX) that settled the last debt says so in its entry (cliente_concluido).
    tipo: 'status',
    em: sql`a.created_at`,
    id: sql`a.id`,
    autor: sql`a.usuario_id`,
    dados: sql`jsonb_build_object(
      'acao', CASE WHEN a.entidade = 'cliente' THEN a.acao ELSE 'cliente.concluido' END,
      'status_anterior', a.detalhes->>'status_anterior',
      'status_novo', CASE WHEN a.entidade = 'cliente' THEN a.detalhes->>'status_novo' ELSE 'concluido' END,
      'detalhe', coalesce(a.detalhes->>'motivo', a.detalhes->>'mensagem'))`,
    from: sql`audit_logs a`,
    where: sql`((a.entidade = 'cliente' AND a.entidade_id = ${String(clienteId)} AND a.acao IN (${acoesDeStatus}))
      OR (a.acao IN ('pagamento.registrado', 'pix.recebido') AND a.detalhes->>'cliente_id' = ${String(clienteId)}
        AND a.detalhes->>'cliente_concluido' = 'true'))`,
  },
  {
    // Each step of an agreement's automatic debit (docs/pix-automatico.md §5), by the PSP or the system.
    tipo: 'debito_automatico',
    em: sql`de.created_at`,
    id: sql`de.id`,
    autor: sql`NULL::integer`,
    dados: sql`jsonb_build_object('evento', de.evento, 'negociacao_id', r.negociacao_id, 'conta_id', de.conta_id,
      'detalhe', de.detalhe)`,
    from: sql`debito_eventos de JOIN recorrencias_pix r ON r.id = de.recorrencia_id`,
    where: sql`de.cliente_id = ${clienteId}`,
  },
  {
    tipo: 'nota',
    em: sql`nt.created_at`,
    id: sql`nt.id`,
    autor: sql`nt.autor_id`,
    dados: sql`jsonb_build_object('texto', nt.texto)`,
    from: sql`notas_cliente nt`,
    where: sql`nt.cliente_id = ${clienteId}`,
  },
];

type Linha = {
  em: string;
  tipo: LinhaDoTempoTipo;
  id: string | number;
  autor_id: number | null;
  autor_nome: string | null;
  dados: string;
};

type Item<T extends LinhaDoTempoTipo> = Extract<LinhaDoTempoItem, { tipo: T }>;
/**
 * The JSON object the branches build: each fills the fields of its own kind (amounts in cents, as
 * stored, statuses of its own table), so reading them by the entry's kind below is safe.
 */
type Dados = Pick<
  Item<'mensagem'>,
  'direcao' | 'origem' | 'canal' | 'conteudo' | 'erro' | 'proxima_tentativa_em'
> &
  Pick<Item<'chamada'>, 'resultado' | 'observacao'> &
  Pick<Item<'pagamento'>, 'data' | 'forma' | 'pix_automatico' | 'conciliado'> &
  Pick<Item<'movimento_bancario'>, 'descricao' | 'nosso_numero' | 'conta_id'> &
  Pick<Item<'status'>, 'acao' | 'detalhe'> &
  Pick<Item<'nota'>, 'texto'> &
  Pick<Item<'debito_automatico'>, 'evento' | 'negociacao_id'> & {
    centavos: number | string;
    parcelas: number;
    /** The status column of the branch's own table: read as that table's type by its kind. */
    status: string;
    status_anterior: Item<'status'>['status_anterior'] | null;
    status_novo: Item<'status'>['status_novo'] | null;
  };

export const chaveDoItem = (em: string, tipo: LinhaDoTempoTipo, id: number) => `${em}~${tipo}~${id}`;

const PRAZO_MS = NOTA_PRAZO_EXCLUSAO_MINUTOS * 60_000;

/**
 * A note as its reader sees it: deletable by its author for 15 minutes from when it was written. An
 * admin reader (null) gets no deadline: they delete any note through their own route at any time.
 */
export const toNotaItem = (
  n: { id: number; em: string; texto: string; autor: { id: number; name: string } | null },
  leitorId: number | null,
  agora: Date,
): NotaItem => {
  const ate = Date.parse(n.em) + PRAZO_MS;
  return {
    chave: chaveDoItem(n.em, 'nota', n.id),
    id: n.id,
    em: n.em,
    autor: n.autor,
    tipo: 'nota',
    texto: n.texto,
    excluivel_ate:
      leitorId !== null && n.autor?.id === leitorId && ate > agora.getTime()
        ? new Date(ate).toISOString()
        : null,
  };
};

const toItem = (l: Linha, leitorId: number | null, agora: Date): LinhaDoTempoItem => {
  const id = Number(l.id);
  const autor = l.autor_id === null ? null : { id: l.autor_id, name: l.autor_nome ?? '' };
  const base = { chave: chaveDoItem(l.em, l.tipo, id), id, em: l.em, autor };
  const d = JSON.parse(l.dados) as Dados;
  switch (l.tipo) {
    case 'mensagem': {
      const status = d.status as Item<'mensagem'>['status'];
      return {
        ...base,
        tipo: l.tipo,
        direcao: d.direcao,
        origem: d.origem,
        status,
        canal: d.canal,
        conteudo: conteudoNaTela(d.conteudo, status),
        erro: d.erro,
        proxima_tentativa_em: d.proxima_tentativa_em ?? null,
      };
    }
    case 'chamada':
      return { ...base, tipo: l.tipo, resultado: d.resultado, observacao: d.observacao };
    case 'promessa':
      return { ...base, tipo: l.tipo, data: d.data, valor: centavosParaReais(Number(d.centavos)) };
    case 'promessa_resolvida':
      return {
        ...base,
        tipo: l.tipo,
        data: d.data,
        valor: centavosParaReais(Number(d.centavos)),
        status: d.status as Item<'promessa_resolvida'>['status'],
      };
    case 'negociacao':
      return {
        ...base,
        tipo: l.tipo,
        valor_total: centavosParaReais(Number(d.centavos)),
        parcelas: d.parcelas,
      };
    case 'negociacao_encerrada':
      return {
        ...base,
        tipo: l.tipo,
        valor_total: centavosParaReais(Number(d.centavos)),
        parcelas: d.parcelas,
        status: d.status as Item<'negociacao_encerrada'>['status'],
      };
    case 'pagamento':
      return {
        ...base,
        tipo: l.tipo,
        valor: centavosParaReais(Number(d.centavos)),
        data: d.data,
        forma: d.forma,
        pix_automatico: d.pix_automatico === true,
        conciliado: d.conciliado === true,
      };
    case 'movimento_bancario':
      return {
        ...base,
        tipo: l.tipo,
        descricao: d.descricao,
        nosso_numero: d.nosso_numero ?? null,
        conta_id: d.conta_id ?? null,
        data: d.data,
      };
    case 'status':
      return {
        ...base,
        tipo: l.tipo,
        acao: d.acao,
        status_anterior: d.status_anterior ?? undefined,
        status_novo: d.status_novo ?? undefined,
        detalhe: d.detalhe ?? null,
      };
    case 'debito_automatico':
      return {
        ...base,
        tipo: l.tipo,
        evento: d.evento,
        negociacao_id: d.negociacao_id,
        conta_id: d.conta_id ?? null,
        detalhe: d.detalhe ?? null,
      };
    case 'nota':
      return toNotaItem({ id, em: l.em, texto: d.texto, autor }, leitorId, agora);
  }
};

export type PaginaLinhaDoTempo = { itens: LinhaDoTempoItem[]; proximo: string | null };
type OpcoesPagina = { antes?: CursorLinhaDoTempo; limite: number };

/** One page of a customer's timeline, if `visivel` (a condition on `clientes`) lets the reader see it. */
const paginaDaLinhaDoTempo = async (
  db: DbOrTx,
  clienteId: number,
  visivel: SQL,
  leitorId: number | null,
  { antes, limite }: OpcoesPagina,
  agora: Date,
): Promise<PaginaLinhaDoTempo> => {
  const uniao = sql.join(
    ramos(clienteId).map((r) => ramo(r, antes, limite + 1)),
    sql` UNION ALL `,
  );
  const linhas = linhasDe<Linha>(
    await db.execute(sql`
      SELECT ${texto(sql`t.em`)} AS em, t.tipo, t.id::text AS id, t.autor_id, t.autor_nome, t.dados
      FROM (${uniao}) t
      WHERE EXISTS (SELECT 1 FROM ${clientes} WHERE ${and(eq(clientes.id, clienteId), visivel)})
      ORDER BY t.em DESC, t.ordem DESC, t.id DESC
      LIMIT ${limite + 1}`),
  );
  const itens = linhas.slice(0, limite).map((l) => toItem(l, leitorId, agora));
  const ultimo = itens.at(-1);
  return { itens, proximo: linhas.length > limite && ultimo ? ultimo.chave : null };
};

/**
 * Any customer's timeline, for an admin (docs/produto.md §15): read-only, so no note carries the
 * author's deadline; the admin deletes notes through `DELETE /api/admin/clientes/:id/notas/:notaId`.
 */
export const linhaDoTempoParaAdmin = (
  db: DbOrTx,
  clienteId: number,
  opcoes: OpcoesPagina,
  agora: Date = new Date(),
): Promise<PaginaLinhaDoTempo> => paginaDaLinhaDoTempo(db, clienteId, sql`true`, null, opcoes, agora);

/** The timeline of the customers one operator may see (docs/produto.md §4): anyone else's reads as empty. */
export class LinhaDoTempoDoOperador {
  constructor(
    private readonly db: DbOrTx,
    private readonly escopo: EscopoOperador,
  ) {}

  pagina(clienteId: number, opcoes: OpcoesPagina, agora: Date = new Date()): Promise<PaginaLinhaDoTempo> {
    return paginaDaLinhaDoTempo(
      this.db,
      clienteId,
      visivelAoOperador(this.escopo),
      this.escopo.operadorId,
      opcoes,
      agora,
    );
  }

  /** One note of a visible customer, as the timeline shows it. */
  async nota(clienteId: number, notaId: number, agora: Date = new Date()): Promise<NotaItem | null> {
    const [linha] = linhasDe<{
      em: string;
      id: number;
      texto: string;
      autor_id: number | null;
      autor_nome: string | null;
    }>(
      await this.db.execute(sql`
        SELECT ${texto(sql`nt.created_at`)} AS em, nt.id, nt.texto, u.id AS autor_id, u.name AS autor_nome
        FROM ${notasCliente} nt LEFT JOIN usuarios u ON u.id = nt.autor_id
        WHERE nt.id = ${notaId} AND nt.cliente_id = ${clienteId}
          AND EXISTS (SELECT 1 FROM ${clientes} WHERE ${and(eq(clientes.id, clienteId), visivelAoOperador(this.escopo))})`),
    );
    if (!linha) return null;
    const autor = linha.autor_id === null ? null : { id: linha.autor_id, name: linha.autor_nome ?? '' };
    return toNotaItem(
      { id: Number(linha.id), em: linha.em, texto: linha.texto, autor },
      this.escopo.operadorId,
      agora,
    );
  }
}
