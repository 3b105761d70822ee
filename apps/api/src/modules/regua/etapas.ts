import type { SistemaSettings } from '@cobranca/contracts';
import { diasEntre } from '@cobranca/dominio';
import { dataDaEtapa, type JanelaEnvio } from './calendario.ts';

// Which régua step each open receivable is due for today, and how one customer's receivables become
// one message (docs/produto.md §11). Pure: the planner feeds it rows and writes what it decides.

export type Etapa = SistemaSettings['regua'][number];

export type ContaAberta = {
  id: number;
  vencimento: string;
  saldoCentavos: number;
  /** Its boleto's, offered beside the PIX (docs/conciliacao.md §1). */
  linhaDigitavel?: string | null;
  /** Steps (by offset in days) already sent, failed or skipped for this receivable. */
  registradas: readonly number[];
};

export type DecisaoConta = { enviar: Etapa | null; pular: Etapa[] };

/** Steps sorted by offset; the same offset twice keeps the first. */
export const ordenarEtapas = (etapas: readonly Etapa[]): Etapa[] =>
  [...new Map([...etapas].reverse().map((e) => [e.dias, e])).values()].sort((a, b) => a.dias - b.dias);

/**
 * Of the steps whose date has come and that were never recorded, the most advanced one is sent and
 * the others are skipped: after downtime the customer gets one message, not a burst (catch-up). A
 * step behind one already recorded is only ever skipped. `etapas` must be sorted (`ordenarEtapas`).
 */
export const decidirEtapa = (
  conta: Pick<ContaAberta, 'vencimento' | 'registradas'>,
  etapas: readonly Etapa[],
  hoje: string,
  janela: JanelaEnvio,
): DecisaoConta => {
  const registradas = new Set(conta.registradas);
  const ultimaRegistrada = Math.max(-Infinity, ...conta.registradas);
  const vencidas = etapas.filter(
    (e) => !registradas.has(e.dias) && diasEntre(dataDaEtapa(conta.vencimento, e.dias, janela), hoje) >= 0,
  );
  const candidata = vencidas.at(-1);
  const enviar = candidata && candidata.dias > ultimaRegistrada ? candidata : null;
  return { enviar, pular: vencidas.filter((e) => e !== enviar) };
};

/**
 * When planning should look at a receivable again, given the steps recorded for it: the date of the
 * first step after the last one recorded ('infinity' when none is left). Steps behind it are only ever
 * skipped, so they need no visit. `etapas` must be sorted (`ordenarEtapas`).
 */
export const proximaVisita = (
  vencimento: string,
  registradas: readonly number[],
  etapas: readonly Etapa[],
  janela: JanelaEnvio,
): string => {
  const ultima = Math.max(-Infinity, ...registradas);
  const proxima = etapas.find((e) => e.dias > ultima);
  return proxima ? dataDaEtapa(vencimento, proxima.dias, janela) : 'infinity';
};

export type ContaNaMensagem = Pick<ContaAberta, 'id' | 'vencimento' | 'saldoCentavos' | 'linhaDigitavel'> & {
  etapa: Etapa;
};

export type PlanoCliente = {
  /** The most advanced step among the receivables: its template is the message's. */
  etapa: Etapa;
  contas: ContaNaMensagem[];
  totalCentavos: number;
};

export type Pulo = { contaId: number; etapa: Etapa };

/** One customer's decision: one message for every receivable due a step today, or only skips. */
export const planejarCliente = (
  contas: readonly ContaAberta[],
  etapas: readonly Etapa[],
  hoje: string,
  janela: JanelaEnvio,
): { plano: PlanoCliente | null; pulos: Pulo[] } => {
  const ordenadas = ordenarEtapas(etapas);
  const naMensagem: ContaNaMensagem[] = [];
  const pulos: Pulo[] = [];
  for (const conta of contas) {
    const { enviar, pular } = decidirEtapa(conta, ordenadas, hoje, janela);
    if (enviar)
      naMensagem.push({
        id: conta.id,
        vencimento: conta.vencimento,
        saldoCentavos: conta.saldoCentavos,
        ...(conta.linhaDigitavel && { linhaDigitavel: conta.linhaDigitavel }),
        etapa: enviar,
      });
    for (const etapa of pular) pulos.push({ contaId: conta.id, etapa });
  }
  const [primeira] = naMensagem;
  if (!primeira) return { plano: null, pulos };
  naMensagem.sort((a, b) => diasEntre(b.vencimento, a.vencimento) || a.id - b.id);
  const etapa = naMensagem.reduce((mais, c) => (c.etapa.dias > mais.dias ? c.etapa : mais), primeira.etapa);
  const totalCentavos = naMensagem.reduce((soma, c) => soma + c.saldoCentavos, 0);
  return { plano: { etapa, contas: naMensagem, totalCentavos }, pulos };
};
