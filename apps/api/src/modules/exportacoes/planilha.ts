import type { PassThrough } from 'node:stream';
import type { FormatoExportacao } from '@cobranca/contracts';
import { FUSO_PADRAO, formatarDataBr, hojeNoFuso, minutosDoDia } from '@cobranca/dominio';
import ExcelJS from 'exceljs';
import { porLote } from './ritmo.ts';

// The two file formats of every export (docs/decisions/020-exportacao.md): one column list per export,
// written row by row as the batches arrive, as CSV for Excel pt-BR or as a streamed XLSX.

/**
 * How a column's value is written. `texto` is the only kind that can carry a formula, so it is the only
 * one neutralised (in CSV only); numbers (negative ones too) and dates stay numbers and dates.
 */
export type TipoCelula = 'texto' | 'inteiro' | 'decimal' | 'reais' | 'data' | 'data_hora';
/** A cell's value: text, a number (reais for `reais`), an ISO date (`data`) or instant (`data_hora`). */
export type ValorCelula = string | number | Date | null | undefined;

export type Coluna<T> = {
  titulo: string;
  /** A function when the kind depends on the row (the dashboard's figures: reais, counts, percentages). */
  tipo: TipoCelula | ((linha: T) => TipoCelula);
  valor: (linha: T) => ValorCelula;
  /** Column width in characters, for the XLSX. */
  largura?: number;
};

/** The rows of a table, counted before the first is read (the audit entry is written before the file). */
export type Linhas<T> = { linhas: number; lotes: AsyncIterable<T[]> };

/** One table of the file: a worksheet in XLSX, a section in CSV. */
export type Aba<T> = { nome: string; colunas: Coluna<T>[] } & Linhas<T>;

// OWASP "CSV injection": a spreadsheet evaluates a CSV field that starts with one of these as a
// formula. An XLSX text cell never is (it is stored as a string), so only CSV fields are neutralised.
const INICIO_DE_FORMULA = ['=', '+', '-', '@', '\t', '\r'];

/** CSV text that a spreadsheet would take for a formula gets a leading `'`, which makes it plain text. */
export const neutralizar = (texto: string): string =>
  INICIO_DE_FORMULA.some((c) => texto.startsWith(c)) ? `'${texto}` : texto;

const instante = (valor: string | Date): Date => (valor instanceof Date ? valor : new Date(valor));

/** "dd/mm/aaaa hh:mm" of an instant, in the configured zone. */
export const formatarDataHoraBr = (valor: string | Date, fuso: string = FUSO_PADRAO): string => {
  const momento = instante(valor);
  const minutos = minutosDoDia(momento, fuso);
  const hh = String(Math.floor(minutos / 60)).padStart(2, '0');
  const mm = String(minutos % 60).padStart(2, '0');
  return `${formatarDataBr(hojeNoFuso(momento, fuso))} ${hh}:${mm}`;
};

/**
 * An XLSX date has no zone: the serial number is the wall-clock time the reader sees. So an instant
 * becomes the Date whose UTC fields are its local time in the configured zone.
 */
const horaDeParede = (valor: string | Date, fuso: string): Date => {
  const momento = instante(valor);
  const meiaNoite = Date.parse(`${hojeNoFuso(momento, fuso)}T00:00:00Z`);
  return new Date(meiaNoite + minutosDoDia(momento, fuso) * 60_000 + momento.getUTCSeconds() * 1000);
};

const vazio = (v: ValorCelula): v is null | undefined | '' => v === null || v === undefined || v === '';

const tipoDa = <T>(coluna: Coluna<T>, linha: T): TipoCelula =>
  typeof coluna.tipo === 'function' ? coluna.tipo(linha) : coluna.tipo;

// ── CSV ─────────────────────────────────────────────────────────────────────────

/**
 * A CSV field, quoted when it holds a quote, a line break or a separator: `;` (Excel pt-BR) or `,`
 * (the same file opened where the comma separates, where `Fulano,=1+1` would be a formula cell).
 */
