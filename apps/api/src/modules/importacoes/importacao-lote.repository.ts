import type { ClienteStatus, DocumentoTipo } from '@cobranca/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { clientes, type Endereco, importacoes } from '../../db/schema/index.ts';
import { termoBusca } from '../../lib/busca.ts';

export type OrigemImportacao = 'importacao_csv' | 'nfe';

export type ClienteLote = {
  nome: string;
  documento: string;
  documentoTipo: DocumentoTipo;
  telefone: string | null;
  email: string | null;
  endereco?: Endereco | null;
};
export type ContaLote = {
  descricao: string;
  valorCentavos: number;
  vencimento: string;
  chaveNfe?: string;
  numeroParcela?: string;
};
/** One CSV row or one NF-e file: a customer and the receivables it brings. */
export type ItemLote = { cliente: ClienteLote; contas: ContaLote[] };

export type ResultadoItem =
  | { resultado: 'criado' | 'atualizado' | 'ignorado'; contasCriadas: number }
  | { resultado: 'rejeitado'; mensagem: string };

export type ContextoLote = { operadorId: number; importacaoId: number; origem: OrigemImportacao };

type Existente = {
  id: number;
  documento: string;
  operadorId: number | null;
  status: ClienteStatus;
  telefone: string | null;
  email: string | null;
  endereco: Endereco | null;
};

export const OUTRO_OPERADOR =
  'Este CPF/CNPJ já é de um cliente de outro operador; peça a um administrador para transferi-lo.';

const selecionarExistentes = (tx: Tx, documentos: string[]): Promise<Existente[]> =>
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

/** What the batch says about one document: its items in order and the last non-empty contact data. */
type Documento = {
  itens: ItemLote[];
  telefone: string | null;
  email: string | null;
  endereco: Endereco | null;
};

const agruparPorDocumento = (itens: ItemLote[]): Map<string, Documento> => {
  const grupos = new Map<string, Documento>();
  for (const item of itens) {
    const { documento, telefone, email, endereco } = item.cliente;
    const grupo = grupos.get(documento) ?? { itens: [], telefone: null, email: null, endereco: null };
    grupo.itens.push(item);
    grupo.telefone = telefone ?? grupo.telefone;
    grupo.email = email ?? grupo.email;
    grupo.endereco = endereco ?? grupo.endereco;
    grupos.set(documento, grupo);
  }
  return grupos;
};

/**
 * Writes one batch in one transaction: creates the customers it does not know (linked to the
 * importing operator), updates contact data of the operator's own or unassigned ones, adds the
 * receivables not yet present, and brings `concluido` customers with new debt back to `ativo`; adds
 * its outcome to the import's counters, with `rejeitadosAntes` (rows of this stretch of the file
 * refused before the database). Answers, per item and in order, what happened to it.
 */
export const gravarLote = (
  db: Db,
  contexto: ContextoLote,
  itens: ItemLote[],
  rejeitadosAntes = 0,
): Promise<ResultadoItem[]> =>
  db.transaction(async (tx) => {
    // The heartbeat commits with the batch: an import whose process died stops moving it.
    await tx
      .update(importacoes)
      .set({ atualizadaEm: sql`now()` })
      .where(eq(importacoes.id, contexto.importacaoId));
    const grupos = agruparPorDocumento(itens);
    const documentos = [...grupos.keys()];
    const porDocumento = new Map((await selecionarExistentes(tx, documentos)).map((c) => [c.documento, c]));

    const novos = documentos.filter((documento) => !porDocumento.has(documento));
    const criadosAgora = new Set<string>();
    if (novos.length > 0) {
      const valores = novos.map((documento) => novoCliente(contexto, documento, grupos.get(documento)));
      const porNovoDocumento = new Map(valores.map((valor) => [valor.documento, valor]));
      for (const { id, documento } of await inserirClientes(tx, valores)) {
        criadosAgora.add(documento);
        const valor = porNovoDocumento.get(documento);
        if (valor) porDocumento.set(documento, { ...valor, id });
      }
      // A concurrent import created some of them first: from here on they are existing customers.
      const faltando = novos.filter((documento) => !criadosAgora.has(documento));
      if (faltando.length > 0)
        for (const c of await selecionarExistentes(tx, faltando)) porDocumento.set(c.documento, c);
    }

    const contasNovas = await inserirContas(tx, contexto, itens, porDocumento);
    await atualizarExistentes(tx, contexto, grupos, porDocumento, criadosAgora, contasNovas.clientes);
    const resultados = classificar(contexto, itens, porDocumento, criadosAgora, contasNovas.chaves);
    await somarAosTotais(tx, contexto.importacaoId, resultados, rejeitadosAntes);
    return resultados;
  });

/**
 * The counters move with the batch, in its transaction: an import cut short (crash, kill) still says
 * what its committed batches wrote, and never counts a row that was rolled back.
 */
