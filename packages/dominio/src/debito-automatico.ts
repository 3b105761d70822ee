import { diasEntre, somarDias } from './datas.ts';

// PIX Automático's schedule and retry rules (docs/pix-automatico.md §3): when an instalment's recurring
// charge (cobr) may be created, and what to do after each attempt the payer's bank reports.

/** The arrangement's operating rule: a charge goes out from 10 to 2 calendar days before its due date. */
const ANTECEDENCIA_MAXIMA_DIAS = 10;
const ANTECEDENCIA_MINIMA_DIAS = 2;
/** `PERMITE_3R_7D`: up to three retries within seven days after the due date. */
const RETENTATIVAS_MAXIMAS = 3;
export const DIAS_DE_RETENTATIVA = 7;

export type PoliticaRetentativa = 'NAO_PERMITE' | 'PERMITE_3R_7D';
export type StatusTentativa = 'SOLICITADA' | 'AGENDADA' | 'PAGA' | 'CANCELADA' | 'REJEITADA' | 'EXPIRADA';
export type StatusCobrancaRecorrente =
  | 'CRIADA'
  | 'ATIVA'
  | 'CONCLUIDA'
  | 'EXPIRADA'
  | 'REJEITADA'
  | 'CANCELADA';

/** The due dates whose recurring charge may be created on `hoje`: from D+2 to D+10 (D-10…D-2 seen from the due date). */
export const vencimentosNaJanela = (hoje: string): { de: string; ate: string } => ({
  de: somarDias(hoje, ANTECEDENCIA_MINIMA_DIAS),
  ate: somarDias(hoje, ANTECEDENCIA_MAXIMA_DIAS),
});

export type CobrancaRecorrenteVista = {
  vencimento: string;
  politica: PoliticaRetentativa;
  status: StatusCobrancaRecorrente;
  /** In the order the PSP lists them; the first is the scheduled one, the others retries. */
  tentativas: readonly { status: StatusTentativa; data: string }[];
};

export type PassoDaCobranca =
  | { passo: 'paga' }
  | { passo: 'aguardar' }
  | { passo: 'retentar'; data: string }
  /** The automatic debit gave up on this instalment: an ordinary PIX charge and a notice. */
  | { passo: 'pix_avulso' };

const ABERTAS: ReadonlySet<StatusTentativa> = new Set(['SOLICITADA', 'AGENDADA']);

/**
 * What follows an instalment's recurring charge as the PSP last reported it, on `hoje`: nothing while
 * an attempt is open, a retry the day after the failed one (never before tomorrow, never on or before
 * the due date) while the policy allows one, else an ordinary PIX charge.
 */
export const proximoPasso = (c: CobrancaRecorrenteVista, hoje: string): PassoDaCobranca => {
  if (c.status === 'CONCLUIDA' || c.tentativas.some((t) => t.status === 'PAGA')) return { passo: 'paga' };
  if (c.status === 'CANCELADA' || c.status === 'REJEITADA' || c.status === 'EXPIRADA')
    return { passo: 'pix_avulso' };
  const ultima = c.tentativas.at(-1);
  if (!ultima || ABERTAS.has(ultima.status)) return { passo: 'aguardar' };
  const depoisDe = [c.vencimento, ultima.data].reduce((a, b) => (diasEntre(a, b) > 0 ? b : a));
  const data = [somarDias(depoisDe, 1), somarDias(hoje, 1)].reduce((a, b) => (diasEntre(a, b) > 0 ? b : a));
  const podeRetentar =
    c.politica === 'PERMITE_3R_7D' &&
    c.tentativas.length - 1 < RETENTATIVAS_MAXIMAS &&
    diasEntre(c.vencimento, data) <= DIAS_DE_RETENTATIVA;
  return podeRetentar ? { passo: 'retentar', data } : { passo: 'pix_avulso' };
};
