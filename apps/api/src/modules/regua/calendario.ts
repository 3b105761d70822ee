import type { SistemaSettings } from '@cobranca/contracts';
import {
  diaDaSemana,
  ehFeriadoNacional,
  FUSO_PADRAO,
  hojeNoFuso,
  instanteNoFuso,
  minutosDoDia,
  somarDias,
} from '@cobranca/dominio';

// When automatic messages may go out (docs/produto.md §11): the configured hours of each weekday in
// the settings' time zone (fuso_horario), never on a national holiday unless the admin allows it. Pure.

export type JanelaEnvio = SistemaSettings['janela_envio'];
type Horario = { inicio: number; fim: number }; // minutes after midnight, end exclusive

const minutos = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Sending hours of a local date, or null when nothing may be sent that day. */
export const horarioDoDia = (data: string, janela: JanelaEnvio): Horario | null => {
  if (!janela.feriados_nacionais && ehFeriadoNacional(data)) return null;
  const semana = diaDaSemana(data);
  const faixa = semana === 0 ? janela.domingo : semana === 6 ? janela.sabado : janela.dias_uteis;
  return faixa ? { inicio: minutos(faixa.inicio), fim: minutos(faixa.fim) } : null;
};

export const ehDiaDeEnvio = (data: string, janela: JanelaEnvio): boolean =>
  horarioDoDia(data, janela) !== null;

/** The window's hours are wall-clock hours in `fuso` (the settings' fuso_horario). */
export const dentroDaJanela = (instante: Date, janela: JanelaEnvio, fuso: string = FUSO_PADRAO): boolean => {
  const horario = horarioDoDia(hojeNoFuso(instante, fuso), janela);
  if (!horario) return false;
  const agora = minutosDoDia(instante, fuso);
  return agora >= horario.inicio && agora < horario.fim;
};

// A year of closed days is impossible with a valid configuration (weekdays are always open).
const DIAS_BUSCA = 370;

/** The instant sending may happen: now when inside the window, else the next opening. */
export const proximaAbertura = (instante: Date, janela: JanelaEnvio, fuso: string = FUSO_PADRAO): Date => {
  if (dentroDaJanela(instante, janela, fuso)) return instante;
  const hoje = hojeNoFuso(instante, fuso);
  for (let i = 0; i < DIAS_BUSCA; i += 1) {
    const data = somarDias(hoje, i);
    const horario = horarioDoDia(data, janela);
    if (!horario) continue;
    const abertura = instanteNoFuso(data, horario.inicio, fuso);
    if (abertura > instante) return abertura;
  }
  throw new Error('janela de envio sem nenhum dia aberto');
};

const cacheEtapas = new WeakMap<JanelaEnvio, Map<string, string>>();

/**
 * The date a step fires (docs/produto.md §11): due date + offset; on a non-sending day a reminder (before the
 * due date) moves earlier, the due-day and overdue steps move to the next sending day.
 */
export const dataDaEtapa = (vencimento: string, dias: number, janela: JanelaEnvio): string => {
  // A planning pass asks about a few hundred (due date, step) pairs, each thousands of times.
  let cache = cacheEtapas.get(janela);
  if (!cache) {
    cache = new Map();
    cacheEtapas.set(janela, cache);
  }
  const chave = `${vencimento}${dias}`;
  let data = cache.get(chave);
  if (data === undefined) {
    data = somarDias(vencimento, dias);
    const passo = dias < 0 ? -1 : 1;
    for (let i = 0; i < DIAS_BUSCA && !ehDiaDeEnvio(data, janela); i += 1) data = somarDias(data, passo);
    cache.set(chave, data);
  }
  return data;
};
