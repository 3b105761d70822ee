import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { clientes, importacoes } from '../../db/schema/index.ts';
import {
  type ContextoLote,
  chaveConta,
  type Documento,
  type Existente,
  type ItemLote,
  type NovoCliente,
  podeAlterar,
  type ResultadoItem,
  statusAoImportar,
} from './importacao-lote.regras.ts';

// SQL of an import batch: read the known customers, insert and update customers and receivables,
// move the import's counters. The caller's transaction holds them together (gravar-lote.service.ts).

/** The heartbeat commits with the batch: an import whose process died stops moving it. */
export const marcarSinalDeVida = async (tx: Tx, importacaoId: number): Promise<void> => {
  await tx.update(importacoes).set({ atualizadaEm: sql`now()` }).where(eq(importacoes.id, importacaoId));
};

export const selecionarExistentes = (tx: Tx, documentos: string[]): Promise<Existente[]> =>
  tx
    .select({
      id: clientes.id,
      documento: clientes.documento,
      operadorId: clientes.operadorId,
      status: clientes.status,
      telefone: clientes.telefone,
      email: clientes.email,
      endereco: clientes.endereco,
    })
    .from(clientes)
    .where(inArray(clientes.documento, documentos))
    .for('update');

/**
 * The counters move with the batch, in its transaction: an import cut short (crash, kill) still says
 * what its committed batches wrote, and never counts a row that was rolled back.
 */
export const somarAosTotais = async (
  tx: Tx,
  importacaoId: number,
  resultados: ResultadoItem[],
  rejeitadosAntes: number,
): Promise<void> => {
  const soma = { criado: 0, atualizado: 0, ignorado: 0, rejeitado: rejeitadosAntes, contas: 0 };
  for (const r of resultados) {
    soma[r.resultado] += 1;
    if (r.resultado !== 'rejeitado') soma.contas += r.contasCriadas;
  }
  await tx
    .update(importacoes)
    .set({
      criados: sql`${importacoes.criados} + ${soma.criado}`,
      atualizados: sql`${importacoes.atualizados} + ${soma.atualizado}`,
      ignorados: sql`${importacoes.ignorados} + ${soma.ignorado}`,
      rejeitados: sql`${importacoes.rejeitados} + ${soma.rejeitado}`,
      contasCriadas: sql`${importacoes.contasCriadas} + ${soma.contas}`,
    })
    .where(eq(importacoes.id, importacaoId));
};

// Batches go in as one jsonb parameter: building a 1 000-row, 10 000-parameter statement costs more
// than the database takes to run it.

export const inserirClientes = async (
  tx: Tx,
  valores: NovoCliente[],
): Promise<{ id: number; documento: string }[]> =>
  linhasDe(
    await tx.execute(sql`
      INSERT INTO clientes (nome, documento, documento_tipo, telefone, email, endereco, termo_busca, status,
        operador_id, origem_contato)
      SELECT nome, documento, documento_tipo, telefone, email, endereco, termo_busca, status, operador_id,
        origem_contato
      FROM jsonb_to_recordset(${JSON.stringify(
        valores.map((v) => ({
          nome: v.nome,
          documento: v.documento,
          documento_tipo: v.documentoTipo,
          telefone: v.telefone,
          email: v.email,
          endereco: v.endereco,
          termo_busca: v.termoBusca,
          status: v.status,
          operador_id: v.operadorId,
          origem_contato: v.origemContato,
        })),
      )}::jsonb) AS x(nome text, documento text, documento_tipo text, telefone text, email text, endereco jsonb,
        termo_busca text, status text, operador_id integer, origem_contato text)
      ON CONFLICT (documento) DO NOTHING
      RETURNING id, documento`),
  );

/** The keys of the receivables created, and the customers that got an open (collectable) one. */
export type ContasNovas = { chaves: Set<string>; clientes: Set<number> };

/** Inserts the receivables of every item the operator may write; answers what was really created. */
export const inserirContas = async (
  tx: Tx,
  contexto: ContextoLote,
  itens: ItemLote[],
  porDocumento: Map<string, Existente>,
): Promise<ContasNovas> => {
  const linhas = itens.flatMap((item) => {
    const cliente = porDocumento.get(item.cliente.documento);
    if (!cliente || !podeAlterar(cliente, contexto)) return [];
    return item.contas.map((conta) => ({
      cliente_id: cliente.id,
      origem: contexto.origem,
      chave_nfe: conta.chaveNfe ?? null,
      numero_parcela: conta.numeroParcela ?? null,
      importacao_id: contexto.importacaoId,
      descricao: conta.descricao,
      valor_centavos: conta.valorCentavos,
      vencimento: conta.vencimento,
      status: statusAoImportar(conta, contexto.hoje),
      banco: conta.boleto?.banco ?? null,
      nosso_numero: conta.boleto?.nossoNumero ?? null,
      linha_digitavel: conta.boleto?.linhaDigitavel ?? null,
      codigo_barras: conta.boleto?.codigoBarras ?? null,
    }));
  });
  if (linhas.length === 0) return { chaves: new Set(), clientes: new Set() };
  const conflito =
    contexto.origem === 'nfe'
      ? sql`(chave_nfe, numero_parcela) WHERE chave_nfe IS NOT NULL`
      : sql`(cliente_id, vencimento, valor_centavos, descricao) WHERE origem = 'importacao_csv'`;
  const criadas = linhasDe<{
    cliente_id: number;
    chave_nfe: string | null;
    numero_parcela: string | null;
    descricao: string;
    valor_centavos: string | number;
    vencimento: string;
    status: string;
  }>(
    await tx.execute(sql`
      INSERT INTO contas_receber (cliente_id, origem, chave_nfe, numero_parcela, importacao_id, descricao,
        valor_centavos, vencimento, status, banco, nosso_numero, linha_digitavel, codigo_barras)
      SELECT cliente_id, origem, chave_nfe, numero_parcela, importacao_id, descricao, valor_centavos, vencimento,
        status, banco, nosso_numero, linha_digitavel, codigo_barras
      FROM jsonb_to_recordset(${JSON.stringify(linhas)}::jsonb) AS x(cliente_id integer, origem text,
        chave_nfe text, numero_parcela text, importacao_id integer, descricao text, valor_centavos bigint,
        vencimento date, status text, banco text, nosso_numero text, linha_digitavel text, codigo_barras text)
      ON CONFLICT ${conflito} DO NOTHING
      RETURNING cliente_id, chave_nfe, numero_parcela, descricao, valor_centavos, vencimento::text, status`),
  );
  return {
    chaves: new Set(
      criadas.map((c) =>
        chaveConta(c.cliente_id, {
          chaveNfe: c.chave_nfe,
          numeroParcela: c.numero_parcela,
          descricao: c.descricao,
          valorCentavos: Number(c.valor_centavos),
          vencimento: c.vencimento,
        }),
      ),
    ),
    // Only debt that can be collected brings a concluded customer back.
    clientes: new Set(criadas.filter((c) => c.status === 'aberta').map((c) => c.cliente_id)),
  };
};

