import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { type Info, parse } from 'csv-parse';
import { recusarArquivo } from '../upload.ts';

export type Codificacao = 'utf-8' | 'windows-1252';
export type Separador = ';' | ',' | '\t';
export type RegistroCsv = { linha: number; campos: string[] } | { linha: number; erro: string };

export const CAMPO_CSV = 'csv_file';
export const naoCsv = (motivo: string) => recusarArquivo(CAMPO_CSV, motivo);

const BOM_UTF16 = [Buffer.from([0xff, 0xfe]), Buffer.from([0xfe, 0xff])];
const AMOSTRA_BYTES = 64 * 1024;
// A record larger than this is not a spreadsheet row; it bounds memory on hostile files.
const REGISTRO_MAXIMO_BYTES = 64 * 1024;

/**
 * One pass over the stored upload, before anything is written: refuses empty, binary and UTF-16
 * files, and tells UTF-8 (BOM or not) from Windows-1252 (Excel's "CSV" on Brazilian Windows).
 */
export const detectarCodificacao = async (caminho: string): Promise<Codificacao> => {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let valido = true;
  let bytes = 0;
  for await (const pedaco of createReadStream(caminho)) {
    const buffer = pedaco as Buffer;
    if (bytes === 0 && BOM_UTF16.some((bom) => buffer.subarray(0, 2).equals(bom)))
      throw naoCsv(
        'O arquivo está em UTF-16. Salve a planilha como "CSV UTF-8" ou "CSV (separado por vírgulas)".',
      );
    if (buffer.includes(0)) throw naoCsv('O arquivo não é um CSV: tem conteúdo binário.');
    bytes += buffer.length;
    if (valido) {
      try {
        utf8.decode(buffer, { stream: true });
      } catch {
        valido = false;
      }
    }
  }
  if (bytes === 0) throw naoCsv('O arquivo está vazio.');
  if (valido) {
    try {
      utf8.decode();
    } catch {
      valido = false;
    }
  }
  return valido ? 'utf-8' : 'windows-1252';
};

/** The separator that splits the header line into the most columns (quotes respected). */
export const detectarSeparador = (amostra: string): Separador => {
  let primeiraLinha = '';
  let entreAspas = false;
  for (const char of amostra) {
    if (char === '"') entreAspas = !entreAspas;
    else if ((char === '\n' || char === '\r') && !entreAspas) break;
    primeiraLinha += entreAspas || char === '"' ? ' ' : char;
  }
  const contagens = ([';', ',', '\t'] as const).map((s) => [s, primeiraLinha.split(s).length] as const);
  const [melhor] = [...contagens].sort((a, b) => b[1] - a[1]);
  return melhor && melhor[1] > 1 ? melhor[0] : ';';
};

const lerAmostra = async (caminho: string, codificacao: Codificacao): Promise<string> => {
  for await (const pedaco of createReadStream(caminho, { end: AMOSTRA_BYTES - 1 }))
    return new TextDecoder(codificacao).decode(pedaco as Buffer);
  return '';
};

async function* decodificar(caminho: string, codificacao: Codificacao): AsyncGenerator<string> {
  const decoder = new TextDecoder(codificacao);
  for await (const pedaco of createReadStream(caminho))
    yield decoder.decode(pedaco as Buffer, { stream: true });
  const resto = decoder.decode();
  if (resto) yield resto;
}

const vazio = (campos: readonly string[]) => campos.every((c) => c === '');

// Line breaks inside quoted fields, counted as csv-parse counts lines (a CR and an LF each count).
const quebrasDeLinha = (campos: readonly string[]): number =>
  campos.reduce((total, campo) => total + (campo.match(/[\r\n]/g)?.length ?? 0), 0);

/**
 * Streams the records of a stored CSV with the line each starts on (quoted newlines count), skipping
 * blank lines and Excel's `;;;;` rows. A malformed record becomes an error entry, never an exception.
 */
export async function* lerCsv(caminho: string): AsyncGenerator<RegistroCsv> {
  const codificacao = await detectarCodificacao(caminho);
  const separador = detectarSeparador(await lerAmostra(caminho, codificacao));
  const falhas: RegistroCsv[] = [];
  const parser = Readable.from(decodificar(caminho, codificacao)).pipe(
    parse({
      delimiter: separador,
      info: true,
      trim: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      max_record_size: REGISTRO_MAXIMO_BYTES,
    }),
  );
  parser.on('skip', (erro: Error & { lines?: number }) => {
    falhas.push({ linha: erro.lines ?? 0, erro: 'Linha malformada: aspas ou tamanho inválidos.' });
  });
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: Info }>) {
    yield* falhas.splice(0);
    if (!vazio(record)) yield { linha: info.lines - quebrasDeLinha(record), campos: record };
  }
  yield* falhas.splice(0);
}
