import type { ClienteStatus, DocumentoTipo } from '@cobranca/contracts';
import { type BoletoDaConta, estaPrescrita } from '@cobranca/dominio';
import type { Endereco } from '../../db/schema/index.ts';
import { termoBusca } from '../../lib/busca.ts';
import type { EscopoOperador } from '../clientes/escopo-operador.ts';

// The rules of an import batch (docs/produto.md §14), without the database: who may be written, what
// a row's natural key is, and what happened to each item.

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
  boleto?: BoletoDaConta | null;
};
/** One CSV row or one NF-e file: a customer and the receivables it brings. */
export type ItemLote = { cliente: ClienteLote; contas: ContaLote[] };

export type ResultadoItem =
  | { resultado: 'criado' | 'atualizado' | 'ignorado'; contasCriadas: number }
  | { resultado: 'rejeitado'; mensagem: string };

export type ContextoLote = {
  escopo: EscopoOperador;
  importacaoId: number;
  origem: OrigemImportacao;
  /** The import's day in the configured zone: what is prescribed on it imports as such (decision 036). */
  hoje: string;
};

/** A receivable over five years past due imports `prescrita`: never collected (docs/produto.md §7). */
export const statusAoImportar = (
  conta: Pick<ContaLote, 'vencimento'>,
  hoje: string,
): 'aberta' | 'prescrita' => (estaPrescrita(conta.vencimento, hoje) ? 'prescrita' : 'aberta');

export type Existente = {
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

/** What the batch says about one document: its items in order and the last non-empty contact data. */
export type Documento = {
  itens: ItemLote[];
  telefone: string | null;
  email: string | null;
  endereco: Endereco | null;
};

export const agruparPorDocumento = (itens: ItemLote[]): Map<string, Documento> => {
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

export type NovoCliente = Omit<Existente, 'id'> & {
  nome: string;
  documentoTipo: DocumentoTipo;
  termoBusca: string;
  origemContato: OrigemImportacao;
};

export const novoCliente = (
  contexto: ContextoLote,
  documento: string,
  grupo: Documento | undefined,
): NovoCliente => {
  const primeiro = grupo?.itens[0];
  if (!grupo || !primeiro) throw new Error(`documento ${documento} sem item no lote`);
  const comDivida = grupo.itens.some((item) =>
    item.contas.some((conta) => statusAoImportar(conta, contexto.hoje) === 'aberta'),
  );
  return {
    nome: primeiro.cliente.nome,
    documento,
    documentoTipo: primeiro.cliente.documentoTipo,
    telefone: grupo.telefone,
    email: grupo.email,
    endereco: grupo.endereco,
    termoBusca: termoBusca(primeiro.cliente.nome, documento),
    // docs/produto.md §3: an imported customer with open debt enters collection; without it (or with
    // prescribed debt only) there is nothing to collect.
    status: comDivida ? 'ativo' : 'concluido',
    operadorId: contexto.escopo.operadorId,
    origemContato: contexto.origem,
  };
};

/** An import writes only to the operator's own or unassigned customers (the batch UPDATE repeats it in SQL). */
export const podeAlterar = (cliente: Existente, contexto: ContextoLote): boolean =>
  cliente.operadorId === null || cliente.operadorId === contexto.escopo.operadorId;

/** The receivable's natural key: what makes re-importing the same row or note a no-op. */
export const chaveConta = (
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
export const classificar = (
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
      operadorId: contexto.escopo.operadorId,
      telefone: item.cliente.telefone ?? antes.telefone,
      email: item.cliente.email ?? antes.email,
      endereco: item.cliente.endereco ?? antes.endereco,
    });
    return { resultado: mudouContato || contasCriadas > 0 ? 'atualizado' : 'ignorado', contasCriadas };
  });
};