const campoCsv = (texto: string): string =>
  /[;,"\r\n]/.test(texto) ? `"${texto.replaceAll('"', '""')}"` : texto;

/** A number with a decimal comma and no thousands separator: what Excel pt-BR reads as a number. */
const numeroCsv = (n: number, casas?: number): string =>
  (casas === undefined ? String(n) : n.toFixed(casas)).replace('.', ',');

/** One cell as CSV text for Excel pt-BR (docs/decisions/020-exportacao.md). */
export const celulaCsv = (tipo: TipoCelula, valor: ValorCelula, fuso: string = FUSO_PADRAO): string => {
  if (vazio(valor)) return '';
  switch (tipo) {
    case 'texto':
      return campoCsv(neutralizar(String(valor)));
    case 'inteiro':
    case 'decimal':
      return numeroCsv(Number(valor));
    case 'reais':
      return numeroCsv(Number(valor), 2);
    case 'data':
      return formatarDataBr(String(valor));
    case 'data_hora':
      return formatarDataHoraBr(valor as string | Date, fuso);
  }
};

export const linhaCsv = (campos: string[]): string => `${campos.join(';')}\r\n`;

// ── XLSX ────────────────────────────────────────────────────────────────────────

// One style object per cell type, shared by every cell of that type and never changed: ExcelJS knows a
// style object it has seen by its identity, and writes each new one out as XML to look it up (with a
// fresh style per cell, a fifth of the XLSX export's time; docs/decisions/057-exportacao-le-adiante.md).
const ESTILO_XLSX: Record<TipoCelula, Readonly<Partial<ExcelJS.Style>>> = {
  texto: {},
  inteiro: { numFmt: '0' },
  decimal: { numFmt: '0.0' },
  // Stored in the file's neutral notation; Excel pt-BR shows "R$ 1.234,56" and "-R$ 12,50".
  reais: { numFmt: '"R$" #,##0.00;-"R$" #,##0.00' },
  data: { numFmt: 'dd/mm/yyyy' },
  data_hora: { numFmt: 'dd/mm/yyyy hh:mm' },
};

const celulaXlsx = (tipo: TipoCelula, valor: ValorCelula, fuso: string): ExcelJS.CellValue => {
  if (vazio(valor)) return null;
  switch (tipo) {
    case 'texto':
      return String(valor);
    case 'inteiro':
    case 'decimal':
    case 'reais':
      return Number(valor);
    case 'data':
      return new Date(`${String(valor)}T00:00:00Z`);
    case 'data_hora':
      return horaDeParede(valor as string | Date, fuso);
  }
};

/** Waits until `destino` takes more, or is gone (the client left): then the export stops. */
const esperarEscoar = async (destino: PassThrough): Promise<void> => {
  if (destino.writableNeedDrain && !destino.destroyed)
    await new Promise<void>((resolve) => {
      destino.once('drain', resolve);
      destino.once('close', resolve);
    });
  if (destino.destroyed) throw new Error('exportação interrompida: a conexão foi fechada');
};

export type OpcoesEscrita = {
  fuso?: string;
  /** Runs after each batch is out (the export renews its turn, vez.ts). */
  aCadaLote?: () => Promise<void>;
  /**
   * Runs once every row is written, before the file is closed: the export frees its turn there, so a
   * client that has the whole file may start the next export at once.
   */
  antesDeFechar?: () => Promise<void>;
};

const escreverCsv = async (
  destino: PassThrough,
  abas: Aba<unknown>[],
  fuso: string,
  aCadaLote: () => Promise<void>,
) => {
  // UTF-8 with BOM: Excel would read the file as Windows-1252 without it.
  destino.write('\uFEFF');
  for (const [i, aba] of abas.entries()) {
    // Several tables (the dashboard): each is a section, its name alone on a line, then a blank line.
    if (abas.length > 1)
      destino.write(`${i > 0 ? '\r\n' : ''}${linhaCsv([campoCsv(neutralizar(aba.nome))])}`);
    destino.write(linhaCsv(aba.colunas.map((c) => campoCsv(neutralizar(c.titulo)))));
    await porLote(
      aba.lotes,
      (fatia) =>
        destino.write(
          fatia
            .map((linha) =>
              linhaCsv(aba.colunas.map((c) => celulaCsv(tipoDa(c, linha), c.valor(linha), fuso))),
            )
            .join(''),
        ),
      async () => {
        await esperarEscoar(destino);
        await aCadaLote();
      },
    );
  }
};

const escreverXlsx = async (
  destino: PassThrough,
  abas: Aba<unknown>[],
  fuso: string,
  aCadaLote: () => Promise<void>,
) => {
  // Inline strings (no shared-strings table): the table would have to be held until the end.
  const livro = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: destino,
    useStyles: true,
    useSharedStrings: false,
  });
  for (const aba of abas) {
    // Sheet names: at most 31 characters, none of []:*?/\ (Excel's rule).
    const planilha = livro.addWorksheet(aba.nome.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31));
    planilha.columns = aba.colunas.map((c) => ({ width: c.largura ?? 18 }));
    const cabecalho = planilha.addRow(aba.colunas.map((c) => c.titulo));
    cabecalho.font = { bold: true };
    cabecalho.commit();
    await porLote(
      aba.lotes,
      (fatia) => {
        for (const linha of fatia) {
          const row = planilha.addRow(
            aba.colunas.map((c) => celulaXlsx(tipoDa(c, linha), c.valor(linha), fuso)),
          );
          aba.colunas.forEach((c, j) => {
            row.getCell(j + 1).style = ESTILO_XLSX[tipoDa(c, linha)] as Partial<ExcelJS.Style>;
          });
          row.commit();
        }
      },
      async () => {
        await esperarEscoar(destino);
        await aCadaLote();
      },
    );
    planilha.commit();
  }
  return livro;
};

/**
 * Writes the tables into `destino` as they come and closes it. A failure half-way destroys `destino`,
 * so the client sees a broken download, never a short file.
 */
export const escreverPlanilha = async (
  destino: PassThrough,
  formato: FormatoExportacao,
  abas: Aba<unknown>[],
  { fuso = FUSO_PADRAO, aCadaLote = async () => {}, antesDeFechar = async () => {} }: OpcoesEscrita = {},
): Promise<void> => {
  try {
    if (formato === 'csv') {
      await escreverCsv(destino, abas, fuso, aCadaLote);
      await antesDeFechar();
      destino.end();
      return;
    }
    const livro = await escreverXlsx(destino, abas, fuso, aCadaLote);
    await antesDeFechar();
    // Finishes the zip and ends `destino`.
    await livro.commit();
  } catch (erro) {
    destino.destroy(erro as Error);
    throw erro;
  }
};

async function* lotesDe<T>(ids: number[], tamanho: number, hidratar: (ids: number[]) => Promise<T[]>) {
  for (let i = 0; i < ids.length; i += tamanho) yield await hidratar(ids.slice(i, i + tamanho));
}

/** One batch after the other: the rows of `ids` (an id list in the export's order), `tamanho` at a time. */
export const emLotes = <T>(
  ids: number[],
  tamanho: number,
  hidratar: (ids: number[]) => Promise<T[]>,
): Linhas<T> => ({ linhas: ids.length, lotes: lotesDe(ids, tamanho, hidratar) });

/** A few rows already read (the dashboard's tables): one batch. */
export const numLote = <T>(linhas: T[]): Linhas<T> => ({
  linhas: linhas.length,
  lotes: (async function* () {
    yield linhas;
  })(),
});
