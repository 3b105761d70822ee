import { randomInt } from 'node:crypto';
import {
  type ContaParaEncargos,
  calcularEncargos,
  diasEntre,
  hojeNoFuso,
  instanteNoFuso,
  type PercentuaisEncargos,
  somarDias,
  vencimentoEfetivo,
} from '@cobranca/dominio';

// Which charge to create so the customer pays, on any day it is payable, exactly the updated amount we
// show for that day (docs/produto.md §21). Pure.
// - One receivable not yet overdue, with a CPF/CNPJ: `cobv` with its due date and our multa and juros,
//   which the PSP applies the same way (business-day due date, modalidades 2 and 3).
// - Anything else (several receivables, overdue, encargos pending from a partial payment, no CPF/CNPJ):
//   `cob` for the updated total, expiring when that total would change: at the start of the day the
//   earliest receivable starts owing encargos, or at tomorrow's start when one already does.

export type EscolhaCobranca =
  | { tipo: 'cobv'; valorCentavos: number; vencimento: string; expiracaoSegundos: null }
  | { tipo: 'cob'; valorCentavos: number; vencimento: null; expiracaoSegundos: number; expiraEm: Date };

export const escolherCobranca = (entrada: {
  contas: readonly ContaParaEncargos[];
  agora: Date;
  fuso: string;
  percentuais: PercentuaisEncargos;
  temDocumento: boolean;
  /** A `cob` even where a `cobv` would do (journey 3 of PIX Automático pays an immediate charge). */
  imediata?: boolean;
}): EscolhaCobranca => {
  const { contas, agora, fuso, percentuais } = entrada;
  const hoje = hojeNoFuso(agora, fuso);
  const [unica] = contas;
  if (!unica) throw new Error('cobrança sem contas');
  const devidos = contas.map((c) => calcularEncargos(c, hoje, percentuais));
  const emDia = contas.every((c, i) => c.pendentes === null && devidos[i]?.diasAtraso === 0);
  if (contas.length === 1 && emDia && entrada.temDocumento && !entrada.imediata)
    return {
      tipo: 'cobv',
      valorCentavos: unica.principalCentavos,
      vencimento: unica.vencimento,
      expiracaoSegundos: null,
    };
  // The first day the total changes: the day after the earliest business-day due date, or tomorrow.
  const mudaEm = emDia
    ? contas
        .map((c) => somarDias(vencimentoEfetivo(c.vencimento), 1))
        .reduce((a, b) => (diasEntre(a, b) < 0 ? b : a))
    : somarDias(hoje, 1);
  const expiraEm = instanteNoFuso(mudaEm, 0, fuso);
  return {
    tipo: 'cob',
    valorCentavos: devidos.reduce((soma, d) => soma + d.totalCentavos, 0),
    vencimento: null,
    expiracaoSegundos: Math.max(1, Math.floor((expiraEm.getTime() - agora.getTime()) / 1000)),
    expiraEm,
  };
};

const ALFABETO = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A txid of ours: 32 random letters and digits (API Pix allows 26–35), about 190 bits. */
export const gerarTxid = (): string =>
  Array.from({ length: 32 }, () => ALFABETO[randomInt(ALFABETO.length)]).join('');

/** The last instant a cobv is payable as we show it: the end of due date + validity days (never later than the PSP's). */
export const fimDaValidadeCobv = (vencimento: string, validadeDias: number, fuso: string): Date =>
  instanteNoFuso(somarDias(vencimento, validadeDias + 1), 0, fuso);