const somarAosTotais = async (
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

type NovoCliente = Omit<Existente, 'id'> & {
  nome: string;
  documentoTipo: DocumentoTipo;
  termoBusca: string;
  origemContato: OrigemImportacao;
};

const novoCliente = (
  contexto: ContextoLote,
  documento: string,
  grupo: Documento | undefined,
): NovoCliente => {
  const primeiro = grupo?.itens[0];
  if (!grupo || !primeiro) throw new Error(`documento ${documento} sem item no lote`);
  const comDivida = grupo.itens.some((item) => item.contas.length > 0);
  return {
    nome: primeiro.cliente.nome,
    documento,
    documentoTipo: primeiro.cliente.documentoTipo,
    telefone: grupo.telefone,
    email: grupo.email,
    endereco: grupo.endereco,
    termoBusca: termoBusca(primeiro.cliente.nome, documento),
    // docs/produto.md §3: an imported customer with open debt enters collection; without it there is nothing to collect.
    status: comDivida ? 'ativo' : 'concluido',
    operadorId: contexto.operadorId,
    origemContato: contexto.origem,
  };
};

// Batches go in as one jsonb parameter: building a 1 000-row, 10 000-parameter statement costs more
// than the database takes to run it.

const inserirClientes = async (
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

const podeAlterar = (cliente: Existente, contexto: ContextoLote): boolean =>
  cliente.operadorId === null || cliente.operadorId === contexto.operadorId;

type ContasNovas = { chaves: Set<string>; clientes: Set<number> };

/** Inserts the receivables of every item the operator may write; answers what was really created. */
const inserirContas = async (
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
  }>(
    await tx.execute(sql`
      INSERT INTO contas_receber (cliente_id, origem, chave_nfe, numero_parcela, importacao_id, descricao,
        valor_centavos, vencimento)
      SELECT cliente_id, origem, chave_nfe, numero_parcela, importacao_id, descricao, valor_centavos, vencimento
      FROM jsonb_to_recordset(${JSON.stringify(linhas)}::jsonb) AS x(cliente_id integer, origem text,
        chave_nfe text, numero_parcela text, importacao_id integer, descricao text, valor_centavos bigint,
        vencimento date)
      ON CONFLICT ${conflito} DO NOTHING
      RETURNING cliente_id, chave_nfe, numero_parcela, descricao, valor_centavos, vencimento::text`),
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
    clientes: new Set(criadas.map((c) => c.cliente_id)),
  };
};

/** The receivable's natural key: what makes re-importing the same row or note a no-op. */
const chaveConta = (
  clienteId: number,
  conta: Pick<ContaLote, 'descricao' | 'valorCentavos' | 'vencimento'> & {
    chaveNfe?: string | null;
    numeroParcela?: string | null;
  },
): string =>
  conta.chaveNfe
    ? `nfe|${conta.chaveNfe}|${conta.numeroParcela ?? ''}`
    : `csv|${clienteId}|${conta.vencimento}|${conta.valorCentavos}|${conta.descricao}`;

// Compared field by field: jsonb hands the stored address back with its keys in another order.
const mesmoEndereco = (atual: Endereco | null, novo: Endereco | null | undefined): boolean => {
  if (novo == null) return true;
  const campos = new Set([...Object.keys(atual ?? {}), ...Object.keys(novo)]) as Set<keyof Endereco>;
  return [...campos].every((campo) => atual?.[campo] === novo[campo]);
};

/** Walks the items in order: the first to bring a change owns it; later identical ones are ignored. */
const classificar = (
  contexto: ContextoLote,
  itens: ItemLote[],
  porDocumento: Map<string, Existente>,
  criadosAgora: Set<string>,
  contasNovas: Set<string>,
): ResultadoItem[] => {
  const estado = new Map<string, Existente>();
  const contasAtribuidas = new Set<string>();
  return itens.map((item): ResultadoItem => {
    const { documento } = item.cliente;
    const cliente = porDocumento.get(documento);
    if (!cliente || !podeAlterar(cliente, contexto))
      return { resultado: 'rejeitado', mensagem: OUTRO_OPERADOR };
    let contasCriadas = 0;
    for (const conta of item.contas) {
      const chave = chaveConta(cliente.id, conta);
      if (contasNovas.has(chave) && !contasAtribuidas.has(chave)) {
        contasAtribuidas.add(chave);
        contasCriadas += 1;
      }
    }
    const atual = estado.get(documento);
    if (!atual && criadosAgora.has(documento)) {
      estado.set(documento, cliente);
      return { resultado: 'criado', contasCriadas };
    }
    const antes = atual ?? cliente;
    const mudouContato =
      (item.cliente.telefone !== null && item.cliente.telefone !== antes.telefone) ||
      (item.cliente.email !== null && item.cliente.email !== antes.email) ||
      !mesmoEndereco(antes.endereco, item.cliente.endereco) ||
      antes.operadorId === null;
    estado.set(documento, {
      ...antes,
      operadorId: contexto.operadorId,
      telefone: item.cliente.telefone ?? antes.telefone,
      email: item.cliente.email ?? antes.email,
      endereco: item.cliente.endereco ?? antes.endereco,
    });
    return { resultado: mudouContato || contasCriadas > 0 ? 'atualizado' : 'ignorado', contasCriadas };
  });
};

/** Contact data from the file (empty cells never erase), the importer as owner when there was none. */
const atualizarExistentes = async (
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
      operador_id = COALESCE(c.operador_id, ${contexto.operadorId}::integer),
      status = CASE WHEN x.nova_divida AND c.status = 'concluido' THEN 'ativo' ELSE c.status END,
      updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(alteracoes)}::jsonb)
      AS x(id integer, telefone text, email text, endereco jsonb, nova_divida boolean)
    WHERE c.id = x.id
      AND (c.telefone IS DISTINCT FROM COALESCE(x.telefone, c.telefone)
        OR c.email IS DISTINCT FROM COALESCE(x.email, c.email)
        OR c.endereco IS DISTINCT FROM COALESCE(x.endereco, c.endereco)
        OR c.operador_id IS NULL
        OR (x.nova_divida AND c.status = 'concluido'))`);
};
