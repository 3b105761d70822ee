import type { ClienteStatus } from '@cobranca/contracts';
import { erroDeCampo } from '../../lib/errors.ts';

// The customer lifecycle of docs/produto.md §3 as data: which events an operator (or a payment) may apply
// from which status, and why not otherwise. Pure, so every pair is unit-tested.

export type EventoCliente = 'assumir' | 'pausar' | 'reativar' | 'concluir';

const TRANSICOES: Record<EventoCliente, { de: readonly ClienteStatus[]; para: ClienteStatus }> = {
  assumir: { de: ['aguardando_atendimento'], para: 'em_atendimento' },
  pausar: { de: ['ativo', 'aguardando_atendimento', 'em_atendimento'], para: 'pausado' },
  reativar: { de: ['pausado', 'em_atendimento'], para: 'ativo' },
  concluir: { de: ['ativo', 'aguardando_atendimento', 'em_atendimento', 'pausado'], para: 'concluido' },
};

const ROTULO: Record<ClienteStatus, string> = {
  ativo: 'ativo',
  aguardando_atendimento: 'aguardando atendimento',
  em_atendimento: 'em atendimento',
  pausado: 'pausado',
  concluido: 'concluído',
};

const PARTICIPIO: Record<EventoCliente, string> = {
  assumir: 'assumido',
  pausar: 'pausado',
  reativar: 'reativado',
  concluir: 'concluído',
};

// Where the generic sentence would read oddly, say what the operator should know instead.
const MOTIVOS: Partial<Record<`${ClienteStatus}:${EventoCliente}`, string>> = {
  'ativo:assumir':
    'Só clientes aguardando atendimento podem ser assumidos; este cliente está ativo (a régua cuida dele).',
  'em_atendimento:assumir': 'O cliente já está em atendimento.',
  'pausado:assumir': 'Cliente pausado não pode ser assumido: reative-o primeiro.',
  'pausado:pausar': 'O cliente já está pausado.',
  'ativo:reativar': 'O cliente já está ativo.',
  'aguardando_atendimento:reativar':
    'Cliente aguardando atendimento não pode ser reativado: assuma-o ou pause-o.',
  'concluido:concluir': 'O cliente já está concluído.',
};

export const podeTransicionar = (status: ClienteStatus, evento: EventoCliente): boolean =>
  TRANSICOES[evento].de.includes(status);

/** Why `evento` is not allowed from `status` (pt-BR, shown to the operator). */
export const motivoTransicaoInvalida = (status: ClienteStatus, evento: EventoCliente): string =>
  MOTIVOS[`${status}:${evento}`] ?? `Cliente ${ROTULO[status]} não pode ser ${PARTICIPIO[evento]}.`;

/** The status `evento` leads to from `status`, or a 422 saying why the transition is illegal. */
export const transicaoOrThrow = (status: ClienteStatus, evento: EventoCliente): ClienteStatus => {
  if (!podeTransicionar(status, evento)) {
    const motivo = motivoTransicaoInvalida(status, evento);
    throw erroDeCampo('TRANSICAO_INVALIDA', 'status', motivo);
  }
  return TRANSICOES[evento].para;
};
