import type { RegraConciliacao, SituacaoLancamento } from '@cobranca/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { naLista } from '../../db/na-lista.ts';
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

type Inserido = { id: number; chave: string; linha: number };

/**
 * The entries' rows in one statement, sent as one jsonb parameter (drizzle's multi-row insert builds
 * one parameter per value: a second's work for a 10 000-line file), in the file's order.
 */
const inserirLancamentos = async (
  tx: DbOrTx,
  arquivoId: number,
  itens: readonly {
    l: Lancamento;
    situacao: 'ignorado' | 'repetido';
    motivo: string;
    repeteId: number | null;
  }[],
  seNovo: boolean,
): Promise<Inserido[]> => {
  const linhas = itens.map(({ l, situacao, motivo, repeteId }, i) => ({
    i,
    linha: l.linha,
    chave: l.chave,
    tipo: l.tipo,
    codigo: l.codigo,
    descricao: l.descricao,
    nosso_numero: l.nossoNumero,
    valor: l.valorCentavos,
    valor_titulo: l.valorTituloCentavos,
    juros_multa: l.jurosMultaCentavos,
    desconto: l.descontoCentavos,
    data: l.data,
    data_credito: l.dataCredito,
    vencimento: l.vencimento,
    historico: l.historico,
    fitid: l.fitid,
    situacao,
    motivo,
    repete_id: repeteId,
  }));
  return linhasDe<Inserido>(
    await tx.execute(sql`
      INSERT INTO lancamentos_bancarios (arquivo_id, linha, chave, tipo, codigo, descricao, nosso_numero,
        valor_centavos, valor_titulo_centavos, juros_multa_centavos, desconto_centavos, data, data_credito,
        vencimento, historico, fitid, situacao, motivo, repete_id)
      SELECT ${arquivoId}, x.linha, x.chave, x.tipo, x.codigo, x.descricao, x.nosso_numero, x.valor,
        x.valor_titulo, x.juros_multa, x.desconto, x.data, x.data_credito, x.vencimento, x.historico, x.fitid,
        x.situacao, x.motivo, x.repete_id
      FROM jsonb_to_recordset(${JSON.stringify(linhas)}::jsonb) AS x(i int, linha int, chave text, tipo text,
        codigo text, descricao text, nosso_numero text, valor bigint, valor_titulo bigint, juros_multa bigint,
        desconto bigint, data date, data_credito date, vencimento date, historico text, fitid text,
        situacao text, motivo text, repete_id int)
      ORDER BY x.i
      ${seNovo ? sql`ON CONFLICT (chave) WHERE situacao <> 'repetido' DO NOTHING` : sql``}
      RETURNING id, chave, linha`),
  ).map((r) => ({ id: Number(r.id), chave: r.chave, linha: Number(r.linha) }));
};

/**
 * The entries' rows, each claiming its identity; one an earlier file (or an earlier line of this one)
 * holds gets a `repetido` row pointing at that entry instead. Answers, in the file's order, each entry's
 * id, or null for a repeated one. Two imports at once: the second waits on the identities' index until
 * the first commits, then repeats them.
 */
export const reservarLancamentos = async (
  tx: DbOrTx,
  arquivoId: number,
  lancamentos: readonly Lancamento[],
): Promise<(number | null)[]> => {
  if (lancamentos.length === 0) return [];
  const novos = await inserirLancamentos(
    tx,
    arquivoId,
    lancamentos.map((l) => ({ l, situacao: 'ignorado', motivo: '', repeteId: null })),
    true,
  );
  const porChave = new Map(novos.map((n) => [n.chave, n]));
  const ids = lancamentos.map((l) => {
    const novo = porChave.get(l.chave);
    if (!novo || novo.linha !== l.linha) return null;
    porChave.delete(l.chave);
    return novo.id;
  });
  const repetidos = lancamentos.filter((_, i) => ids[i] === null);
  if (repetidos.length === 0) return ids;
  const originais = new Map(
    (
      await tx
        .select({
          id: lancamentosBancarios.id,
          chave: lancamentosBancarios.chave,
          arquivoId: lancamentosBancarios.arquivoId,
          linha: lancamentosBancarios.linha,
        })
        .from(lancamentosBancarios)
        .where(
          and(
            naLista(lancamentosBancarios.chave, [...new Set(repetidos.map((l) => l.chave))], 'text'),
            ne(lancamentosBancarios.situacao, 'repetido'),
          ),
        )
    ).map((o) => [o.chave, o]),
  );
  await inserirLancamentos(
    tx,
    arquivoId,
    repetidos.map((l) => {
      const original = originais.get(l.chave);
      if (!original) throw new Error(`lançamento ${l.chave} em conflito sem linha`);
      return {
        l,
        situacao: 'repetido',
        repeteId: original.id,
        motivo:
          original.arquivoId === arquivoId
            ? `Repete a linha ${original.linha} deste arquivo: contado uma vez só.`
            : `Já importado no arquivo nº ${original.arquivoId} (linha ${original.linha}): contado uma vez só.`,
      };
    }),
    false,
  );
  return ids;
};

/** What became of each entry, in one statement. */
export const registrarDesfechos = async (
  tx: DbOrTx,
  desfechos: readonly { id: number; desfecho: Desfecho }[],
): Promise<void> => {
  if (desfechos.length === 0) return;
  const linhas = desfechos.map(({ id, desfecho: d }) => ({
    id,
    situacao: d.situacao,
    regra: d.regra,
    motivo: d.motivo,
    restante: d.restanteCentavos,
    cliente_id: d.clienteId,
    conta_id: d.contaId,
    pix_recebido_id: d.pixRecebidoId,
    documento: d.documentoPagador ?? null,
  }));
  await tx.execute(sql`
    UPDATE lancamentos_bancarios lb SET situacao = x.situacao, regra = x.regra, motivo = x.motivo,
      restante_centavos = x.restante, cliente_id = x.cliente_id, conta_id = x.conta_id,
      pix_recebido_id = x.pix_recebido_id, documento_pagador = x.documento
    FROM jsonb_to_recordset(${JSON.stringify(linhas)}::jsonb) AS x(id int, situacao text, regra text,
      motivo text, restante bigint, cliente_id int, conta_id int, pix_recebido_id int, documento text)
    WHERE lb.id = x.id`);
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
