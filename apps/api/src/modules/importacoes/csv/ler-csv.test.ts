import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErroDominio } from '../../../lib/errors.ts';
import { detectarCodificacao, detectarSeparador, lerCsv, type RegistroCsv } from './ler-csv.ts';

const arquivo = async (conteudo: string | Buffer): Promise<string> => {
  const pasta = await mkdtemp(join(tmpdir(), 'ler-csv-'));
  const caminho = join(pasta, 'clientes.csv');
  await writeFile(caminho, conteudo);
  return caminho;
};

const registros = async (conteudo: string | Buffer): Promise<RegistroCsv[]> => {
  const lidos: RegistroCsv[] = [];
  for await (const registro of lerCsv(await arquivo(conteudo))) lidos.push(registro);
  return lidos;
};

// What Excel on a Brazilian Windows writes for "CSV (separado por vírgulas)": `;`, CRLF, Windows-1252.
const windows1252 = (texto: string): Buffer =>
  Buffer.from(
    [...texto].map((char) => {
      const especiais: Record<string, number> = { '€': 0x80, '“': 0x93, '”': 0x94 };
      return especiais[char] ?? char.charCodeAt(0);
    }),
  );

describe('detectarCodificacao', () => {
  it('reads UTF-8 with and without BOM as UTF-8', async () => {
    expect(await detectarCodificacao(await arquivo('nome;documento\nJoão;1\n'))).toBe('utf-8');
    expect(await detectarCodificacao(await arquivo('\uFEFFnome;documento\nJoão;1\n'))).toBe('utf-8');
  });

  it('recognises Windows-1252 (Excel) by its invalid UTF-8 bytes, even past the first chunk', async () => {
    expect(await detectarCodificacao(await arquivo(windows1252('nome;documento\r\nJoão;1\r\n')))).toBe(
      'windows-1252',
    );
    const longo = Buffer.concat([Buffer.from('a'.repeat(200_000)), windows1252('ção')]);
    expect(await detectarCodificacao(await arquivo(longo))).toBe('windows-1252');
  });

  it.each([
    ['empty', Buffer.alloc(0), 'O arquivo está vazio.'],
    [
      'binary (PNG renamed .csv)',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      'binário',
    ],
    ['UTF-16 (Excel "Unicode text")', Buffer.from('\uFEFFnome', 'utf16le'), 'UTF-16'],
  ])('refuses %s with a 422', async (_caso, conteudo, mensagem) => {
    const falha = await detectarCodificacao(await arquivo(conteudo)).catch((e: unknown) => e);
    expect(falha).toBeInstanceOf(ErroDominio);
    expect((falha as ErroDominio).code).toBe('ARQUIVO_INVALIDO');
    expect((falha as ErroDominio).statusCode).toBe(422);
    expect((falha as ErroDominio).message).toContain(mensagem);
    expect((falha as ErroDominio).errors).toHaveProperty('csv_file');
  });
});

describe('detectarSeparador', () => {
  it.each([
    ['nome;documento;valor\n1;2;"3,50"', ';'],
    ['nome,documento,valor\n1,2,"3;50"', ','],
    ['nome\tdocumento\tvalor', '\t'],
    ['"nome; completo",documento,valor', ','],
    ['nome', ';'],
  ])('%j → %j', (amostra, esperado) => {
    expect(detectarSeparador(amostra)).toBe(esperado);
  });
});

describe('lerCsv', () => {
  it('decodes an Excel export (; + CRLF + Windows-1252) with its accents', async () => {
    const lidos = await registros(windows1252('Nome;Documento\r\nJoão Conceição;123\r\n'));
    expect(lidos).toEqual([
      { linha: 1, campos: ['Nome', 'Documento'] },
      { linha: 2, campos: ['João Conceição', '123'] },
    ]);
  });

  it('strips the UTF-8 BOM from the first header name', async () => {
    const [cabecalho] = await registros('\uFEFFnome,documento\nAna,1\n');
    expect(cabecalho).toEqual({ linha: 1, campos: ['nome', 'documento'] });
  });

  it('keeps quoted separators and newlines and numbers each record by the line it starts on', async () => {
    const lidos = await registros(
      'nome;obs\r\n"Silva; Ana";"linha 1\nlinha 2"\r\n\r\n"Souza, Bia";x\r\n;;\r\nCarla;"a\n\nb"\r\nDani;y\r\n',
    );
    expect(lidos).toEqual([
      { linha: 1, campos: ['nome', 'obs'] },
      { linha: 2, campos: ['Silva; Ana', 'linha 1\nlinha 2'] },
      { linha: 5, campos: ['Souza, Bia', 'x'] },
      { linha: 7, campos: ['Carla', 'a\n\nb'] },
      { linha: 10, campos: ['Dani', 'y'] },
    ]);
  });

  it('tolerates stray quotes and reports an unclosed one as a bad line without losing the others', async () => {
    const lidos = await registros('nome;doc\nAna "Bia";1\nCarla;"2\n');
    expect(lidos[1]).toEqual({ linha: 2, campos: ['Ana "Bia"', '1'] });
    expect(lidos[2]).toMatchObject({ erro: expect.stringContaining('malformada') });
  });
});
