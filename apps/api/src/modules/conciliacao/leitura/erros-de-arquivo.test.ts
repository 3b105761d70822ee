import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gerarCnab240, gerarOfx } from '../amostras/gerar-arquivos.ts';
import { lerArquivoBancario } from './ler-arquivo.ts';

// Files refused cleanly, with the line: truncated, a line missing, a trailer that does not add up, the
// wrong kind of file; and what a generated file of every rail gives when it is right.

const bytes = (texto: string) => new TextEncoder().encode(texto);
const fixture = (nome: string) =>
  readFileSync(new URL(`../../../../test/fixtures/cnab/${nome}`, import.meta.url));
const titulo = (nossoNumero: string, valor: number) => ({
  nossoNumero,
  valorTituloCentavos: valor,
  valorPagoCentavos: valor,
  ocorrencia: '2026-11-20',
  credito: '2026-11-23',
});
const cnab = gerarCnab240({
  banco: '341',
  geradoEm: '2026-11-23',
  titulos: [titulo('1001', 10_000), titulo('1002', 25_050), titulo('1003', 7_990)],
});
const linhas = cnab.split('\r\n').slice(0, -1);
const refazer = (ls: string[]) => bytes(`${ls.join('\n')}\n`);
const erro = (arquivo: Uint8Array) => {
  try {
    lerArquivoBancario(arquivo);
  } catch (e) {
    return (e as Error).message;
  }
  return 'aceito';
};

describe('a CNAB 240 retorno', () => {
  it('generated right, reads back every title (LF or CRLF alike)', () => {
    const a = lerArquivoBancario(bytes(cnab));
    expect(a.lancamentos.map((l) => [l.nossoNumero, l.valorCentavos, l.dataCredito])).toEqual([
      ['1001', 10_000, '2026-11-23'],
      ['1002', 25_050, '2026-11-23'],
      ['1003', 7_990, '2026-11-23'],
    ]);
    expect(lerArquivoBancario(refazer(linhas))).toEqual(a);
  });

  it('a truncated line is refused with its number', () => {
    const ls = [...linhas];
    ls[4] = (ls[4] ?? '').slice(0, 200);
    expect(erro(refazer(ls))).toBe('Linha 5: tem 200 caracteres; um arquivo CNAB 240 tem 240 por linha.');
  });

  it('a missing pair of lines breaks the sequence; a cut file has no trailer', () => {
    expect(erro(refazer([...linhas.slice(0, 4), ...linhas.slice(6)]))).toBe(
      'Linha 5: o registro 00005 vem depois do 2: falta uma linha no lote.',
    );
    expect(erro(refazer(linhas.slice(0, -2)))).toMatch(/^Linha 8: o arquivo termina sem o trailer/);
  });

  it('a trailer whose record count does not add up is refused', () => {
    const ls = [...linhas];
    const trailer = ls.at(-1) ?? '';
    ls[ls.length - 1] = `${trailer.slice(0, 23)}000099${trailer.slice(29)}`;
    expect(erro(refazer(ls))).toBe(
      'Linha 10: o trailer do arquivo declara 99 registros, mas há 10: o arquivo está incompleto ou alterado.',
    );
  });

  it("a lot trailer whose total is not its titles' sum is refused; the right total is read", () => {
    const ls = [...linhas];
    const trailer = ls.at(-2) ?? '';
    expect(trailer.slice(23, 46)).toBe('00000300000000000043040');
    ls[ls.length - 2] = `${trailer.slice(0, 29)}00000000000043041${trailer.slice(46)}`;
    expect(erro(refazer(ls))).toBe(
      'Linha 9: o trailer do lote declara 3 títulos somando R$ 430,41, mas os títulos somam R$ 430,40: o arquivo está incompleto ou alterado.',
    );
    // Spread over two carteiras (simples and descontada) it still adds up.
    ls[ls.length - 2] =
      `${trailer.slice(0, 23)}00000200000000000035050${trailer.slice(46, 92)}00000100000000000007990${trailer.slice(115)}`;
    expect(erro(refazer(ls))).toBe('aceito');
  });

  it("a CNAB 400 trailer naming this file's titles must add up; portfolio figures are not checked", () => {
    const itau = fixture('cnab400-341-itau-retorno.ret').toString('latin1').split('\r\n');
    const n = itau.findIndex((l) => l.startsWith('9'));
    const trailer = itau[n] ?? '';
    const com = (quantidade: string, valor: string) => {
      const ls = [...itau];
      ls[n] = `${trailer.slice(0, 17)}${quantidade}${valor}${trailer.slice(39)}`;
      return erro(bytes(ls.join('\r\n')));
    };
    expect(com('00000004', '00000000189576')).toBe('aceito');
    expect(com('00000004', '00000000189577')).toBe(
      `Linha ${n + 1}: o trailer declara 4 títulos somando R$ 1.895,77, mas os títulos somam R$ 1.895,76: o arquivo está incompleto ou alterado.`,
    );
    // Another count: the bank's portfolio, as Bradesco and Santander write it.
    expect(com('00000009', '00000000000200')).toBe('aceito');
  });

  it('a remessa, a CNAB 400 of an unread bank, and a spreadsheet are refused', () => {
    const remessa = [...linhas];
    remessa[0] = `${(remessa[0] ?? '').slice(0, 142)}1${(remessa[0] ?? '').slice(143)}`;
    expect(erro(refazer(remessa))).toMatch(/^Linha 1: não é um arquivo de retorno/);
    const santos = `02RETORNO01COBRANCA${' '.repeat(57)}999${' '.repeat(315)}000001`;
    expect(erro(bytes(`${santos}\r\n`))).toMatch(/^Linha 1: o CNAB 400 do banco 999 não é lido/);
    expect(erro(bytes('nome;valor\nAna;10\n'))).toMatch(/^Linha 1: tem 10 caracteres/);
    expect(erro(bytes(''))).toBe('o arquivo está vazio.');
  });
});

