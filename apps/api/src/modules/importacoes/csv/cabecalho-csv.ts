import { CSV_CLIENTES_COLUNAS } from '@cobranca/contracts';
import { plural } from '@cobranca/dominio';
import { normalizarBusca } from '../../../lib/busca.ts';

export type ColunaCsv = (typeof CSV_CLIENTES_COLUNAS)[number]['nome'];
export type MapaColunas = Partial<Record<ColunaCsv, number>>;

/** Lower-case, accent-free letters and digits only: `Razão Social` → `razaosocial`. */
export const chaveCabecalho = (texto: string): string => normalizarBusca(texto).replace(/[^a-z0-9]/g, '');

// Headers people actually use in spreadsheets exported from ERPs and banks.
const SINONIMOS: Record<ColunaCsv, readonly string[]> = {
  nome: ['nome', 'name', 'cliente', 'nomecliente', 'nomecompleto', 'razaosocial', 'nomerazaosocial'],
  documento: ['documento', 'doc', 'cpf', 'cnpj', 'cpfcnpj', 'cnpjcpf', 'cpfoucnpj'],
  telefone: ['telefone', 'celular', 'whatsapp', 'fone', 'tel', 'phone', 'telefonecelular'],
  email: ['email', 'mail'],
  descricao: ['descricao', 'description', 'historico', 'referencia'],
  valor: ['valor', 'valorr', 'valorrs', 'amount', 'valoremaberto', 'valordivida'],
  vencimento: ['vencimento', 'datavencimento', 'datadevencimento', 'dtvencimento', 'vencto', 'duedate'],
  banco: ['banco', 'codigobanco', 'bancoboleto'],
  nosso_numero: ['nossonumero', 'nossonro', 'nossonum'],
  linha_digitavel: ['linhadigitavel', 'linha', 'linhadigitada'],
  codigo_barras: ['codigobarras', 'codigodebarras', 'codbarras', 'barcode'],
};

const COLUNA_POR_CHAVE = new Map<string, ColunaCsv>(
  Object.entries(SINONIMOS).flatMap(([coluna, chaves]) => chaves.map((c) => [c, coluna as ColunaCsv])),
);

export type Cabecalho = { ok: true; colunas: MapaColunas } | { ok: false; mensagem: string };

/** Finds each known column by name (case, accents and punctuation ignored); the first match wins. */
export const mapearCabecalho = (nomes: readonly string[]): Cabecalho => {
  const colunas: MapaColunas = {};
  nomes.forEach((nome, indice) => {
    const coluna = COLUNA_POR_CHAVE.get(chaveCabecalho(nome));
    if (coluna && colunas[coluna] === undefined) colunas[coluna] = indice;
  });
  const faltando = CSV_CLIENTES_COLUNAS.filter((c) => c.obrigatoria && colunas[c.nome] === undefined);
  if (faltando.length > 0) {
    const nomesFaltando = faltando.map((c) => c.nome).join(', ');
    return {
      ok: false,
      mensagem: `O cabeçalho do arquivo não tem ${plural(faltando.length, 'a coluna obrigatória', 'as colunas obrigatórias')}: ${nomesFaltando}. Use o modelo CSV.`,
    };
  }
  return { ok: true, colunas };
};
