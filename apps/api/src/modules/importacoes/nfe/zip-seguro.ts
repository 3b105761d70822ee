// Reads the XML files of an uploaded ZIP without trusting it: the whole central directory is checked
// (names, sizes, ratios, encryption) before a single byte is inflated, and every read is capped.
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ArquivoHostilError } from './arquivo-hostil.ts';

export const ZIP_LIMITES = {
  entradas: 5000,
  bytesPorEntrada: 5 * 1024 * 1024,
  bytesTotal: 200 * 1024 * 1024,
  razaoCompressao: 200,
} as const;

export type LimitesZip = { readonly [K in keyof typeof ZIP_LIMITES]: number };
export type EntradaZip = { nome: string; conteudo: Buffer };
export type EntradaIgnorada = { nome: string; mensagem: string };

/** The file exists but is not a ZIP yauzl can read (truncated, garbage, unsupported layout). */
export class ZipInvalidoError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('O arquivo ZIP está corrompido ou não pôde ser lido.', options);
    this.name = 'ZipInvalidoError';
  }
}

// Below this size a high ratio is harmless (a few KB of blanks deflate 1000:1).
const RAZAO_A_PARTIR_DE_BYTES = 64 * 1024;
const BIT_CRIPTOGRAFADO = 0x1;

/** Local file header (`PK\x03\x04`) or the end record of an empty ZIP (`PK\x05\x06`). */
export const ehZip = (cabecalho: Buffer): boolean =>
  cabecalho.length >= 4 &&
  cabecalho[0] === 0x50 &&
  cabecalho[1] === 0x4b &&
  ((cabecalho[2] === 0x03 && cabecalho[3] === 0x04) || (cabecalho[2] === 0x05 && cabecalho[3] === 0x06));

type EntradaLida = { nome: string; entry: Entry };

// yauzl's own name check would end the listing with a generic error; decoding here (UTF-8 flag,
// Info-ZIP unicode field, CP437, backslashes → '/') lets a traversal be reported as hostile.
const nomeDaEntrada = (entry: Entry): string =>
  yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);

const problemaDoNome = (nome: string): string | undefined => {
  if (nome.includes('\0')) return 'contém caractere nulo';
  if (nome.startsWith('/') || /^[a-zA-Z]:/.test(nome)) return 'é um caminho absoluto';
  if (nome.split('/').includes('..')) return "sobe de pasta ('..')";
  return undefined;
};

const problemaDaEntrada = (nome: string, entry: Entry, limites: LimitesZip): string | undefined => {
  const problemaNome = problemaDoNome(nome);
  if (problemaNome) return `a entrada "${nome}" ${problemaNome}`;
  if (entry.generalPurposeBitFlag & BIT_CRIPTOGRAFADO) return `a entrada "${nome}" está criptografada`;
  if (entry.uncompressedSize > limites.bytesPorEntrada) {
    return `a entrada "${nome}" tem ${entry.uncompressedSize} bytes descompactada (limite ${limites.bytesPorEntrada})`;
  }
  const razao = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
  if (entry.uncompressedSize >= RAZAO_A_PARTIR_DE_BYTES && razao > limites.razaoCompressao) {
    return `a entrada "${nome}" tem taxa de compressão ${Math.round(razao)}:1 (limite ${limites.razaoCompressao}:1)`;
  }
  return undefined;
};

const hostil = (arquivo: string, motivo: string): ArquivoHostilError =>
  new ArquivoHostilError(arquivo, `O ZIP ${arquivo} foi recusado por segurança: ${motivo}.`);

const abrir = (caminho: string): Promise<ZipFile> =>
  new Promise((resolve, reject) => {
    const opcoes = {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
      decodeStrings: false,
    };
    yauzl.open(caminho, opcoes, (erro, zip) => (erro ? reject(erro) : resolve(zip)));
  });

const listarEntradas = (zip: ZipFile): Promise<Entry[]> =>
  new Promise((resolve, reject) => {
    const entradas: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entradas.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entradas));
    zip.once('error', reject);
    zip.readEntry();
  });