/**
 * The items whose boleto is taken: a nosso número already another receivable's (not this same one
 * imported again), or given by an earlier item of the batch. Answers each such item's index and why.
 */
export const boletosEmUso = async (tx: Tx, itens: ItemLote[]): Promise<Map<number, string>> => {
  const pedidos = itens.flatMap((item, indice) =>
    item.contas.flatMap((conta) =>
      conta.boleto?.nossoNumero
        ? [
            {
              indice,
              documento: item.cliente.documento,
              conta,
              banco: conta.boleto.banco,
              nosso: conta.boleto.nossoNumero,
            },
          ]
        : [],
    ),
  );
  const recusados = new Map<number, string>();
  if (pedidos.length === 0) return recusados;
  const existentes = linhasDe<{
    id: number;
    banco: string;
    nosso_numero: string;
    documento: string;
    descricao: string;
    valor_centavos: string | number;
    vencimento: string;
  }>(
    await tx.execute(sql`
      SELECT cr.id, cr.banco, cr.nosso_numero, c.documento, cr.descricao, cr.valor_centavos, cr.vencimento::text
      FROM contas_receber cr JOIN clientes c ON c.id = cr.cliente_id
      WHERE (cr.banco, cr.nosso_numero) IN (
        SELECT x.banco, x.nosso FROM jsonb_to_recordset(${JSON.stringify(pedidos.map((p) => ({ banco: p.banco, nosso: p.nosso })))}::jsonb)
          AS x(banco text, nosso text))`),
  );
  const porBoleto = new Map(existentes.map((e) => [`${e.banco}:${e.nosso_numero}`, e]));
  const naPlanilha = new Set<string>();
  for (const p of pedidos) {
    const chave = `${p.banco}:${p.nosso}`;
    const existente = porBoleto.get(chave);
    const mesma =
      existente &&
      existente.documento === p.documento &&
      existente.descricao === p.conta.descricao &&
      Number(existente.valor_centavos) === p.conta.valorCentavos &&
      existente.vencimento === p.conta.vencimento;
    if (existente && !mesma)
      recusados.set(
        p.indice,
        `O nosso número ${p.nosso} do banco ${p.banco} já é da conta nº ${existente.id}.`,
      );
    else if (naPlanilha.has(chave))
      recusados.set(p.indice, `O nosso número ${p.nosso} do banco ${p.banco} se repete na planilha.`);
    naPlanilha.add(chave);
  }
  return recusados;
};

/** Contact data from the file (empty cells never erase), the importer as owner when there was none. */
export const atualizarExistentes = async (
  tx: Tx,
  contexto: ContextoLote,
  grupos: Map<string, Documento>,
  porDocumento: Map<string, Existente>,
  criadosAgora: Set<string>,
  comContaNova: Set<number>,
): Promise<void> => {
  const alteracoes = [...porDocumento.values()]
    .filter((cliente) => !criadosAgora.has(cliente.documento) && podeAlterar(cliente, contexto))
    .map((cliente) => {
      const grupo = grupos.get(cliente.documento);
      return {
        id: cliente.id,
        telefone: grupo?.telefone ?? null,
        email: grupo?.email ?? null,
        endereco: grupo?.endereco ?? null,
        nova_divida: comContaNova.has(cliente.id),
      };
    });
  if (alteracoes.length === 0) return;
  await tx.execute(sql`
    UPDATE clientes AS c SET
      telefone = COALESCE(x.telefone, c.telefone),
      email = COALESCE(x.email, c.email),
      endereco = COALESCE(x.endereco, c.endereco),
      operador_id = COALESCE(c.operador_id, ${contexto.escopo.operadorId}::integer),
      status = CASE WHEN x.nova_divida AND c.status = 'concluido' THEN 'ativo' ELSE c.status END,
      updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(alteracoes)}::jsonb)
      AS x(id integer, telefone text, email text, endereco jsonb, nova_divida boolean)
    WHERE c.id = x.id
      AND (c.operador_id IS NULL OR c.operador_id = ${contexto.escopo.operadorId}::integer)
      AND (c.telefone IS DISTINCT FROM COALESCE(x.telefone, c.telefone)
        OR c.email IS DISTINCT FROM COALESCE(x.email, c.email)
        OR c.endereco IS DISTINCT FROM COALESCE(x.endereco, c.endereco)
        OR c.operador_id IS NULL
        OR (x.nova_divida AND c.status = 'concluido'))`);
};
