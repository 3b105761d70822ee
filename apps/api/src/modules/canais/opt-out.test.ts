import { describe, expect, it } from 'vitest';
import { ehPedidoDeOptOut } from './opt-out.ts';

describe('ehPedidoDeOptOut', () => {
  it.each([
    'sair',
    'SAIR',
    ' Parar. ',
    'STOP!',
    'Stop',
    'párar',
    '\tsair\n',
    '"Sair"',
    'sair!!! 🙏',
    'PARAR…',
  ])('treats %j as an opt-out', (texto) => {
    expect(ehPedidoDeOptOut(texto)).toBe(true);
  });

  it.each([
    'não quero sair agora',
    'sair da lista por favor',
    'stop stop',
    'parei',
    'saír? não',
    's a i r',
    '',
    '   ',
    '!!!',
    'sairr',
  ])('does not treat %j as an opt-out', (texto) => {
    expect(ehPedidoDeOptOut(texto)).toBe(false);
  });
});
