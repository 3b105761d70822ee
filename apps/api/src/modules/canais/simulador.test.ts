import { describe, expect, it } from 'vitest';
import { criarSimulador, SIMULADOR_NUMERO_INVALIDO } from './simulador.ts';

const instante = new Date('2026-03-10T12:00:00Z');
const simulador = criarSimulador('whatsapp', () => instante);

describe('criarSimulador', () => {
  it('identifies itself as the simulador provider of its channel', () => {
    expect(simulador).toMatchObject({ canal: 'whatsapp', provedor: 'simulador' });
  });

  it('delivers a message to a valid number at once, with a channel id derived from the message id', async () => {
    const resultado = await simulador.enviar({
      telefone: '+5511999990001',
      conteudo: 'Olá 👋',
      mensagemId: 42,
    });
    expect(resultado).toEqual({
      ok: true,
      canalMensagemId: 'sim-42',
      status: 'entregue',
      enviadaEm: instante,
      entregueEm: instante,
    });
  });

  it('gives different messages different channel ids', async () => {
    const a = await simulador.enviar({ telefone: '+5511999990001', conteudo: 'a', mensagemId: 1 });
    const b = await simulador.enviar({ telefone: '+5511999990001', conteudo: 'a', mensagemId: 2 });
    expect(a.ok && b.ok && a.canalMensagemId !== b.canalMensagemId).toBe(true);
  });

  it.each(['11999990001', '+0119999', '', '+55 11 99999-0001'])(
    'fails on the invalid number %j',
    async (telefone) => {
      const resultado = await simulador.enviar({ telefone, conteudo: 'x', mensagemId: 3 });
      expect(resultado).toMatchObject({ ok: false, erroCodigo: SIMULADOR_NUMERO_INVALIDO });
    },
  );
});