// Everything is refused before anything is yielded, so a hostile ZIP writes nothing.
const validarDiretorio = async (zip: ZipFile, arquivo: string, limites: LimitesZip) => {
  if (zip.entryCount > limites.entradas) {
    throw hostil(arquivo, `tem ${zip.entryCount} arquivos (limite ${limites.entradas})`);
  }
  const entradas = await listarEntradas(zip).catch((erro: unknown) => {
    // Bit 0x40 (strong encryption) is refused by yauzl itself while listing.
    if (erro instanceof Error && erro.message.includes('strong encryption')) {
      throw hostil(arquivo, 'contém entrada criptografada');
    }
    throw new ZipInvalidoError({ cause: erro });
  });
  let total = 0;
  const lidas: EntradaLida[] = [];
  for (const entry of entradas) {
    const nome = nomeDaEntrada(entry);
    const problema = problemaDaEntrada(nome, entry, limites);
    if (problema) throw hostil(arquivo, problema);
    total += entry.uncompressedSize;
    lidas.push({ nome, entry });
  }
  if (total > limites.bytesTotal) {
    throw hostil(arquivo, `descompactado teria ${total} bytes (limite ${limites.bytesTotal})`);
  }
  return lidas;
};

const abrirLeitura = (zip: ZipFile, entry: Entry): Promise<Readable> =>
  new Promise((resolve, reject) => {
    zip.openReadStream(entry, (erro, stream) => (erro ? reject(erro) : resolve(stream)));
  });

// yauzl already fails a stream that inflates past the declared size; the cap here does not rely on it.
const lerConteudo = async (zip: ZipFile, { nome, entry }: EntradaLida, arquivo: string, limite: number) => {
  const teto = Math.min(entry.uncompressedSize, limite);
  let stream: Readable;
  try {
    stream = await abrirLeitura(zip, entry);
  } catch (erro) {
    throw new ZipInvalidoError({ cause: erro });
  }
  const partes: Buffer[] = [];
  let lidos = 0;
  try {
    for await (const parte of stream as AsyncIterable<Buffer>) {
      lidos += parte.length;
      if (lidos > teto) throw hostil(arquivo, `a entrada "${nome}" descompacta além do tamanho declarado`);
      partes.push(parte);
    }
  } catch (erro) {
    stream.destroy();
    if (erro instanceof ArquivoHostilError) throw erro;
    if (erro instanceof Error && erro.message.startsWith('too many bytes')) {
      throw hostil(arquivo, `a entrada "${nome}" descompacta além do tamanho declarado`);
    }
    throw new ZipInvalidoError({ cause: erro });
  }
  return Buffer.concat(partes, lidos);
};

const ehIgnoradaEmSilencio = (nome: string): boolean => {
  const base = nome.split('/').at(-1) ?? '';
  return nome.endsWith('/') || nome.startsWith('__MACOSX/') || base.startsWith('.');
};

// Compression methods yauzl can inflate: stored and deflate.
const METODOS_SUPORTADOS = new Set([0, 8]);

const motivoParaIgnorar = (nome: string, entry: Entry): string | undefined => {
  const minusculo = nome.toLowerCase();
  if (minusculo.endsWith('.zip')) return 'ZIP dentro do ZIP não é aberto; envie os XML diretamente.';
  if (!minusculo.endsWith('.xml')) return 'Não é um arquivo XML';
  if (!METODOS_SUPORTADOS.has(entry.compressionMethod)) return 'Método de compressão não suportado.';
  return undefined;
};

const abrirOuFalhar = async (caminho: string): Promise<ZipFile> => {
  try {
    return await abrir(caminho);
  } catch (erro) {
    // A missing or unreadable path is the caller's bug, not a bad upload.
    if (erro instanceof Error && 'code' in erro && typeof erro.code === 'string') throw erro;
    throw new ZipInvalidoError({ cause: erro });
  }
};

/**
 * Yields the XML entries of the ZIP at `caminho` (named `arquivo` in messages), in order. Directories,
 * `__MACOSX/` and dotfiles are skipped silently; other non-XML entries and nested ZIPs come back as
 * EntradaIgnorada. Throws ArquivoHostilError before yielding anything when the central directory is
 * hostile, and ZipInvalidoError when the ZIP cannot be read.
 */
export async function* lerZip(
  caminho: string,
  arquivo: string,
  limites: LimitesZip = ZIP_LIMITES,
): AsyncGenerator<EntradaZip | EntradaIgnorada> {
  const zip = await abrirOuFalhar(caminho);
  try {
    const entradas = await validarDiretorio(zip, arquivo, limites);
    for (const entrada of entradas) {
      if (ehIgnoradaEmSilencio(entrada.nome)) continue;
      const mensagem = motivoParaIgnorar(entrada.nome, entrada.entry);
      if (mensagem) {
        yield { nome: entrada.nome, mensagem };
        continue;
      }
      const conteudo = await lerConteudo(zip, entrada, arquivo, limites.bytesPorEntrada);
      yield { nome: entrada.nome, conteudo };
    }
  } finally {
    zip.close();
  }
}