describe('an OFX statement', () => {
  const ofx = gerarOfx({
    banco: '0341',
    conta: '1234-5',
    de: '2026-11-01',
    ate: '2026-11-23',
    transacoes: [
      { fitid: 'A1', data: '2026-11-20', valorCentavos: 15_000, memo: 'PIX RECEBIDO - 123.456.789-09 ANA' },
      { fitid: 'A2', data: '2026-11-21', valorCentavos: -990, memo: 'TARIFA' },
    ],
  });

  it('generated right, reads the credit and the debit with the line of each', () => {
    const a = lerArquivoBancario(bytes(ofx));
    expect(a).toMatchObject({ formato: 'ofx', banco: '341', conta: '1234-5' });
    expect(a.lancamentos.map((l) => [l.linha, l.tipo, l.valorCentavos, l.data])).toEqual([
      [16, 'credito', 15_000, '2026-11-20'],
      [17, 'debito', 990, '2026-11-21'],
    ]);
  });

  it('a truncated statement, or a transaction without FITID, is refused', () => {
    expect(erro(bytes(ofx.slice(0, ofx.indexOf('</BANKTRANLIST>'))))).toMatch(
      /^o OFX está malformado ou incompleto/,
    );
    expect(erro(bytes(ofx.replace('<FITID>A2', '')))).toBe(
      'Linha 17: a transação não tem FITID, o seu identificador no banco.',
    );
    expect(erro(bytes(ofx.replace('<TRNAMT>150.00', '<TRNAMT>cento e cinquenta')))).toBe(
      'Linha 16: o valor "cento e cinquenta" não é um valor.',
    );
  });

  it('reads OFX 2 (XML) too', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STMTRS><CURDEF>BRL</CURDEF>
<BANKACCTFROM><BANKID>237</BANKID><ACCTID>9876-0</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
<BANKTRANLIST><DTSTART>20261101</DTSTART><DTEND>20261130</DTEND>
<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20261125100000[-3:BRT]</DTPOSTED><TRNAMT>1234.56</TRNAMT><FITID>X9</FITID><MEMO>TED RECEBIDA</MEMO></STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    expect(lerArquivoBancario(bytes(xml)).lancamentos).toMatchObject([
      { linha: 6, tipo: 'credito', valorCentavos: 123_456, fitid: 'X9', chave: 'ofx:237:9876-0:X9' },
    ]);
  });
});
