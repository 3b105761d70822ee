import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { IMPORTACAO_TAMANHO_MAXIMO_BYTES } from '@cobranca/contracts';
// Brings in the request.files()/isMultipart() typings wherever this module is compiled.
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ErroDominio } from '../../lib/errors.ts';

export type ArquivoRecebido = { nome: string; caminho: string; bytes: number };

const MAXIMO_ARQUIVOS = 1000;

/** Multipart limits for the import routes; the 20 MB per upload is also checked across files. */
export const LIMITES_MULTIPART = {
  fileSize: IMPORTACAO_TAMANHO_MAXIMO_BYTES,
  files: MAXIMO_ARQUIVOS,
  fields: 10,
  parts: MAXIMO_ARQUIVOS + 10,
  fieldSize: 1024,
};

/** A 422 about the uploaded file, reported on its multipart field (`csv_file`, `arquivo_xml`). */
export const recusarArquivo = (campo: string, mensagem: string, detalhes: string[] = [mensagem]) =>
  new ErroDominio('ARQUIVO_INVALIDO', mensagem, { [campo]: detalhes });
const grandeDemais = (campo: string) => recusarArquivo(campo, 'O envio excede o limite de 20 MB.');

/** A display name only: no folders, no control characters, bounded. Never used as a path. */
export const nomeExibicao = (nome: string | undefined): string =>
  (nome ?? '')
    .split(/[\\/]/)
    .pop()
    ?.replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 255) || 'arquivo';

const tamanhoExcedido = (erro: unknown): boolean =>
  typeof erro === 'object' && erro !== null && (erro as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

// busboy reads the boundary from the Content-Type; without one it throws before reading anything.
const BOUNDARY_RE = /;\s*boundary\s*=\s*(?:"[^"]+"|[^\s;"]+)/i;
const semBoundary = (campo: string) =>
  recusarArquivo(campo, 'Envio malformado: o Content-Type multipart/form-data não informa o boundary.');

// busboy reports a broken body (cut short, a part never closed) as a bare Error; file system, stream
// and @fastify/multipart errors carry a code (ENOSPC must stay a 507, a parts limit a 413).
const corpoMalformado = (erro: unknown): boolean =>
  erro instanceof Error && !(erro instanceof ErroDominio) && !('code' in erro);
const malformado = (campo: string) =>
  recusarArquivo(
    campo,
    'Envio incompleto ou malformado: o corpo multipart/form-data terminou antes do fim. Envie o arquivo de novo.',
  );

/**
 * Streams the uploaded files of `campo` to a private temporary folder (never into memory), refusing
 * a missing field, other fields' files and more than 20 MB in all, then hands them to `usar` and
 * removes the folder whatever happens. Temporary names are positional, never the client's.
 */
export const comArquivosRecebidos = async <T>(
  request: FastifyRequest,
  campo: string,
  usar: (arquivos: ArquivoRecebido[]) => Promise<T>,
): Promise<T> => {
  if (!request.isMultipart())
    throw recusarArquivo(campo, `Envie o arquivo como multipart/form-data no campo ${campo}.`);
  if (!BOUNDARY_RE.test(request.headers['content-type'] ?? '')) throw semBoundary(campo);
  const pasta = await mkdtemp(join(tmpdir(), 'cobranca-importacao-'));
  try {
    const arquivos: ArquivoRecebido[] = [];
    let total = 0;
    try {
      for await (const parte of request.files()) {
        if (parte.fieldname !== campo) {
          parte.file.resume();
          throw recusarArquivo(
            campo,
            `Campo de arquivo inesperado: ${nomeExibicao(parte.fieldname)}. Use ${campo}.`,
          );
        }
        const caminho = join(pasta, `${arquivos.length}.upload`);
        await pipeline(parte.file, createWriteStream(caminho, { flags: 'wx', mode: 0o600 }));
        if (parte.file.truncated) throw grandeDemais(campo);
        const bytes = parte.file.bytesRead;
        total += bytes;
        if (total > IMPORTACAO_TAMANHO_MAXIMO_BYTES) throw grandeDemais(campo);
        arquivos.push({ nome: nomeExibicao(parte.filename), caminho, bytes });
      }
    } catch (erro) {
      if (tamanhoExcedido(erro)) throw grandeDemais(campo);
      if (corpoMalformado(erro)) throw malformado(campo);
      throw erro;
    }
    if (arquivos.length === 0) throw recusarArquivo(campo, `Nenhum arquivo enviado no campo ${campo}.`);
    return await usar(arquivos);
  } finally {
    await rm(pasta, { recursive: true, force: true });
  }
};
