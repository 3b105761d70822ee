import type {
  ArquivoBancarioView,
  CandidatoConciliacao,
  ItemRevisaoConciliacao,
  LancamentoBancarioView,
  Paged,
} from '@cobranca/contracts';
import { DEFAULT_PAGE_SIZE } from '@cobranca/contracts';
import { centavosParaReais, type PercentuaisEncargos } from '@cobranca/dominio';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { arquivosBancarios, clientes, lancamentosBancarios, usuarios } from '../../db/schema/index.ts';
import { ErroDominio } from '../../lib/errors.ts';
import { pageOffset, toPaged } from '../../lib/paging.ts';
import { contaDaLinha, encargosDaConta, type LinhaDeEncargos } from '../clientes/valor-atualizado.ts';

// What the reconciliation screens and the API show (docs/conciliacao.md §6): a file with its entries,
// the files imported, and the review queue with each entry's best candidates.

export const ARQUIVO_NAO_ENCONTRADO = 'Arquivo bancário não encontrado.';
export const LANCAMENTO_NAO_ENCONTRADO = 'Lançamento bancário não encontrado.';

const colunasDoLancamento = {
  l: lancamentosBancarios,
  cliente: { id: clientes.id, nome: clientes.nome },
};
type LinhaDoLancamento = {
  l: typeof lancamentosBancarios.$inferSelect;
  cliente: { id: number; nome: string } | null;
};

export const lancamentoView = ({ l, cliente }: LinhaDoLancamento): LancamentoBancarioView => ({
  id: l.id,
  linha: l.linha,
  tipo: l.tipo,
  codigo: l.codigo,
  descricao: l.descricao,
  nosso_numero: l.nossoNumero,
  fitid: l.fitid,
  historico: l.historico,
  valor: centavosParaReais(l.valorCentavos),
  restante: centavosParaReais(l.restanteCentavos),
  data: l.data,
  data_credito: l.dataCredito,
  situacao: l.situacao,
  regra: l.regra,
  motivo: l.motivo,
  cliente: cliente?.id ? cliente : null,
  conta_id: l.contaId,
});

export const buscarLancamentoView = async (db: DbOrTx, id: number): Promise<LancamentoBancarioView> => {
  const [linha] = await db
    .select(colunasDoLancamento)
    .from(lancamentosBancarios)
    .leftJoin(clientes, eq(clientes.id, lancamentosBancarios.clienteId))
    .where(eq(lancamentosBancarios.id, id));
  if (!linha) throw new ErroDominio('LANCAMENTO_NAO_ENCONTRADO', LANCAMENTO_NAO_ENCONTRADO);
  return lancamentoView(linha);
};

const colunasDoArquivo = {
  a: arquivosBancarios,
  usuario: { id: usuarios.id, nome: usuarios.name },
};

const arquivoView = ({
  a,
  usuario,
}: {
  a: typeof arquivosBancarios.$inferSelect;
  usuario: { id: number; nome: string } | null;
}): ArquivoBancarioView => ({
  id: a.id,
  nome: a.nome,
  formato: a.formato,
  banco: a.banco,
  conta: a.conta,
  importado_em: a.createdAt.toISOString(),
  importado_por: usuario?.id ? usuario : null,
  lancamentos: a.lancamentos,
  liquidados: a.liquidados,
  ja_liquidados: a.jaLiquidados,
  em_revisao: a.emRevisao,
  ignorados: a.ignorados,
});

export const resultadoDoArquivo = async (db: DbOrTx, id: number, repetido: boolean) => {
  const [arquivo] = await db
    .select(colunasDoArquivo)
    .from(arquivosBancarios)
    .leftJoin(usuarios, eq(usuarios.id, arquivosBancarios.usuarioId))
    .where(eq(arquivosBancarios.id, id));
  if (!arquivo) throw new ErroDominio('ARQUIVO_BANCARIO_NAO_ENCONTRADO', ARQUIVO_NAO_ENCONTRADO);
  const linhas = await db
    .select(colunasDoLancamento)
    .from(lancamentosBancarios)
    .leftJoin(clientes, eq(clientes.id, lancamentosBancarios.clienteId))
    .where(eq(lancamentosBancarios.arquivoId, id))
    .orderBy(lancamentosBancarios.linha, lancamentosBancarios.id);
  return { ...arquivoView(arquivo), repetido, linhas: linhas.map(lancamentoView) };
};

