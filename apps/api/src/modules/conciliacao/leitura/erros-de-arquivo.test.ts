import { describe, expect, it } from 'vitest';
import { gerarCnab240, gerarOfx } from '../amostras/gerar-arquivos.ts';
import { lerArquivoBancario } from './ler-arquivo.ts';

// Files refused cleanly, with the line: truncated, a line missing, a trailer that does not add up, the
// wrong kind of file; and what a generated file of every rail gives when it is right.

const bytes = (texto: string) => new TextEncoder().encode(texto);
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
