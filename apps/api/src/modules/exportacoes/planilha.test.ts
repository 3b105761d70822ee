import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Aba, emLotes, escreverPlanilha, type TipoCelula } from './planilha.ts';

// The XLSX cells' formats (docs/decisions/057-exportacao-le-adiante.md): one style object per cell
// type, shared by every cell of that type, so each cell must still carry its own type's format.

type Linha = { tipo: TipoCelula; valor: string | number | null };

const FORMATOS: Record<TipoCelula, string | undefined> = {
  texto: undefined,
  inteiro: '0',
  decimal: '0.0',
  reais: '"R$" #,##0.00;-"R$" #,##0.00',
  data: 'dd/mm/yyyy',
  data_hora: 'dd/mm/yyyy hh:mm',
};

const gerarXlsx = async (abas: Aba<unknown>[]): Promise<ExcelJS.Workbook> => {
  const destino = new PassThrough();
  const partes: Buffer[] = [];
  destino.on('data', (parte: Buffer) => partes.push(parte));
  await escreverPlanilha(destino, 'xlsx', abas);
  const livro = new ExcelJS.Workbook();
  await livro.xlsx.load(Buffer.concat(partes) as unknown as ArrayBuffer);
  return livro;
};

describe('escreverPlanilha, XLSX', () => {
  it('gives every cell the format of its own type, also where a column changes type by row', async () => {
    const linhas: Linha[] = [
      { tipo: 'reais', valor: 1234.56 },
      { tipo: 'texto', valor: '=1+1' },
      { tipo: 'inteiro', valor: 7 },
      { tipo: 'data', valor: '2026-12-01' },
      { tipo: 'decimal', valor: 12.5 },
      { tipo: 'data_hora', valor: '2026-12-01T15:30:00Z' },
      { tipo: 'reais', valor: null },
      { tipo: 'texto', valor: 'fim' },
    ];
    const abas: Aba<Linha>[] = [
      {
        nome: 'Valores',
        colunas: [
          { titulo: 'Tipo', tipo: 'texto', valor: (l) => l.tipo },
          { titulo: 'Valor', tipo: (l) => l.tipo, valor: (l) => l.valor },
          { titulo: 'Reais', tipo: 'reais', valor: () => 10 },
        ],
        ...emLotes(
          linhas.map((_, i) => i),
          3,
          async (ids) => ids.map((i) => linhas[i] as Linha),
        ),
      },
    ];
    const planilha = (await gerarXlsx(abas as Aba<unknown>[])).getWorksheet('Valores');
    if (!planilha) throw new Error('sem a planilha Valores');
    expect(planilha.actualRowCount).toBe(linhas.length + 1);
    linhas.forEach((linha, i) => {
      const row = planilha.getRow(i + 2);
      expect(row.getCell(1).numFmt, `linha ${i + 2}, coluna Tipo`).toBeUndefined();
      expect(row.getCell(2).numFmt, `linha ${i + 2}, ${linha.tipo}`).toBe(FORMATOS[linha.tipo]);
      expect(row.getCell(3).numFmt, `linha ${i + 2}, coluna Reais`).toBe(FORMATOS.reais);
    });
    expect(planilha.getRow(2).getCell(2).value).toBe(1234.56);
    expect(planilha.getRow(3).getCell(2).value).toBe('=1+1');
    expect(planilha.getRow(5).getCell(2).value).toEqual(new Date('2026-12-01T00:00:00Z'));
    // 15:30 UTC is 12:30 on São Paulo's wall clock, the time the spreadsheet shows.
    expect(planilha.getRow(7).getCell(2).value).toEqual(new Date('2026-12-01T12:30:00Z'));
    expect(planilha.getRow(8).getCell(2).value).toBeNull();
    // The header keeps its own bold style, untouched by the shared ones.
    expect(planilha.getRow(1).getCell(2).font?.bold).toBe(true);
    expect(planilha.getRow(2).getCell(2).font?.bold).toBeFalsy();
  });
});
