import { describe, expect, it } from 'vitest';
import { celulaCsv, nomeRelatorioCsv, origemDoErro, relatorioCsv } from './relatorio-csv.ts';

const semBom = (csv: string) => csv.slice(1);

describe('relatorioCsv', () => {
  it('starts with the UTF-8 BOM and uses ; between cells and CRLF between rows', () => {
    const csv = relatorioCsv('csv', [{ linha: 3, campo: 'documento', mensagem: 'CPF inválido' }]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(semBom(csv)).toBe('"linha";"campo";"mensagem"\r\n"3";"documento";"CPF inválido"');
  });

  it('names the first column arquivo for an XML import and fills it with the file', () => {
    const csv = relatorioCsv('xml', [{ arquivo: 'nota-1.xml', mensagem: 'Não é uma NF-e 4.00' }]);
    expect(semBom(csv)).toBe('"arquivo";"campo";"mensagem"\r\n"nota-1.xml";"";"Não é uma NF-e 4.00"');
  });

  it('gives only the header when there are no problems', () => {
    expect(semBom(relatorioCsv('csv', []))).toBe('"linha";"campo";"mensagem"');
  });

  it('keeps separators, line breaks and doubles quotes inside a quoted cell', () => {
    const csv = relatorioCsv('csv', [
      { linha: 7, campo: 'nome', mensagem: 'Valor "1;2"\nnão reconhecido, veja' },
    ]);
    expect(semBom(csv).split('\r\n')[1]).toBe('"7";"nome";"Valor ""1;2""\nnão reconhecido, veja"');
  });

  it.each(['=HYPERLINK("http://x")', '+55 11', '-1+1', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'prefixes %j with a quote so spreadsheets never run it',
    (mensagem) => {
      const csv = relatorioCsv('xml', [{ arquivo: mensagem, campo: mensagem, mensagem }]);
      const esperado = celulaCsv(mensagem);
      expect(esperado.startsWith(`"'`)).toBe(true);
      expect(semBom(csv).split('\r\n')[1]).toBe([esperado, esperado, esperado].join(';'));
    },
  );

  it('leaves cells that only contain those characters later alone', () => {
    expect(celulaCsv('a=b')).toBe('"a=b"');
    expect(celulaCsv('R$ -10')).toBe('"R$ -10"');
    expect(celulaCsv('')).toBe('""');
  });

  it('escapes a formula that also has quotes', () => {
    expect(celulaCsv('=1+"2"')).toBe('"\'=1+""2"""');
  });
});

describe('origemDoErro', () => {
  it('is the line of a CSV problem and the file of an XML one, falling back to the other', () => {
    expect(origemDoErro({ linha: 4, arquivo: 'a.csv', mensagem: 'x' }, 'csv')).toBe('4');
    expect(origemDoErro({ linha: 4, arquivo: 'a.xml', mensagem: 'x' }, 'xml')).toBe('a.xml');
    expect(origemDoErro({ arquivo: 'b.xml', mensagem: 'x' }, 'csv')).toBe('b.xml');
    expect(origemDoErro({ mensagem: 'x' }, 'xml')).toBe('');
  });
});

it('names the report after the import', () => {
  expect(nomeRelatorioCsv(12)).toBe('relatorio_importacao_12.csv');
});
