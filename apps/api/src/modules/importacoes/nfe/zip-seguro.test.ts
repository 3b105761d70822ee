import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArquivoHostilError } from './arquivo-hostil.ts';
import { montarNfe, montarZip, trocarNome } from './nfe.test-fixtures.ts';
import { lerNotaFiscal } from './nfe-parser.ts';
import {
  type EntradaIgnorada,
  type EntradaZip,
  ehZip,
  type LimitesZip,
  lerZip,
  ZIP_LIMITES,
  ZipInvalidoError,
} from './zip-seguro.ts';

const pasta = mkdtempSync(join(tmpdir(), 'zip-seguro-'));
afterAll(() => rmSync(pasta, { recursive: true, force: true }));

let sequencia = 0;
const gravar = (bytes: Buffer): string => {
  sequencia += 1;
  const caminho = join(pasta, `${sequencia}.zip`);
  writeFileSync(caminho, bytes);
  return caminho;
};

const CENTRAL = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
// Rewrites one field of the first central directory record (offsets from APPNOTE 4.3.12).
const alterarCentral = (zip: Buffer, deslocamento: number, escrever: (b: Buffer, o: number) => void) => {
  const resultado = Buffer.from(zip);
  const inicio = resultado.indexOf(CENTRAL);
  expect(inicio).toBeGreaterThan(0);
  escrever(resultado, inicio + deslocamento);
  return resultado;
};

const coletar = async (caminho: string, limites?: LimitesZip) => {
  const itens: Array<EntradaZip | EntradaIgnorada> = [];
  for await (const item of lerZip(caminho, 'notas.zip', limites)) itens.push(item);
  return itens;
};

const rejeicao = async (caminho: string, limites?: LimitesZip): Promise<unknown> => {
  const itens: Array<EntradaZip | EntradaIgnorada> = [];
  try {
    for await (const item of lerZip(caminho, 'notas.zip', limites)) itens.push(item);
  } catch (erro) {
    // Hostile and corrupt ZIPs fail before the first entry: nothing may have been yielded.
    expect(itens).toEqual([]);
    return erro;
  }
  throw new Error('expected lerZip to throw');
};

const xml = montarNfe();

describe('ehZip', () => {
  it('recognises a local file header and the end record of an empty ZIP', () => {
    expect(ehZip(Buffer.from('PK\x03\x04rest', 'latin1'))).toBe(true);
    expect(ehZip(Buffer.from('PK\x05\x06', 'latin1'))).toBe(true);
    expect(ehZip(Buffer.from('<?xml', 'latin1'))).toBe(false);
    expect(ehZip(Buffer.from('PK', 'latin1'))).toBe(false);
  });
});

