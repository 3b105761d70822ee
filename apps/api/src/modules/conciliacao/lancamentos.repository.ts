import type { RegraConciliacao, SituacaoLancamento } from '@cobranca/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { arquivosBancarios, lancamentosBancarios } from '../../db/schema/index.ts';
import type { ArquivoLido, Lancamento } from './leitura/lancamento.ts';

// The bank files and their entries as stored (docs/conciliacao.md §2).

export type Desfecho = {
  situacao: SituacaoLancamento;
  regra: RegraConciliacao | null;
  motivo: string;
  restanteCentavos: number;
  clienteId: number | null;
  contaId: number | null;
  pixRecebidoId: number | null;
  documentoPagador?: string | null;
};

/** The file's row; `novo` false when a file with the same bytes was imported already (its row). */
export const reservarArquivo = async (
  tx: DbOrTx,
  arquivo: ArquivoLido,
  dados: { nome: string; digest: string; tamanhoBytes: number; usuarioId: number | null },
): Promise<{ id: number; novo: boolean }> => {
  const [novo] = await tx
    .insert(arquivosBancarios)
    .values({
      formato: arquivo.formato,
      banco: arquivo.banco,
      conta: arquivo.conta,
      ...dados,
      lancamentos: arquivo.lancamentos.length,
      liquidados: 0,
      jaLiquidados: 0,
      emRevisao: 0,
      ignorados: 0,
    })
    .onConflictDoNothing()
    .returning({ id: arquivosBancarios.id });
  if (novo) return { id: novo.id, novo: true };
  const [existente] = await tx
    .select({ id: arquivosBancarios.id })
    .from(arquivosBancarios)
    .where(eq(arquivosBancarios.digest, dados.digest));
  if (!existente) throw new Error('arquivo bancário em conflito sem linha');
  return { id: existente.id, novo: false };
};

const valoresDo = (arquivoId: number, l: Lancamento) => ({
  arquivoId,
  linha: l.linha,
  chave: l.chave,
  tipo: l.tipo,
  codigo: l.codigo,
  descricao: l.descricao,
  nossoNumero: l.nossoNumero,
  valorCentavos: l.valorCentavos,
  valorTituloCentavos: l.valorTituloCentavos,
  jurosMultaCentavos: l.jurosMultaCentavos,
  descontoCentavos: l.descontoCentavos,
  data: l.data,
  dataCredito: l.dataCredito,
  vencimento: l.vencimento,
  historico: l.historico,
  fitid: l.fitid,
});

/**
 * The entry's row, claiming its identity; when an earlier file (or this one) holds it, a `repetido` row
 * pointing at that entry instead. Two imports at once: the second waits on the identity's index until
 * the first commits, then repeats it.
 */
export const reservarLancamento = async (
  tx: DbOrTx,
  arquivoId: number,
  l: Lancamento,
): Promise<{ id: number; repete: { id: number; arquivoId: number; linha: number } | null }> => {
  const [novo] = await tx
    .insert(lancamentosBancarios)
    .values({ ...valoresDo(arquivoId, l), situacao: 'ignorado', motivo: '' })
    .onConflictDoNothing({ target: lancamentosBancarios.chave, where: sql`situacao <> 'repetido'` })
    .returning({ id: lancamentosBancarios.id });
  if (novo) return { id: novo.id, repete: null };
  const [original] = await tx
    .select({
      id: lancamentosBancarios.id,
      arquivoId: lancamentosBancarios.arquivoId,
      linha: lancamentosBancarios.linha,
    })
    .from(lancamentosBancarios)
    .where(and(eq(lancamentosBancarios.chave, l.chave), ne(lancamentosBancarios.situacao, 'repetido')));
  if (!original) throw new Error(`lançamento ${l.chave} em conflito sem linha`);
  const [repetido] = await tx
    .insert(lancamentosBancarios)
    .values({
      ...valoresDo(arquivoId, l),
      repeteId: original.id,
      situacao: 'repetido',
      motivo:
        original.arquivoId === arquivoId
          ? `Repete a linha ${original.linha} deste arquivo: contado uma vez só.`
          : `Já importado no arquivo nº ${original.arquivoId} (linha ${original.linha}): contado uma vez só.`,
    })
    .returning({ id: lancamentosBancarios.id });
  if (!repetido) throw new Error('insert de lançamento repetido não devolveu a linha');
  return { id: repetido.id, repete: original };
};

export const registrarDesfecho = async (tx: DbOrTx, id: number, d: Desfecho): Promise<void> => {
  await tx
    .update(lancamentosBancarios)
    .set({
      situacao: d.situacao,
      regra: d.regra,
      motivo: d.motivo,
      restanteCentavos: d.restanteCentavos,
      clienteId: d.clienteId,
      contaId: d.contaId,
      pixRecebidoId: d.pixRecebidoId,
      ...(d.documentoPagador !== undefined && { documentoPagador: d.documentoPagador }),
    })
    .where(eq(lancamentosBancarios.id, id));
};

/** The file's counts, from its entries. */
export const fecharArquivo = async (tx: DbOrTx, arquivoId: number): Promise<void> => {
  await tx.execute(sql`
    UPDATE arquivos_bancarios a SET
      liquidados = c.liquidados, ja_liquidados = c.ja_liquidados, em_revisao = c.em_revisao, ignorados = c.ignorados
    FROM (SELECT count(*) FILTER (WHERE situacao = 'liquidado')::int AS liquidados,
        count(*) FILTER (WHERE situacao IN ('ja_liquidado', 'repetido'))::int AS ja_liquidados,
        count(*) FILTER (WHERE situacao = 'em_revisao')::int AS em_revisao,
        count(*) FILTER (WHERE situacao = 'ignorado')::int AS ignorados
      FROM lancamentos_bancarios WHERE arquivo_id = ${arquivoId}) c
    WHERE a.id = ${arquivoId}`);
};
