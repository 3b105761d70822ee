import { identificarDocumento } from '@cobranca/dominio';
import type { Lancamento } from './leitura/lancamento.ts';

// What a statement's memo may name (docs/conciliacao.md §5): a PIX's end-to-end id, one of our txids, a
// nosso número, the payer's CPF or CNPJ. Banks write them inside free text ("PIX RECEBIDO - 123.456.789-09
// MARIA"), so each is looked for as a token, and a CPF or CNPJ counts only with its check digits right.

/** E + the payer's PSP ISPB (8) + yyyyMMddHHmm (12) + 11 letters or digits: the BCB's format. */
const END_TO_END = /\bE\d{20}[A-Za-z0-9]{11}\b/g;
/** A txid is 26–35 letters and digits (API Pix); shorter runs are not ours. */
const TXID = /\b[A-Za-z0-9]{26,35}\b/g;
const CPF_CNPJ = /\b(\d{3}\.?\d{3}\.?\d{3}-?\d{2}|\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2})\b/g;
const NUMERO = /\b\d{5,20}\b/g;

export type Identificadores = {
  endToEndIds: string[];
  txids: string[];
  documentos: string[];
  /** Runs of 5–20 digits, without leading zeros: nosso número candidates. */
  numeros: string[];
};

const unicos = (xs: string[]) => [...new Set(xs)];

const NENHUM: Identificadores = { endToEndIds: [], txids: [], documentos: [], numeros: [] };

export const identificadoresDo = (historico: string | null): Identificadores => {
  const texto = historico ?? '';
  const endToEndIds = unicos(texto.match(END_TO_END) ?? []);
  return {
    endToEndIds,
    // An end-to-end id is also 32 letters and digits: not a txid candidate.
    txids: unicos(
      (texto.match(TXID) ?? []).filter((t) => !endToEndIds.includes(t) && /\d/.test(t) && /[A-Za-z]/.test(t)),
    ),
    documentos: unicos(
      (texto.match(CPF_CNPJ) ?? []).flatMap((d) => {
        const doc = identificarDocumento(d);
        return doc ? [doc.documento] : [];
      }),
    ),
    numeros: unicos((texto.match(NUMERO) ?? []).map((n) => n.replace(/^0+(?=.)/, ''))),
  };
};

/** What a file entry names: a statement credit's text is read; a retorno's line names its nosso número. */
export const identificadoresDoLancamento = (l: Pick<Lancamento, 'tipo' | 'historico'>): Identificadores =>
  l.tipo === 'credito' ? identificadoresDo(l.historico) : NENHUM;
