import { diasDoPeriodo, PERIODO_MAXIMO_DIAS } from '@cobranca/contracts';
import { somarDias } from '@cobranca/dominio';

// The period of the team lead's view (docs/produto.md §15): presets over São Paulo calendar days, or a
// custom range validated like the API does (so a bad range never reaches it).

export const PRESETS = ['este_mes', 'mes_passado', 'ultimos_30', 'ultimos_90', 'personalizado'] as const;
export type Preset = (typeof PRESETS)[number];

export const ROTULO_PRESET: Record<Preset, string> = {
  este_mes: 'Este mês',
  mes_passado: 'Mês passado',
  ultimos_30: 'Últimos 30 dias',
  ultimos_90: 'Últimos 90 dias',
  personalizado: 'Personalizado',
};

export type Periodo = { de: string; ate: string };

const primeiroDoMes = (dia: string) => `${dia.slice(0, 7)}-01`;
const ultimoDoMes = (dia: string) => {
  const [ano = 0, mes = 1] = dia.split('-').map(Number);
  return somarDias(new Date(Date.UTC(ano, mes, 1)).toISOString().slice(0, 10), -1);
};

/** The days of a preset as of `hoje`; whole months for the month presets (as the headline figures). */
export const periodoDoPreset = (preset: Exclude<Preset, 'personalizado'>, hoje: string): Periodo => {
  switch (preset) {
    case 'este_mes':
      return { de: primeiroDoMes(hoje), ate: ultimoDoMes(hoje) };
    case 'mes_passado': {
      const ultimo = somarDias(primeiroDoMes(hoje), -1);
      return { de: primeiroDoMes(ultimo), ate: ultimo };
    }
    case 'ultimos_30':
      return { de: somarDias(hoje, -29), ate: hoje };
    case 'ultimos_90':
      return { de: somarDias(hoje, -89), ate: hoje };
  }
};

/** Why a custom range cannot be queried, in the API's words; null when it can. */
export const erroDoPeriodo = ({ de, ate }: { de: string; ate: string }): string | null => {
  if (!de || !ate) return 'Informe a data inicial e a final do período.';
  if (de > ate) return 'A data inicial deve ser anterior ou igual à final.';
  if (diasDoPeriodo(de, ate) > PERIODO_MAXIMO_DIAS)
    return `O período pode ter no máximo ${PERIODO_MAXIMO_DIAS} dias.`;
  return null;
};

const dataCurta = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** `01/03/2026 a 31/03/2026`. */
export const descreverPeriodo = ({ de, ate }: Periodo): string => `${dataCurta(de)} a ${dataCurta(ate)}`;