describe('lerZip', () => {
  it('yields the XML entries in order and reports the others', async () => {
    const zip = await montarZip([
      { nome: 'a.xml', dados: xml },
      { nome: 'notas/', pasta: true },
      { nome: 'notas/B.XML', dados: xml },
      { nome: '__MACOSX/._a.xml', dados: 'resource fork' },
      { nome: 'notas/.DS_Store', dados: 'finder' },
      { nome: 'leia-me.txt', dados: 'texto' },
      { nome: 'c.xml', dados: '<x/>' },
      { nome: 'mais.zip', dados: await montarZip([{ nome: 'd.xml', dados: xml }]) },
    ]);
    const itens = await coletar(gravar(zip));
    expect(itens.map((i) => i.nome)).toEqual(['a.xml', 'notas/B.XML', 'leia-me.txt', 'c.xml', 'mais.zip']);
    expect(itens[2]).toEqual({ nome: 'leia-me.txt', mensagem: 'Não é um arquivo XML' });
    expect(itens[4]).toEqual({
      nome: 'mais.zip',
      mensagem: 'ZIP dentro do ZIP não é aberto; envie os XML diretamente.',
    });
    const [primeiro] = itens;
    if (!primeiro || !('conteudo' in primeiro)) throw new Error('expected content');
    expect(primeiro.conteudo.toString('utf8')).toBe(xml);
    expect(lerNotaFiscal(primeiro.nome, primeiro.conteudo).ok).toBe(true);
    expect(itens[3]).toEqual({ nome: 'c.xml', conteudo: Buffer.from('<x/>') });
  });

  it('reads an empty ZIP as no entries', async () => {
    const zip = await montarZip([]);
    expect(ehZip(zip)).toBe(true);
    expect(await coletar(gravar(zip))).toEqual([]);
  });

  it.each([
    ['AA/AA/etc/x.xml', '../../etc/x.xml'],
    ['Xetc/x.xml', '/etc/x.xml'],
    ['CC/x.xml', 'C:/x.xml'],
    ['AAXAAXx.xml', '..\\..\\x.xml'],
  ])('refuses the whole ZIP when an entry is named %s → %s', async (de, para) => {
    const zip = trocarNome(
      await montarZip([
        { nome: 'ok.xml', dados: xml },
        { nome: de, dados: xml },
      ]),
      de,
      para,
    );
    const erro = await rejeicao(gravar(zip));
    expect(erro).toBeInstanceOf(ArquivoHostilError);
    expect((erro as ArquivoHostilError).arquivo).toBe('notas.zip');
    expect((erro as Error).message).toMatch(
      /^O ZIP notas\.zip foi recusado por segurança: a entrada ".*x\.xml"/,
    );
  });

  it('refuses a zip bomb (50 MB of zeros) by its declared size before inflating', async () => {
    const zip = await montarZip([{ nome: 'bomba.xml', dados: Buffer.alloc(50 * 1024 * 1024) }]);
    expect(zip.length).toBeLessThan(100 * 1024);
    const erro = await rejeicao(gravar(zip));
    expect(erro).toBeInstanceOf(ArquivoHostilError);
    expect((erro as Error).message).toContain('tem 52428800 bytes descompactada (limite 5242880)');
  });

  it('refuses an entry under the size limit whose compression ratio is too high', async () => {
    const zip = await montarZip([{ nome: 'zeros.xml', dados: Buffer.alloc(1024 * 1024) }]);
    const erro = await rejeicao(gravar(zip));
    expect(erro).toBeInstanceOf(ArquivoHostilError);
    expect((erro as Error).message).toMatch(/taxa de compressão \d+:1 \(limite 200:1\)/);
  });

  it('refuses more entries than the limit', async () => {
    const zip = await montarZip(['a', 'b', 'c', 'd'].map((n) => ({ nome: `${n}.xml`, dados: xml })));
    const erro = await rejeicao(gravar(zip), { ...ZIP_LIMITES, entradas: 3 });
    expect(erro).toBeInstanceOf(ArquivoHostilError);
    expect((erro as Error).message).toContain('tem 4 arquivos (limite 3)');
    expect(await coletar(gravar(zip), { ...ZIP_LIMITES, entradas: 4 })).toHaveLength(4);
  });

  it('refuses a ZIP whose declared total is over the limit', async () => {
    const zip = await montarZip(['a', 'b'].map((n) => ({ nome: `${n}.xml`, dados: xml })));
    const erro = await rejeicao(gravar(zip), { ...ZIP_LIMITES, bytesTotal: xml.length + 1 });
    expect(erro).toBeInstanceOf(ArquivoHostilError);
    expect((erro as Error).message).toContain(`descompactado teria ${2 * xml.length} bytes`);
  });

  it('refuses an encrypted entry', async () => {
    const zip = await montarZip([{ nome: 'a.xml', dados: xml }]);
    const cifrado = alterarCentral(zip, 8, (b, o) => b.writeUInt16LE(b.readUInt16LE(o) | 0x1, o));
    const erro = await rejeicao(gravar(cifrado));
    expect(erro).toBeInstanceOf(ArquivoHostilError);
    expect((erro as Error).message).toContain('está criptografada');
    // Strong encryption (bit 0x40) is refused by yauzl while listing; still hostile, not corrupt.
    const forte = alterarCentral(zip, 8, (b, o) => b.writeUInt16LE(b.readUInt16LE(o) | 0x41, o));
    expect(await rejeicao(gravar(forte))).toBeInstanceOf(ArquivoHostilError);
  });

  it('refuses an entry that inflates past its declared size', async () => {
    const zip = await montarZip([{ nome: 'a.xml', dados: xml }]);
    const mentiroso = alterarCentral(zip, 24, (b, o) => b.writeUInt32LE(10, o));
    await expect(coletar(gravar(mentiroso))).rejects.toThrow(/descompacta além do tamanho declarado/);
  });

  it('throws ZipInvalidoError for bytes that are not a ZIP, or a truncated one', async () => {
    const lixo = await rejeicao(gravar(Buffer.from('PK\x03\x04 isto não é um zip de verdade', 'latin1')));
    expect(lixo).toBeInstanceOf(ZipInvalidoError);
    expect((lixo as Error).message).toBe('O arquivo ZIP está corrompido ou não pôde ser lido.');
    const zip = await montarZip([{ nome: 'a.xml', dados: xml }]);
    const truncado = await rejeicao(gravar(zip.subarray(0, zip.length - 30)));
    expect(truncado).toBeInstanceOf(ZipInvalidoError);
  });

  it('lets a missing path surface as the system error it is', async () => {
    await expect(coletar(join(pasta, 'nao-existe.zip'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('stops cleanly when the consumer stops early', async () => {
    const zip = await montarZip(['a', 'b', 'c'].map((n) => ({ nome: `${n}.xml`, dados: xml })));
    const caminho = gravar(zip);
    for await (const item of lerZip(caminho, 'notas.zip')) {
      expect(item.nome).toBe('a.xml');
      break;
    }
    expect(await coletar(caminho)).toHaveLength(3);
  });
});