export const listarArquivos = async (db: DbOrTx, page: number): Promise<Paged<ArquivoBancarioView>> => {
  const [linhas, [total]] = await Promise.all([
    db
      .select(colunasDoArquivo)
      .from(arquivosBancarios)
      .leftJoin(usuarios, eq(usuarios.id, arquivosBancarios.usuarioId))
      .orderBy(desc(arquivosBancarios.createdAt), desc(arquivosBancarios.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset(pageOffset(page, DEFAULT_PAGE_SIZE)),
    db.select({ n: count() }).from(arquivosBancarios),
  ]);
  return toPaged(linhas.map(arquivoView), total?.n ?? 0, page, DEFAULT_PAGE_SIZE);
};

const CANDIDATOS = 5;

type LinhaCandidata = LinhaDeEncargos & {
  lancamento_id: number;
  conta_id: number;
  descricao: string;
  cliente_id: number;
  cliente_nome: string;
};

const PRE_CANDIDATOS = 50;

/**
 * The receivables each entry may pay, closest amount first: its customer's open ones when the entry
 * names a customer, else any open receivable whose principal is within 10 % of the amount. One
 * statement for a page of entries: a branch per entry runs only when its condition holds.
 */
const candidatosDe = async (
  db: DbOrTx,
  ls: readonly (typeof lancamentosBancarios.$inferSelect)[],
  percentuais: PercentuaisEncargos,
): Promise<Map<number, CandidatoConciliacao[]>> => {
  const alvos = ls.map((l) => ({ id: l.id, cliente_id: l.clienteId, valor: l.restanteCentavos }));
  const colunas = sql`c.id, c.descricao, c.vencimento::text AS vencimento, c.valor_centavos, c.valor_pago_centavos,
    c.multa_pendente_centavos, c.juros_pendentes_centavos, c.encargos_ate::text AS encargos_ate, c.cliente_id`;
  const linhas =
    alvos.length === 0
      ? []
      : linhasDe<LinhaCandidata>(
          await db.execute(sql`
            SELECT x.id AS lancamento_id, c.id AS conta_id, c.descricao, c.vencimento, c.valor_centavos,
              c.valor_pago_centavos, c.multa_pendente_centavos, c.juros_pendentes_centavos, c.encargos_ate,
              cl.id AS cliente_id, cl.nome AS cliente_nome
            FROM jsonb_to_recordset(${JSON.stringify(alvos)}::jsonb) AS x(id int, cliente_id int, valor bigint)
            CROSS JOIN LATERAL (
              (SELECT ${colunas} FROM contas_receber c
                WHERE x.cliente_id IS NOT NULL AND c.cliente_id = x.cliente_id AND c.status = 'aberta'
                ORDER BY abs(c.valor_centavos - c.valor_pago_centavos - x.valor), c.id LIMIT ${PRE_CANDIDATOS})
              UNION ALL
              (SELECT ${colunas} FROM contas_receber c
                WHERE x.cliente_id IS NULL AND c.status = 'aberta'
                  AND c.valor_centavos - c.valor_pago_centavos BETWEEN floor(x.valor * 0.9) AND ceil(x.valor * 1.1)
                ORDER BY abs(c.valor_centavos - c.valor_pago_centavos - x.valor), c.id LIMIT ${PRE_CANDIDATOS})
            ) c
            JOIN clientes cl ON cl.id = c.cliente_id`),
        );
  const porLancamento = new Map(ls.map((l) => [l.id, l]));
  const candidatos = new Map<number, (CandidatoConciliacao & { distancia: number })[]>();
  for (const c of linhas) {
    const l = porLancamento.get(Number(c.lancamento_id));
    if (!l) continue;
    const atualizado = encargosDaConta(contaDaLinha(c), { hoje: l.data, percentuais }).totalCentavos;
    const lista = candidatos.get(l.id) ?? [];
    lista.push({
      cliente: { id: Number(c.cliente_id), nome: c.cliente_nome },
      conta_id: Number(c.conta_id),
      descricao: c.descricao,
      vencimento: c.vencimento,
      valor_atualizado: centavosParaReais(atualizado),
      diferenca: centavosParaReais(l.restanteCentavos - atualizado),
      distancia: Math.abs(l.restanteCentavos - atualizado),
    });
    candidatos.set(l.id, lista);
  }
  return new Map(
    [...candidatos].map(([id, lista]) => [
      id,
      lista
        .sort((a, b) => a.distancia - b.distancia || a.conta_id - b.conta_id)
        .slice(0, CANDIDATOS)
        .map(({ distancia: _distancia, ...c }) => c),
    ]),
  );
};

const emRevisao = eq(lancamentosBancarios.situacao, 'em_revisao');

/** The entries of `ids` as the review queue shows them, in the order of `ids`. */
export const itensDaRevisao = async (
  db: DbOrTx,
  ids: number[],
  percentuais: PercentuaisEncargos,
): Promise<ItemRevisaoConciliacao[]> => {
  if (ids.length === 0) return [];
  const linhas = await db
    .select({ ...colunasDoLancamento, arquivo: { id: arquivosBancarios.id, nome: arquivosBancarios.nome } })
    .from(lancamentosBancarios)
    .innerJoin(arquivosBancarios, eq(arquivosBancarios.id, lancamentosBancarios.arquivoId))
    .leftJoin(clientes, eq(clientes.id, lancamentosBancarios.clienteId))
    .where(inArray(lancamentosBancarios.id, ids));
  const porId = new Map(linhas.map((l) => [l.l.id, l]));
  const candidatos = await candidatosDe(
    db,
    linhas.map((l) => l.l),
    percentuais,
  );
  return ids.flatMap((id) => {
    const linha = porId.get(id);
    return linha
      ? [{ ...lancamentoView(linha), arquivo: linha.arquivo, candidatos: candidatos.get(id) ?? [] }]
      : [];
  });
};

/** The queue's entries, oldest first (a page of them, or all for the export). */
export const idsEmRevisao = async (
  db: DbOrTx,
  pagina?: { limit: number; offset: number },
): Promise<number[]> => {
  const consulta = db
    .select({ id: lancamentosBancarios.id })
    .from(lancamentosBancarios)
    .where(emRevisao)
    .orderBy(lancamentosBancarios.data, lancamentosBancarios.id);
  return (await (pagina ? consulta.limit(pagina.limit).offset(pagina.offset) : consulta)).map((l) => l.id);
};

export const listarRevisao = async (
  db: DbOrTx,
  page: number,
  percentuais: PercentuaisEncargos,
): Promise<Paged<ItemRevisaoConciliacao>> => {
  const [ids, [total]] = await Promise.all([
    idsEmRevisao(db, { limit: DEFAULT_PAGE_SIZE, offset: pageOffset(page, DEFAULT_PAGE_SIZE) }),
    db.select({ n: count() }).from(lancamentosBancarios).where(emRevisao),
  ]);
  return toPaged(await itensDaRevisao(db, ids, percentuais), total?.n ?? 0, page, DEFAULT_PAGE_SIZE);
};
