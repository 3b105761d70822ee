import type { ImportacaoErro, ImportacaoTipo } from '@cobranca/contracts';

const BOM = '\uFEFF';
const SEPARADOR = ';';
// Spreadsheets run a cell that starts with one of these as a formula (CSV injection).
const INICIO_DE_FORMULA = /^[=+\-@\t\r]/;

/** Where a problem was found: the line of a CSV, the file of an XML import (whichever the server gave). */
export const origemDoErro = (erro: ImportacaoErro, tipo: ImportacaoTipo): string =>
  String((tipo === 'xml' ? (erro.arquivo ?? erro.linha) : (erro.linha ?? erro.arquivo)) ?? '');

/** One CSV cell: neutralised against formulas, always quoted, inner quotes doubled. */
export const celulaCsv = (valor: string): string => {
  const seguro = INICIO_DE_FORMULA.test(valor) ? `'${valor}` : valor;
  return `"${seguro.replaceAll('"', '""')}"`;
};

/**
 * The problems of an import as a CSV Excel opens in pt-BR: UTF-8 with BOM, `;` between cells, CRLF
 * between rows, first column the line (CSV) or the file (XML).
 */
export const relatorioCsv = (tipo: ImportacaoTipo, erros: readonly ImportacaoErro[]): string => {
  const cabecalho = [tipo === 'xml' ? 'arquivo' : 'linha', 'campo', 'mensagem'];
  const linhas = erros.map((erro) => [origemDoErro(erro, tipo), erro.campo ?? '', erro.mensagem]);
  return BOM + [cabecalho, ...linhas].map((cells) => cells.map(celulaCsv).join(SEPARADOR)).join('\r\n');
};

/** `relatorio_importacao_12.csv`. */
export const nomeRelatorioCsv = (importacaoId: number) => `relatorio_importacao_${importacaoId}.csv`;
