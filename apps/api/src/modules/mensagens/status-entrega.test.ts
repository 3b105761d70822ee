import { describe, expect, it } from 'vitest';
import { type StatusCanal, statusAvanca } from './status-entrega.ts';

describe('statusAvanca', () => {
  it.each([
    ['pendente', 'enviada'],
    ['pendente', 'entregue'],
    ['pendente', 'lida'],
    ['enviada', 'entregue'],
    ['enviada', 'lida'],
    ['entregue', 'lida'],
    ['pendente', 'falhou'],
    ['enviada', 'falhou'],
  ] as const)('moves %s forward on %s', (atual, novo) => {
    expect(statusAvanca(atual, novo)).toBe(true);
  });

  it.each([
    ['enviada', 'enviada'],
    ['entregue', 'enviada'],
    ['entregue', 'entregue'],
    ['lida', 'entregue'],
    ['lida', 'lida'],
    ['entregue', 'falhou'],
    ['lida', 'falhou'],
  ] as const)('never moves %s back or sideways on %s', (atual, novo) => {
    expect(statusAvanca(atual, novo)).toBe(false);
  });

  it.each(['falhou', 'cancelada', 'recebida'] as const)('keeps a %s message as it is', (atual) => {
    for (const novo of ['enviada', 'entregue', 'lida', 'falhou'] satisfies StatusCanal[])
      expect(statusAvanca(atual, novo)).toBe(false);
  });
});
