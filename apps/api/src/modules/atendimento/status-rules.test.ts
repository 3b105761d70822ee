import { CLIENTE_STATUSES, type ClienteStatus } from '@cobranca/contracts';
import { describe, expect, it } from 'vitest';
import { ErroDominio } from '../../lib/errors.ts';
import { type EventoCliente, podeTransicionar, transicaoOrThrow } from './status-rules.ts';

// docs/produto.md §3 lifecycle table, written out pair by pair: [from, event, to | null (illegal)].
const TABELA: [ClienteStatus, EventoCliente, ClienteStatus | null][] = [
  ['ativo', 'assumir', null],
  ['aguardando_atendimento', 'assumir', 'em_atendimento'],
  ['em_atendimento', 'assumir', null],
  ['pausado', 'assumir', null],
  ['concluido', 'assumir', null],
  ['ativo', 'pausar', 'pausado'],
  ['aguardando_atendimento', 'pausar', 'pausado'],
  ['em_atendimento', 'pausar', 'pausado'],
  ['pausado', 'pausar', null],
  ['concluido', 'pausar', null],
  ['ativo', 'reativar', null],
  ['aguardando_atendimento', 'reativar', null],
  ['em_atendimento', 'reativar', 'ativo'],
  ['pausado', 'reativar', 'ativo'],
  ['concluido', 'reativar', null],
  ['ativo', 'concluir', 'concluido'],
  ['aguardando_atendimento', 'concluir', 'concluido'],
  ['em_atendimento', 'concluir', 'concluido'],
  ['pausado', 'concluir', 'concluido'],
  ['concluido', 'concluir', null],
];

const capturar = (fn: () => unknown): ErroDominio => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ErroDominio) return error;
    throw error;
  }
  throw new Error('esperava um erro');
};

describe('transicaoOrThrow', () => {
  it('covers every (status, event) pair', () => {
    expect(TABELA).toHaveLength(CLIENTE_STATUSES.length * 4);
  });

  it.each(TABELA.filter(([, , para]) => para !== null))('%s --%s--> %s', (de, evento, para) => {
    expect(podeTransicionar(de, evento)).toBe(true);
    expect(transicaoOrThrow(de, evento)).toBe(para);
  });

  it.each(TABELA.filter(([, , para]) => para === null))(
    'refuses %s --%s with a 422 and a reason',
    (de, evento) => {
      expect(podeTransicionar(de, evento)).toBe(false);
      const erro = capturar(() => transicaoOrThrow(de, evento));
      expect(erro.statusCode).toBe(422);
      expect(erro.code).toBe('TRANSICAO_INVALIDA');
      expect(erro.message.length).toBeGreaterThan(10);
      expect(erro.errors?.status).toEqual([erro.message]);
    },
  );

  it('explains a concluded customer cannot be paused', () => {
    expect(capturar(() => transicaoOrThrow('concluido', 'pausar')).message).toBe(
      'Cliente concluído não pode ser pausado.',
    );
  });

  it('says an already paused customer is paused', () => {
    expect(capturar(() => transicaoOrThrow('pausado', 'pausar')).message).toBe('O cliente já está pausado.');
  });
});
