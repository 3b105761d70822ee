import type { Canal } from '@cobranca/contracts';
import { describe, expect, it } from 'vitest';
import { type ContatoDoCliente, estadoDosCanais, motivoIndisponivel, rotear } from './rota.ts';

const TODOS = new Set<Canal>(['whatsapp', 'email', 'sms']);
const contato = (mudancas: Partial<ContatoDoCliente> = {}): ContatoDoCliente => ({
  telefone: '+5511987654321',
  email: 'cliente@example.com',
  preferido: null,
  optOuts: new Map(),
  emailDevolvidoEm: null,
  ...mudancas,
});

describe('rotear', () => {
  it("keeps the step's order when the customer can receive on every channel", () => {
    expect(rotear(['whatsapp', 'email', 'sms'], contato(), TODOS)).toEqual(['whatsapp', 'email', 'sms']);
  });

  it('tries the preferred channel first, when the step uses it', () => {
    expect(rotear(['whatsapp', 'email', 'sms'], contato({ preferido: 'sms' }), TODOS)).toEqual([
      'sms',
      'whatsapp',
      'email',
    ]);
    // A step without SMS stays without SMS.
    expect(rotear(['whatsapp', 'email'], contato({ preferido: 'sms' }), TODOS)).toEqual([
      'whatsapp',
      'email',
    ]);
  });

  it('skips a channel without an address, opted out, bounced or not configured', () => {
    expect(rotear(['whatsapp', 'email', 'sms'], contato({ telefone: null }), TODOS)).toEqual(['email']);
    expect(rotear(['email', 'sms'], contato({ optOuts: new Map([['email', new Date()]]) }), TODOS)).toEqual([
      'sms',
    ]);
    expect(rotear(['email', 'whatsapp'], contato({ emailDevolvidoEm: new Date() }), TODOS)).toEqual([
      'whatsapp',
    ]);
    expect(rotear(['sms', 'email'], contato(), new Set<Canal>(['whatsapp', 'email']))).toEqual(['email']);
    expect(rotear(['email'], contato({ email: null }), TODOS)).toEqual([]);
  });
});

describe('motivoIndisponivel and estadoDosCanais', () => {
  it('say why in pt-BR, with the dates of an opt-out and a bounce', () => {
    const optOut = new Date('2026-03-12T10:00:00Z');
    const devolvido = new Date('2026-03-13T10:00:00Z');
    const c = contato({ optOuts: new Map([['sms', optOut]]), emailDevolvidoEm: devolvido });
    expect(motivoIndisponivel('whatsapp', c, TODOS)).toBeNull();
    expect(motivoIndisponivel('email', c, TODOS)).toMatch(/devolvido/);
    expect(motivoIndisponivel('sms', c, TODOS)).toMatch(/não receber/);
    expect(estadoDosCanais(c, TODOS)).toEqual([
      {
        canal: 'whatsapp',
        disponivel: true,
        endereco: '+5511987654321',
        opt_out_em: null,
        devolvido_em: null,
        motivo: null,
      },
      {
        canal: 'email',
        disponivel: false,
        endereco: 'cliente@example.com',
        opt_out_em: null,
        devolvido_em: devolvido.toISOString(),
        motivo: expect.stringMatching(/devolvido/),
      },
      {
        canal: 'sms',
        disponivel: false,
        endereco: '+5511987654321',
        opt_out_em: optOut.toISOString(),
        devolvido_em: null,
        motivo: expect.stringMatching(/não receber/),
      },
    ]);
  });
});
