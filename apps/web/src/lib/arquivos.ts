import { IMPORTACAO_TAMANHO_MAXIMO_BYTES } from '@cobranca/contracts';

const KB = 1024;
const MB = 1024 * KB;
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

export const TAMANHO_MAXIMO_TEXTO = `${IMPORTACAO_TAMANHO_MAXIMO_BYTES / MB} MB`;
export const MENSAGEM_TAMANHO = `O arquivo excede ${TAMANHO_MAXIMO_TEXTO}.`;

/** `Clientes.CSV` → `csv`; '' without an extension. */
export const extensaoDe = (nome: string): string => {
  const ponto = nome.lastIndexOf('.');
  return ponto < 0 ? '' : nome.slice(ponto + 1).toLowerCase();
};

/** `['xml', 'zip']` → `.xml ou .zip`. */
export const listaExtensoes = (extensoes: readonly string[]) => extensoes.map((e) => `.${e}`).join(' ou ');

/** Why a file cannot be sent, or null; checked here so the user never waits on an upload the API refuses. */
export const problemaDoArquivo = (arquivo: File, extensoes: readonly string[]): string | null => {
  if (!extensoes.includes(extensaoDe(arquivo.name)))
    return `O arquivo precisa ser ${listaExtensoes(extensoes)}.`;
  if (arquivo.size > IMPORTACAO_TAMANHO_MAXIMO_BYTES) return MENSAGEM_TAMANHO;
  if (arquivo.size === 0) return 'O arquivo está vazio.';
  return null;
};

/** `532 B`, `12,4 KB`, `3,2 MB`. */
export const formatarTamanho = (bytes: number): string => {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${decimal.format(bytes / KB)} KB`;
  return `${decimal.format(bytes / MB)} MB`;
};

/** The same file picked twice (a second drop of it adds nothing). */
export const mesmoArquivo = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
